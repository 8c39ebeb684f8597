import type { Language } from '../contracts/languages.ts';
import { DOCUMENT_TYPES } from './documents.ts';
import type { FaqEntry, KnowledgeDocument, Translations } from './types.ts';

/**
 * The starter knowledge base of the FAQ assistant: curated questions and answers (`faq_entries`)
 * and longer documents (`knowledge_documents`) it retrieves from, in every language. The facts
 * are the specification's: refund within 48 h of a complete file and funds 2 to 5 days later,
 * complaints acknowledged within 10 working days and answered within 2 months, uploads in PDF, PNG or
 * JPEG up to 30 Mo, support Monday to Friday 9h–13h and 14h–18h (17h on Friday), cancellation
 * final with a copy to the establishment. Links are relative so they keep the visitor's prefix.
 */

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    key: 'declarer-sinistre',
    sources: ['guide-declaration'],
    texts: {
      fr: {
        question: 'Comment déclarer un sinistre ?',
        answer:
          '<p>Cliquez sur « Déclarer un sinistre », saisissez votre numéro d’assuré (il commence par SO-), puis laissez-vous guider : objet de la demande, motif, date et circonstances, vos coordonnées et votre réservation. Vérifiez le récapitulatif, cochez la certification et validez. Vous recevez aussitôt un numéro de dossier (SI-…) par e-mail.</p>',
      },
      en: {
        question: 'How do I make a claim?',
        answer:
          '<p>Click “Make a claim”, enter your insured number (it starts with SO-) and follow the steps: what the request is about, the reason, the date and circumstances, your contact details and your booking. Check the summary, tick the certification and submit. You immediately receive a claim number (SI-…) by email.</p>',
      },
      de: {
        question: 'Wie melde ich einen Schaden?',
        answer:
          '<p>Klicken Sie auf „Schaden melden“, geben Sie Ihre Versichertennummer ein (sie beginnt mit SO-) und folgen Sie den Schritten: Gegenstand der Anfrage, Grund, Datum und Umstände, Ihre Kontaktdaten und Ihre Buchung. Prüfen Sie die Zusammenfassung, bestätigen Sie die Richtigkeit und senden Sie ab. Sie erhalten sofort eine Schadennummer (SI-…) per E-Mail.</p>',
      },
      es: {
        question: '¿Cómo declaro un siniestro?',
        answer:
          '<p>Haga clic en «Declarar un siniestro», introduzca su número de asegurado (empieza por SO-) y siga los pasos: objeto de la solicitud, motivo, fecha y circunstancias, sus datos de contacto y su reserva. Revise el resumen, marque la certificación y valide. Recibirá al instante un número de expediente (SI-…) por correo electrónico.</p>',
      },
      it: {
        question: 'Come si denuncia un sinistro?',
        answer:
          '<p>Cliccate su «Denuncia un sinistro», inserite il numero di assicurato (inizia con SO-) e seguite i passaggi: oggetto della richiesta, motivo, data e circostanze, i vostri recapiti e la prenotazione. Controllate il riepilogo, spuntate la dichiarazione e confermate. Riceverete subito un numero di pratica (SI-…) via e-mail.</p>',
      },
      nl: {
        question: 'Hoe meld ik een schadegeval?',
        answer:
          '<p>Klik op ‘Schade melden’, vul uw verzekerdennummer in (het begint met SO-) en volg de stappen: onderwerp van de aanvraag, reden, datum en omstandigheden, uw contactgegevens en uw reservering. Controleer het overzicht, vink de verklaring aan en bevestig. U ontvangt meteen een dossiernummer (SI-…) per e-mail.</p>',
      },
      pl: {
        question: 'Jak zgłosić szkodę?',
        answer:
          '<p>Kliknij „Zgłoś szkodę”, wpisz numer ubezpieczonego (zaczyna się od SO-) i postępuj zgodnie z kolejnymi krokami: przedmiot wniosku, przyczyna, data i okoliczności, dane kontaktowe oraz rezerwacja. Sprawdź podsumowanie, zaznacz oświadczenie i zatwierdź. Numer sprawy (SI-…) otrzymasz od razu e-mailem.</p>',
      },
      da: {
        question: 'Hvordan anmelder jeg en skade?',
        answer:
          '<p>Klik på »Anmeld en skade«, indtast dit forsikringsnummer (det begynder med SO-), og følg trinene: hvad henvendelsen gælder, årsagen, dato og omstændigheder, dine kontaktoplysninger og din booking. Kontrollér oversigten, sæt flueben ved erklæringen, og bekræft. Du får straks et sagsnummer (SI-…) pr. e-mail.</p>',
      },
      pt: {
        question: 'Como participo um sinistro?',
        answer:
          '<p>Clique em «Participar um sinistro», introduza o seu número de segurado (começa por SO-) e siga os passos: objeto do pedido, motivo, data e circunstâncias, os seus contactos e a sua reserva. Verifique o resumo, assinale a declaração e valide. Recebe de imediato um número de processo (SI-…) por e-mail.</p>',
      },
    },
  },
  {
    key: 'numero-assure',
    sources: ['guide-declaration'],
    texts: {
      fr: {
        question: 'Où trouver mon numéro d’assuré ?',
        answer:
          '<p>Votre numéro d’assuré commence par SO- : il figure sur la confirmation de réservation ou sur l’e-mail reçu lors de la souscription de l’assurance. Ne le confondez pas avec le numéro de dossier, qui commence par SI- et n’existe qu’après une déclaration.</p>',
      },
      en: {
        question: 'Where can I find my insured number?',
        answer:
          '<p>Your insured number starts with SO-: it appears on your booking confirmation or in the email you received when you took out the insurance. Do not confuse it with the claim number, which starts with SI- and only exists once you have made a claim.</p>',
      },
      de: {
        question: 'Wo finde ich meine Versichertennummer?',
        answer:
          '<p>Ihre Versichertennummer beginnt mit SO-: Sie steht auf Ihrer Buchungsbestätigung oder in der E-Mail, die Sie beim Abschluss der Versicherung erhalten haben. Verwechseln Sie sie nicht mit der Schadennummer, die mit SI- beginnt und erst nach einer Meldung vergeben wird.</p>',
      },
      es: {
        question: '¿Dónde encuentro mi número de asegurado?',
        answer:
          '<p>Su número de asegurado empieza por SO-: figura en la confirmación de reserva o en el correo electrónico que recibió al contratar el seguro. No lo confunda con el número de expediente, que empieza por SI- y solo existe después de una declaración.</p>',
      },
      it: {
        question: 'Dove trovo il mio numero di assicurato?',
        answer:
          '<p>Il numero di assicurato inizia con SO-: è riportato sulla conferma di prenotazione o nell’e-mail ricevuta alla sottoscrizione dell’assicurazione. Non confondetelo con il numero di pratica, che inizia con SI- ed esiste solo dopo una denuncia.</p>',
      },
      nl: {
        question: 'Waar vind ik mijn verzekerdennummer?',
        answer:
          '<p>Uw verzekerdennummer begint met SO-: het staat op uw reserveringsbevestiging of in de e-mail die u bij het afsluiten van de verzekering kreeg. Verwar het niet met het dossiernummer, dat met SI- begint en pas na een melding bestaat.</p>',
      },
      pl: {
        question: 'Gdzie znajdę numer ubezpieczonego?',
        answer:
          '<p>Numer ubezpieczonego zaczyna się od SO-: znajduje się w potwierdzeniu rezerwacji lub w e-mailu otrzymanym przy zakupie ubezpieczenia. Nie należy go mylić z numerem sprawy, który zaczyna się od SI- i powstaje dopiero po zgłoszeniu szkody.</p>',
      },
      da: {
        question: 'Hvor finder jeg mit forsikringsnummer?',
        answer:
          '<p>Dit forsikringsnummer begynder med SO-: Det står på din bookingbekræftelse eller i den e-mail, du modtog, da du tegnede forsikringen. Forveksl det ikke med sagsnummeret, som begynder med SI- og først findes, når du har anmeldt en skade.</p>',
      },
      pt: {
        question: 'Onde encontro o meu número de segurado?',
        answer:
          '<p>O seu número de segurado começa por SO-: consta da confirmação de reserva ou do e-mail recebido quando subscreveu o seguro. Não o confunda com o número de processo, que começa por SI- e só existe depois de uma participação.</p>',
      },
    },
  },
  {
    key: 'numero-oublie',
    sources: ['contacter-support'],
    texts: {
      fr: {
        question: 'J’ai oublié mon numéro d’assuré, que faire ?',
        answer:
          '<p>Utilisez le lien « Numéro d’assuré oublié ? » de la page de déclaration. Indiquez l’adresse e-mail utilisée lors de la réservation ainsi que les dates de début et de fin de séjour : si elles correspondent à un contrat, votre numéro vous est envoyé par e-mail.</p>',
      },
      en: {
        question: 'I have forgotten my insured number. What can I do?',
        answer:
          '<p>Use the “Forgotten your insured number?” link on the claim page. Enter the email address you used for the booking and the start and end dates of your stay: if they match a contract, your number is sent to you by email.</p>',
      },
      de: {
        question: 'Ich habe meine Versichertennummer vergessen. Was nun?',
        answer:
          '<p>Nutzen Sie den Link „Versichertennummer vergessen?“ auf der Seite der Schadensmeldung. Geben Sie die bei der Buchung verwendete E-Mail-Adresse sowie Beginn und Ende Ihres Aufenthalts an: Passen die Angaben zu einem Vertrag, erhalten Sie Ihre Nummer per E-Mail.</p>',
      },
      es: {
        question: 'He olvidado mi número de asegurado, ¿qué hago?',
        answer:
          '<p>Utilice el enlace «¿Ha olvidado su número de asegurado?» de la página de declaración. Indique el correo electrónico utilizado en la reserva y las fechas de inicio y fin de la estancia: si coinciden con un contrato, le enviaremos su número por correo electrónico.</p>',
      },
      it: {
        question: 'Ho dimenticato il numero di assicurato, cosa faccio?',
        answer:
          '<p>Usate il link «Numero di assicurato dimenticato?» nella pagina di denuncia. Indicate l’indirizzo e-mail usato per la prenotazione e le date di inizio e fine del soggiorno: se corrispondono a un contratto, vi inviamo il numero via e-mail.</p>',
      },
      nl: {
        question: 'Ik ben mijn verzekerdennummer vergeten. Wat nu?',
        answer:
          '<p>Gebruik de link ‘Verzekerdennummer vergeten?’ op de meldingspagina. Vul het e-mailadres in dat u bij de reservering gebruikte en de begin- en einddatum van uw verblijf: komen die overeen met een contract, dan ontvangt u uw nummer per e-mail.</p>',
      },
      pl: {
        question: 'Zapomniałem numeru ubezpieczonego. Co robić?',
        answer:
          '<p>Skorzystaj z linku „Nie pamiętasz numeru ubezpieczonego?” na stronie zgłoszenia. Podaj adres e-mail użyty przy rezerwacji oraz daty rozpoczęcia i zakończenia pobytu: jeśli odpowiadają one umowie, numer zostanie wysłany e-mailem.</p>',
      },
      da: {
        question: 'Jeg har glemt mit forsikringsnummer. Hvad gør jeg?',
        answer:
          '<p>Brug linket »Glemt dit forsikringsnummer?« på anmeldelsessiden. Angiv den e-mailadresse, du brugte ved bookingen, samt start- og slutdatoen for dit ophold: Passer de til en aftale, sender vi dit nummer pr. e-mail.</p>',
      },
      pt: {
        question: 'Esqueci-me do número de segurado. O que faço?',
        answer:
          '<p>Utilize a ligação «Esqueceu-se do número de segurado?» na página de participação. Indique o e-mail utilizado na reserva e as datas de início e de fim da estadia: se corresponderem a um contrato, enviamos-lhe o número por e-mail.</p>',
      },
    },
  },
  {
    key: 'numero-so-si',
    sources: ['guide-declaration'],
    texts: {
      fr: {
        question: 'Quelle différence entre un numéro SO- et un numéro SI- ?',
        answer:
          '<p>Le numéro SO- est votre numéro d’assuré : il sert à déclarer un sinistre. Le numéro SI-, suivi de sept chiffres, est votre numéro de dossier : il est créé lors de la déclaration et sert, avec votre nom, à suivre le dossier sur « Suivre mon dossier », où vous pouvez aussi demander le lien de suivi qui permet d’envoyer vos justificatifs.</p>',
      },
      en: {
        question: 'What is the difference between an SO- number and an SI- number?',
        answer:
          '<p>The SO- number is your insured number: you use it to make a claim. The SI- number, followed by seven digits, is your claim number: it is created when you declare and, together with your last name, lets you follow the claim on “Follow my claim”. Your documents are sent from the follow-up link received by email.</p>',
      },
      de: {
        question: 'Was ist der Unterschied zwischen einer SO- und einer SI-Nummer?',
        answer:
          '<p>Die SO-Nummer ist Ihre Versichertennummer: Mit ihr melden Sie einen Schaden. Die SI-Nummer mit sieben Ziffern ist Ihre Schadennummer: Sie entsteht bei der Meldung und dient zusammen mit Ihrem Nachnamen dazu, den Fall unter „Meinen Fall verfolgen“ zu verfolgen. Ihre Nachweise senden Sie über den Link, den Sie per E-Mail erhalten haben.</p>',
      },
      es: {
        question: '¿Qué diferencia hay entre un número SO- y un número SI-?',
        answer:
          '<p>El número SO- es su número de asegurado: sirve para declarar un siniestro. El número SI-, seguido de siete cifras, es su número de expediente: se crea al declarar y, junto con su apellido, sirve para seguir el expediente en «Seguir mi expediente». Los justificantes se envían desde el enlace de seguimiento recibido por correo electrónico.</p>',
      },
      it: {
        question: 'Che differenza c’è tra un numero SO- e un numero SI-?',
        answer:
          '<p>Il numero SO- è il vostro numero di assicurato: serve a denunciare un sinistro. Il numero SI-, seguito da sette cifre, è il numero di pratica: viene creato con la denuncia e, insieme al cognome, serve a seguire la pratica da «Segui la mia pratica». I documenti si inviano dal link di monitoraggio ricevuto via e-mail.</p>',
      },
      nl: {
        question: 'Wat is het verschil tussen een SO- en een SI-nummer?',
        answer:
          '<p>Het SO-nummer is uw verzekerdennummer: daarmee meldt u schade. Het SI-nummer, gevolgd door zeven cijfers, is uw dossiernummer: het ontstaat bij de melding en dient samen met uw achternaam om het dossier te volgen via ‘Mijn dossier volgen’. Uw bewijsstukken stuurt u via de volglink die u per e-mail kreeg.</p>',
      },
      pl: {
        question: 'Czym różni się numer SO- od numeru SI-?',
        answer:
          '<p>Numer SO- to numer ubezpieczonego: służy do zgłoszenia szkody. Numer SI- z siedmioma cyframi to numer sprawy: powstaje przy zgłoszeniu i razem z nazwiskiem pozwala śledzić sprawę w sekcji „Śledź moje zgłoszenie”. Dokumenty przesyłasz przez link do śledzenia otrzymany e-mailem.</p>',
      },
      da: {
        question: 'Hvad er forskellen på et SO-nummer og et SI-nummer?',
        answer:
          '<p>SO-nummeret er dit forsikringsnummer: Det bruger du til at anmelde en skade. SI-nummeret med syv cifre er dit sagsnummer: Det oprettes ved anmeldelsen og bruges sammen med dit efternavn til at følge sagen under »Følg min sag«. Din dokumentation sender du via det opfølgningslink, du har fået pr. e-mail.</p>',
      },
      pt: {
        question: 'Qual é a diferença entre um número SO- e um número SI-?',
        answer:
          '<p>O número SO- é o seu número de segurado: serve para participar um sinistro. O número SI-, seguido de sete algarismos, é o seu número de processo: é criado na participação e serve, com o seu apelido, para acompanhar o processo em «Acompanhar o meu processo». Os documentos enviam-se a partir da ligação de acompanhamento recebida por e-mail.</p>',
      },
    },
  },
  {
    key: 'justificatifs-liste',
    sources: ['justificatifs'],
    texts: {
      fr: {
        question: 'Quels justificatifs dois-je fournir ?',
        answer:
          '<p>La liste dépend du motif déclaré ; elle s’affiche sur la page de confirmation et dans le suivi de votre dossier. Il s’agit le plus souvent de la confirmation de réservation, de la facture d’annulation de l’établissement, d’un document prouvant l’événement (certificat médical, attestation de l’employeur, dépôt de plainte…) et d’un RIB.</p>',
      },
      en: {
        question: 'Which supporting documents must I provide?',
        answer:
          '<p>The list depends on the reason you declared; it is shown on the confirmation page and when you follow your claim. Most often you need the booking confirmation, the establishment’s cancellation invoice, a document proving the event (medical certificate, employer letter, police report…) and your bank details.</p>',
      },
      de: {
        question: 'Welche Nachweise muss ich einreichen?',
        answer:
          '<p>Die Liste hängt vom gemeldeten Grund ab; sie erscheint auf der Bestätigungsseite und in der Verfolgung Ihres Falls. Meist sind es die Buchungsbestätigung, die Stornorechnung der Unterkunft, ein Nachweis des Ereignisses (ärztliches Attest, Arbeitgeberbescheinigung, Strafanzeige…) und Ihre Bankverbindung.</p>',
      },
      es: {
        question: '¿Qué justificantes debo aportar?',
        answer:
          '<p>La lista depende del motivo declarado; aparece en la página de confirmación y en el seguimiento del expediente. Suelen ser la confirmación de reserva, la factura de anulación del establecimiento, un documento que pruebe el hecho (certificado médico, certificado de empresa, denuncia…) y sus datos bancarios.</p>',
      },
      it: {
        question: 'Quali documenti devo fornire?',
        answer:
          '<p>L’elenco dipende dal motivo dichiarato; compare nella pagina di conferma e nel monitoraggio della pratica. Di solito servono la conferma di prenotazione, la fattura di annullamento della struttura, un documento che provi l’evento (certificato medico, dichiarazione del datore di lavoro, denuncia…) e le coordinate bancarie.</p>',
      },
      nl: {
        question: 'Welke bewijsstukken moet ik aanleveren?',
        answer:
          '<p>De lijst hangt af van de gemelde reden; u ziet hem op de bevestigingspagina en bij het volgen van uw dossier. Meestal gaat het om de reserveringsbevestiging, de annuleringsfactuur van de accommodatie, een bewijs van de gebeurtenis (medisch attest, werkgeversverklaring, aangifte…) en uw bankgegevens.</p>',
      },
      pl: {
        question: 'Jakie dokumenty muszę dostarczyć?',
        answer:
          '<p>Lista zależy od zgłoszonej przyczyny; wyświetla się na stronie potwierdzenia i podczas śledzenia sprawy. Najczęściej jest to potwierdzenie rezerwacji, faktura za anulowanie wystawiona przez obiekt, dokument potwierdzający zdarzenie (zaświadczenie lekarskie, zaświadczenie pracodawcy, zgłoszenie na policję…) oraz dane bankowe.</p>',
      },
      da: {
        question: 'Hvilken dokumentation skal jeg sende?',
        answer:
          '<p>Listen afhænger af den anmeldte årsag; den vises på bekræftelsessiden og når du følger din sag. Oftest drejer det sig om bookingbekræftelsen, stedets afbestillingsfaktura, et dokument, der beviser hændelsen (lægeerklæring, erklæring fra arbejdsgiver, politianmeldelse …), og dine bankoplysninger.</p>',
      },
      pt: {
        question: 'Que documentos tenho de enviar?',
        answer:
          '<p>A lista depende do motivo participado; aparece na página de confirmação e no acompanhamento do processo. Na maioria dos casos, trata-se da confirmação de reserva, da fatura de anulação do estabelecimento, de um documento que comprove o acontecimento (atestado médico, declaração do empregador, queixa…) e dos seus dados bancários.</p>',
      },
    },
  },
  {
    key: 'justificatifs-formats',
    sources: ['justificatifs'],
    texts: {
      fr: {
        question: 'Quels formats de fichiers sont acceptés ?',
        answer:
          '<p>Vous pouvez envoyer des fichiers PDF, PNG ou JPEG, jusqu’à 30 Mo chacun. Une photo nette prise avec votre téléphone convient, à condition que tout le document soit lisible. Les autres formats (Word, HEIC, ZIP…) sont refusés : enregistrez-les d’abord en PDF.</p>',
      },
      en: {
        question: 'Which file formats are accepted?',
        answer:
          '<p>You can send PDF, PNG or JPEG files of up to 30 MB each. A sharp photo taken with your phone is fine, as long as the whole document is legible. Other formats (Word, HEIC, ZIP…) are refused: save them as PDF first.</p>',
      },
      de: {
        question: 'Welche Dateiformate werden akzeptiert?',
        answer:
          '<p>Sie können PDF-, PNG- oder JPEG-Dateien mit bis zu 30 MB pro Datei senden. Ein scharfes Handyfoto genügt, sofern das ganze Dokument lesbar ist. Andere Formate (Word, HEIC, ZIP…) werden abgelehnt: Speichern Sie sie vorher als PDF.</p>',
      },
      es: {
        question: '¿Qué formatos de archivo se aceptan?',
        answer:
          '<p>Puede enviar archivos PDF, PNG o JPEG de hasta 30 MB cada uno. Sirve una foto nítida hecha con el móvil, siempre que todo el documento sea legible. Los demás formatos (Word, HEIC, ZIP…) se rechazan: guárdelos antes en PDF.</p>',
      },
      it: {
        question: 'Quali formati di file sono accettati?',
        answer:
          '<p>Potete inviare file PDF, PNG o JPEG fino a 30 MB ciascuno. Va bene una foto nitida scattata con il telefono, purché tutto il documento sia leggibile. Gli altri formati (Word, HEIC, ZIP…) sono rifiutati: salvateli prima in PDF.</p>',
      },
      nl: {
        question: 'Welke bestandsformaten worden aanvaard?',
        answer:
          '<p>U kunt PDF-, PNG- of JPEG-bestanden van maximaal 30 MB per stuk versturen. Een scherpe foto met uw telefoon volstaat, als het hele document leesbaar is. Andere formaten (Word, HEIC, ZIP…) worden geweigerd: sla ze eerst op als PDF.</p>',
      },
      pl: {
        question: 'Jakie formaty plików są akceptowane?',
        answer:
          '<p>Można przesyłać pliki PDF, PNG lub JPEG o rozmiarze do 30 MB każdy. Wystarczy wyraźne zdjęcie zrobione telefonem, o ile cały dokument jest czytelny. Inne formaty (Word, HEIC, ZIP…) są odrzucane: najpierw zapisz je jako PDF.</p>',
      },
      da: {
        question: 'Hvilke filformater accepteres?',
        answer:
          '<p>Du kan sende PDF-, PNG- eller JPEG-filer på op til 30 MB hver. Et skarpt foto taget med din telefon er fint, så længe hele dokumentet kan læses. Andre formater (Word, HEIC, ZIP …) afvises: Gem dem først som PDF.</p>',
      },
      pt: {
        question: 'Que formatos de ficheiro são aceites?',
        answer:
          '<p>Pode enviar ficheiros PDF, PNG ou JPEG até 30 MB cada. Uma fotografia nítida tirada com o telemóvel serve, desde que todo o documento esteja legível. Os outros formatos (Word, HEIC, ZIP…) são recusados: guarde-os primeiro em PDF.</p>',
      },
    },
  },
  {
    key: 'justificatifs-plus-tard',
    sources: ['justificatifs', 'guide-declaration'],
    texts: {
      fr: {
        question: 'Puis-je envoyer mes justificatifs plus tard ?',
        answer:
          '<p>Oui, vous pouvez envoyer vos justificatifs après avoir déclaré. Déclarez dès que possible, même s’il vous manque des documents. Vous pourrez les ajouter ensuite depuis le lien de suivi reçu par e-mail ; si vous l’avez perdu, demandez-en un nouveau sur « Suivre mon dossier » avec votre numéro de dossier et votre nom. N’oubliez pas de cliquer sur « Valider » après avoir déposé vos fichiers.</p>',
      },
      en: {
        question: 'Can I send my documents later?',
        answer:
          '<p>Yes, you can send your documents after making your claim. Declare as soon as possible, even if some documents are missing. You can add them later from the follow-up link received by email; if you have lost it, ask for a new one on “Follow my claim” with your claim number and last name. Remember to click “Confirm” after adding your files.</p>',
      },
      de: {
        question: 'Kann ich meine Nachweise später senden?',
        answer:
          '<p>Ja, Sie können Ihre Nachweise auch nach der Meldung senden. Melden Sie so früh wie möglich, auch wenn noch Dokumente fehlen. Sie können sie später über den per E-Mail erhaltenen Link hinzufügen; haben Sie ihn nicht mehr, fordern Sie unter „Meinen Fall verfolgen“ mit Schadennummer und Nachnamen einen neuen an. Klicken Sie nach dem Hochladen auf „Bestätigen“.</p>',
      },
      es: {
        question: '¿Puedo enviar los justificantes más tarde?',
        answer:
          '<p>Sí, puede enviar los justificantes después de declarar. Declare cuanto antes, aunque le falten documentos. Podrá añadirlos después desde el enlace de seguimiento recibido por correo; si lo ha perdido, pida uno nuevo en «Seguir mi expediente» con su número de expediente y su apellido. No olvide hacer clic en «Validar» tras subir los archivos.</p>',
      },
      it: {
        question: 'Posso inviare i documenti più tardi?',
        answer:
          '<p>Sì, potete inviare i documenti anche dopo la denuncia. Denunciate il prima possibile, anche se mancano alcuni documenti. Potrete aggiungerli in seguito dal link di monitoraggio ricevuto via e-mail; se lo avete perso, chiedetene uno nuovo da «Segui la mia pratica» con numero di pratica e cognome. Ricordatevi di cliccare su «Conferma» dopo aver caricato i file.</p>',
      },
      nl: {
        question: 'Kan ik mijn bewijsstukken later sturen?',
        answer:
          '<p>Ja, u kunt uw bewijsstukken ook na uw melding sturen. Meld zo snel mogelijk, ook als er nog documenten ontbreken. U kunt ze later toevoegen via de volglink die u per e-mail kreeg; bent u die kwijt, vraag dan een nieuwe aan via ‘Mijn dossier volgen’ met uw dossiernummer en achternaam. Vergeet niet op ‘Bevestigen’ te klikken nadat u uw bestanden hebt toegevoegd.</p>',
      },
      pl: {
        question: 'Czy mogę przesłać dokumenty później?',
        answer:
          '<p>Tak, dokumenty możesz przesłać także po zgłoszeniu szkody. Zgłoś szkodę jak najszybciej, nawet jeśli brakuje jeszcze dokumentów. Możesz je dodać później przez link do śledzenia otrzymany e-mailem; jeśli nie możesz go znaleźć, poproś o nowy w sekcji „Śledź moje zgłoszenie”, podając numer sprawy i nazwisko. Po dodaniu plików pamiętaj, aby kliknąć „Zatwierdź”.</p>',
      },
      da: {
        question: 'Kan jeg sende min dokumentation senere?',
        answer:
          '<p>Ja, du kan sende din dokumentation, efter at du har anmeldt skaden. Anmeld så hurtigt som muligt, også selv om der mangler dokumenter. Du kan tilføje dem senere via det opfølgningslink, du har fået pr. e-mail; har du mistet det, kan du bede om et nyt under »Følg min sag« med dit sagsnummer og efternavn. Husk at klikke på »Bekræft«, når du har tilføjet dine filer.</p>',
      },
      pt: {
        question: 'Posso enviar os documentos mais tarde?',
        answer:
          '<p>Sim, pode enviar os documentos depois de participar o sinistro. Participe o mais depressa possível, mesmo que faltem documentos. Pode adicioná-los depois através da ligação de acompanhamento recebida por e-mail; se a perdeu, peça uma nova em «Acompanhar o meu processo», com o número de processo e o apelido. Não se esqueça de clicar em «Validar» depois de carregar os ficheiros.</p>',
      },
    },
  },
  {
    key: 'suivre-dossier',
    sources: ['delais-remboursement'],
    texts: {
      fr: {
        question: 'Comment suivre mon dossier ?',
        answer:
          '<p>Rendez-vous sur « Suivre mon dossier » et saisissez votre numéro de dossier (SI-…) et votre nom de famille. Vous y voyez l’état du dossier, les documents déjà reçus ou validés et ceux qui manquent encore. Pour ouvrir tout le dossier et envoyer des justificatifs, utilisez le lien de suivi reçu par e-mail : vous pouvez le demander sur cette page ou depuis la page de confirmation.</p>',
      },
      en: {
        question: 'How do I follow my claim?',
        answer:
          '<p>Go to “Follow my claim” and enter your claim number (SI-…) and your last name. You will see the status of the claim, the documents already received or validated and those still missing. To open the whole claim and send documents, use the follow-up link received by email: you can ask for it on that page or from the confirmation page.</p>',
      },
      de: {
        question: 'Wie verfolge ich meinen Schadenfall?',
        answer:
          '<p>Öffnen Sie „Meinen Fall verfolgen“ und geben Sie Ihre Schadennummer (SI-…) und Ihren Nachnamen ein. Sie sehen den Stand des Falls, die bereits erhaltenen oder geprüften Dokumente und die noch fehlenden. Um den ganzen Fall zu öffnen und Nachweise zu senden, nutzen Sie den Link, den Sie per E-Mail erhalten: Sie können ihn auf dieser Seite oder auf der Bestätigungsseite anfordern.</p>',
      },
      es: {
        question: '¿Cómo sigo mi expediente?',
        answer:
          '<p>Entre en «Seguir mi expediente» e introduzca su número de expediente (SI-…) y su apellido. Verá el estado del expediente, los documentos ya recibidos o validados y los que aún faltan. Para abrir todo el expediente y enviar justificantes, utilice el enlace de seguimiento recibido por correo electrónico: puede pedirlo en esa página o desde la página de confirmación.</p>',
      },
      it: {
        question: 'Come seguo la mia pratica?',
        answer:
          '<p>Andate su «Segui la mia pratica» e inserite il numero di pratica (SI-…) e il cognome. Vedrete lo stato della pratica, i documenti già ricevuti o convalidati e quelli ancora mancanti. Per aprire tutta la pratica e inviare documenti usate il link di monitoraggio ricevuto via e-mail: potete richiederlo da quella pagina o dalla pagina di conferma.</p>',
      },
      nl: {
        question: 'Hoe volg ik mijn dossier?',
        answer:
          '<p>Ga naar ‘Mijn dossier volgen’ en vul uw dossiernummer (SI-…) en uw achternaam in. U ziet de status van het dossier, de documenten die al ontvangen of goedgekeurd zijn en welke nog ontbreken. Om het hele dossier te openen en bewijsstukken te sturen, gebruikt u de volglink die u per e-mail ontvangt: u kunt die op deze pagina of via de bevestigingspagina aanvragen.</p>',
      },
      pl: {
        question: 'Jak śledzić moje zgłoszenie?',
        answer:
          '<p>Wejdź w „Śledź moje zgłoszenie” i wpisz numer sprawy (SI-…) oraz nazwisko. Zobaczysz status sprawy, dokumenty już otrzymane lub zatwierdzone oraz te, których jeszcze brakuje. Aby otworzyć całą sprawę i przesłać dokumenty, użyj linku do śledzenia otrzymanego e-mailem: możesz o niego poprosić na tej stronie lub na stronie potwierdzenia.</p>',
      },
      da: {
        question: 'Hvordan følger jeg min sag?',
        answer:
          '<p>Gå til »Følg min sag«, og indtast dit sagsnummer (SI-…) og dit efternavn. Du kan se sagens status, de dokumenter, der allerede er modtaget eller godkendt, og dem, der stadig mangler. For at åbne hele sagen og sende dokumentation skal du bruge opfølgningslinket, som du får pr. e-mail: Du kan bede om det på den side eller fra bekræftelsessiden.</p>',
      },
      pt: {
        question: 'Como acompanho o meu processo?',
        answer:
          '<p>Aceda a «Acompanhar o meu processo» e introduza o número de processo (SI-…) e o seu apelido. Verá o estado do processo, os documentos já recebidos ou validados e os que ainda faltam. Para abrir todo o processo e enviar documentos, utilize a ligação de acompanhamento recebida por e-mail: pode pedi-la nessa página ou a partir da página de confirmação.</p>',
      },
    },
  },
  {
    key: 'delai-remboursement',
    sources: ['delais-remboursement'],
    texts: {
      fr: {
        question: 'Quand serai-je remboursé ?',
        answer:
          '<p>Dès que votre dossier est complet et validé, le virement est émis sous 48 heures. Les fonds arrivent ensuite sur votre compte dans un délai de 2 à 5 jours ouvrés selon les banques. Un dossier incomplet ne peut pas être réglé : pensez à envoyer tous les justificatifs demandés.</p>',
      },
      en: {
        question: 'When will I be refunded?',
        answer:
          '<p>As soon as your claim is complete and validated, the transfer is made within 48 hours. The money then reaches your account within 2 to 5 working days, depending on the banks. An incomplete claim cannot be paid, so make sure you send every document requested.</p>',
      },
      de: {
        question: 'Wann erhalte ich meine Erstattung?',
        answer:
          '<p>Sobald Ihr Fall vollständig und geprüft ist, wird die Überweisung innerhalb von 48 Stunden ausgeführt. Das Geld ist dann je nach Bank nach 2 bis 5 Werktagen auf Ihrem Konto. Ein unvollständiger Fall kann nicht reguliert werden: Senden Sie daher alle angeforderten Nachweise.</p>',
      },
      es: {
        question: '¿Cuándo recibiré el reembolso?',
        answer:
          '<p>En cuanto su expediente esté completo y validado, la transferencia se emite en 48 horas. El dinero llega después a su cuenta en un plazo de 2 a 5 días hábiles, según los bancos. Un expediente incompleto no puede pagarse: envíe todos los justificantes solicitados.</p>',
      },
      it: {
        question: 'Quando riceverò il rimborso?',
        answer:
          '<p>Appena la pratica è completa e convalidata, il bonifico viene disposto entro 48 ore. I fondi arrivano poi sul vostro conto in 2-5 giorni lavorativi, secondo le banche. Una pratica incompleta non può essere liquidata: inviate tutti i documenti richiesti.</p>',
      },
      nl: {
        question: 'Wanneer word ik terugbetaald?',
        answer:
          '<p>Zodra uw dossier volledig en goedgekeurd is, wordt de overschrijving binnen 48 uur gedaan. Het geld staat daarna, afhankelijk van de banken, binnen 2 tot 5 werkdagen op uw rekening. Een onvolledig dossier kan niet worden uitbetaald: stuur dus alle gevraagde bewijsstukken.</p>',
      },
      pl: {
        question: 'Kiedy otrzymam zwrot pieniędzy?',
        answer:
          '<p>Gdy zgłoszenie jest kompletne i zatwierdzone, przelew zostaje zlecony w ciągu 48 godzin. Środki trafiają na konto w ciągu 2–5 dni roboczych, w zależności od banków. Niekompletne zgłoszenie nie może zostać rozliczone, dlatego prześlij wszystkie wymagane dokumenty.</p>',
      },
      da: {
        question: 'Hvornår får jeg mine penge tilbage?',
        answer:
          '<p>Så snart din sag er komplet og godkendt, sendes overførslen inden for 48 timer. Pengene når derefter din konto inden for 2 til 5 bankdage afhængigt af bankerne. En ufuldstændig sag kan ikke udbetales, så send al den dokumentation, der bliver bedt om.</p>',
      },
      pt: {
        question: 'Quando serei reembolsado?',
        answer:
          '<p>Assim que o processo estiver completo e validado, a transferência é emitida em 48 horas. O dinheiro chega depois à sua conta em 2 a 5 dias úteis, consoante os bancos. Um processo incompleto não pode ser pago: envie todos os documentos pedidos.</p>',
      },
    },
  },
  {
    key: 'coordonnees-bancaires',
    sources: ['justificatifs', 'delais-remboursement'],
    texts: {
      fr: {
        question: 'Comment envoyer ou changer mon RIB ?',
        answer:
          '<p>Le RIB fait partie des justificatifs de votre dossier : envoyez-le depuis le lien de suivi reçu par e-mail, puis cliquez sur « Valider ». Pour en changer, envoyez-y de la même façon un nouveau RIB : l’ancien est conservé et nos gestionnaires vérifient le nouveau avant tout paiement. Un e-mail vous récapitule ce qui a été reçu ; si ce n’est pas vous qui l’avez envoyé, contactez aussitôt le service client.</p>',
      },
      en: {
        question: 'How do I send or change my bank details?',
        answer:
          '<p>Your bank details are one of your claim’s documents: send them from the follow-up link received by email, then click “Confirm”. To change them, send new bank details there the same way: the earlier ones are kept and our staff check the new ones before any payment. An email tells you what was received; if you did not send it, contact customer support at once.</p>',
      },
      de: {
        question: 'Wie sende oder ändere ich meine Bankverbindung?',
        answer:
          '<p>Ihre Bankverbindung gehört zu den Nachweisen Ihres Falls: Senden Sie sie über den per E-Mail erhaltenen Link und klicken Sie dann auf „Bestätigen“. Um sie zu ändern, senden Sie dort auf dieselbe Weise eine neue Bankverbindung: Die frühere bleibt erhalten, und unsere Sachbearbeiter prüfen die neue vor jeder Zahlung. Eine E-Mail nennt Ihnen, was eingegangen ist; haben nicht Sie es gesendet, wenden Sie sich sofort an den Kundenservice.</p>',
      },
      es: {
        question: '¿Cómo envío o cambio mis datos bancarios?',
        answer:
          '<p>Sus datos bancarios son uno de los justificantes de su expediente: envíelos desde el enlace de seguimiento recibido por correo electrónico y haga clic en «Validar». Para cambiarlos, envíe allí de la misma manera unos datos bancarios nuevos: los anteriores se conservan y nuestros gestores comprueban los nuevos antes de cualquier pago. Un correo le indica lo que se ha recibido; si no lo envió usted, contacte de inmediato con el servicio de atención al cliente.</p>',
      },
      it: {
        question: 'Come invio o cambio le mie coordinate bancarie?',
        answer:
          '<p>Le coordinate bancarie sono uno dei documenti della pratica: inviatele dal link di monitoraggio ricevuto via e-mail e cliccate su «Conferma». Per cambiarle, inviate lì allo stesso modo le nuove coordinate: quelle precedenti vengono conservate e i nostri operatori controllano le nuove prima di qualsiasi pagamento. Un’e-mail vi indica ciò che è stato ricevuto; se non l’avete inviato voi, contattate subito l’assistenza clienti.</p>',
      },
      nl: {
        question: 'Hoe stuur of wijzig ik mijn bankgegevens?',
        answer:
          '<p>Uw bankgegevens horen bij de bewijsstukken van uw dossier: stuur ze via de volglink die u per e-mail kreeg en klik daarna op ‘Bevestigen’. Om ze te wijzigen, stuurt u daar op dezelfde manier nieuwe bankgegevens: de vorige blijven bewaard en onze medewerkers controleren de nieuwe vóór elke betaling. Een e-mail meldt u wat er is ontvangen; hebt u dat niet zelf gestuurd, neem dan meteen contact op met de klantenservice.</p>',
      },
      pl: {
        question: 'Jak przesłać lub zmienić dane bankowe?',
        answer:
          '<p>Dane bankowe należą do dokumentów Twojego zgłoszenia: prześlij je przez link do śledzenia otrzymany e-mailem i kliknij „Zatwierdź”. Aby je zmienić, prześlij tam w ten sam sposób nowe dane bankowe: poprzednie zostają zachowane, a nasi pracownicy sprawdzają nowe przed każdą wypłatą. E-mail potwierdza, co do nas dotarło; jeśli ta wysyłka nie pochodzi od Ciebie, natychmiast skontaktuj się z obsługą klienta.</p>',
      },
      da: {
        question: 'Hvordan sender eller ændrer jeg mine bankoplysninger?',
        answer:
          '<p>Dine bankoplysninger er en del af dokumentationen i din sag: Send dem via det opfølgningslink, du har fået pr. e-mail, og klik på »Bekræft«. Vil du ændre dem, sender du nye bankoplysninger samme sted og på samme måde: De tidligere gemmes, og vores sagsbehandlere kontrollerer de nye før enhver udbetaling. En e-mail fortæller dig, hvad vi har modtaget; var det ikke dig, der sendte det, så kontakt straks kundeservice.</p>',
      },
      pt: {
        question: 'Como envio ou altero os meus dados bancários?',
        answer:
          '<p>Os dados bancários fazem parte dos documentos do seu processo: envie-os a partir da ligação de acompanhamento recebida por e-mail e clique em «Validar». Para os alterar, envie aí da mesma forma novos dados bancários: os anteriores são conservados e os nossos gestores verificam os novos antes de qualquer pagamento. Um e-mail indica-lhe o que foi recebido; se não reconhecer esse envio, contacte de imediato o apoio ao cliente.</p>',
      },
    },
  },
  {
    key: 'etats-dossier',
    sources: ['delais-remboursement'],
    texts: {
      fr: {
        question: 'Que signifie l’état de mon dossier ?',
        answer:
          '<ul><li>« En cours de traitement » : votre dossier est à l’étude ; les documents manquants sont indiqués.</li><li>« Dossier clos » : le remboursement a été effectué.</li><li>« Dossier sans suite » : la demande n’a pas donné lieu à remboursement ; l’e-mail de décision en explique la raison.</li></ul>',
      },
      en: {
        question: 'What does the status of my claim mean?',
        answer:
          '<ul><li>“In progress”: your claim is being assessed; any missing documents are listed.</li><li>“Claim closed”: the refund has been paid.</li><li>“Claim not upheld”: the request did not lead to a refund; the decision email explains why.</li></ul>',
      },
      de: {
        question: 'Was bedeutet der Status meines Falls?',
        answer:
          '<ul><li>„In Bearbeitung“: Ihr Fall wird geprüft; fehlende Dokumente werden angezeigt.</li><li>„Fall abgeschlossen“: Die Erstattung ist erfolgt.</li><li>„Ohne Leistung abgeschlossen“: Die Anfrage führte zu keiner Erstattung; die Entscheidungs-E-Mail nennt den Grund.</li></ul>',
      },
      es: {
        question: '¿Qué significa el estado de mi expediente?',
        answer:
          '<ul><li>«En tramitación»: su expediente se está estudiando; se indican los documentos que faltan.</li><li>«Expediente cerrado»: el reembolso se ha realizado.</li><li>«Expediente archivado sin indemnización»: la solicitud no ha dado lugar a reembolso; el correo de decisión explica el motivo.</li></ul>',
      },
      it: {
        question: 'Che cosa significa lo stato della mia pratica?',
        answer:
          '<ul><li>«In lavorazione»: la pratica è in esame; sono indicati i documenti mancanti.</li><li>«Pratica chiusa»: il rimborso è stato effettuato.</li><li>«Pratica archiviata senza seguito»: la richiesta non ha dato luogo a rimborso; l’e-mail con la decisione ne spiega il motivo.</li></ul>',
      },
      nl: {
        question: 'Wat betekent de status van mijn dossier?',
        answer:
          '<ul><li>‘In behandeling’: uw dossier wordt bestudeerd; ontbrekende documenten worden vermeld.</li><li>‘Dossier afgesloten’: de terugbetaling is gedaan.</li><li>‘Dossier zonder gevolg’: de aanvraag heeft niet tot een terugbetaling geleid; de e-mail met de beslissing legt uit waarom.</li></ul>',
      },
      pl: {
        question: 'Co oznacza status mojego zgłoszenia?',
        answer:
          '<ul><li>„W trakcie rozpatrywania”: zgłoszenie jest analizowane; brakujące dokumenty są wskazane.</li><li>„Sprawa zamknięta”: zwrot został wypłacony.</li><li>„Sprawa zamknięta bez wypłaty”: wniosek nie zakończył się zwrotem; przyczynę wyjaśnia e-mail z decyzją.</li></ul>',
      },
      da: {
        question: 'Hvad betyder status for min sag?',
        answer:
          '<ul><li>»Under behandling«: Din sag bliver vurderet; manglende dokumenter er angivet.</li><li>»Sagen er afsluttet«: Beløbet er udbetalt.</li><li>»Sagen er afsluttet uden udbetaling«: Henvendelsen har ikke ført til en udbetaling; e-mailen med afgørelsen forklarer hvorfor.</li></ul>',
      },
      pt: {
        question: 'O que significa o estado do meu processo?',
        answer:
          '<ul><li>«Em tratamento»: o processo está a ser analisado; os documentos em falta são indicados.</li><li>«Processo encerrado»: o reembolso foi efetuado.</li><li>«Processo arquivado sem seguimento»: o pedido não deu lugar a reembolso; o e-mail com a decisão explica o motivo.</li></ul>',
      },
    },
  },
  {
    key: 'annulation-definitive',
    sources: ['garantie-annulation'],
    texts: {
      fr: {
        question: 'Ma déclaration d’annulation est-elle définitive ?',
        answer:
          '<p>Oui, une déclaration d’annulation est définitive. Une déclaration au titre d’une garantie annulation entraîne l’annulation définitive de votre réservation, et une copie de la déclaration est transmise automatiquement à l’établissement réservé. C’est pourquoi une case de confirmation supplémentaire vous est demandée avant l’envoi.</p>',
      },
      en: {
        question: 'Is my cancellation declaration final?',
        answer:
          '<p>Yes, a cancellation declaration is final. A declaration under a cancellation cover cancels your booking for good, and a copy of the declaration is sent automatically to the booked establishment. That is why you are asked to tick an extra confirmation box before submitting.</p>',
      },
      de: {
        question: 'Ist meine Stornierungsmeldung endgültig?',
        answer:
          '<p>Ja, eine Stornierungsmeldung ist endgültig. Eine Meldung im Rahmen einer Rücktrittsversicherung storniert Ihre Buchung endgültig, und eine Kopie der Meldung geht automatisch an die gebuchte Unterkunft. Deshalb bitten wir Sie vor dem Absenden um eine zusätzliche Bestätigung.</p>',
      },
      es: {
        question: '¿Mi declaración de anulación es definitiva?',
        answer:
          '<p>Sí, una declaración de anulación es definitiva. Una declaración en virtud de una garantía de anulación cancela definitivamente su reserva, y se envía automáticamente una copia al establecimiento reservado. Por eso se le pide marcar una casilla de confirmación adicional antes del envío.</p>',
      },
      it: {
        question: 'La mia dichiarazione di annullamento è definitiva?',
        answer:
          '<p>Sì, una dichiarazione di annullamento è definitiva. Una dichiarazione a titolo di una garanzia annullamento annulla definitivamente la prenotazione e una copia viene inviata automaticamente alla struttura prenotata. Per questo vi viene chiesto di spuntare una casella di conferma aggiuntiva prima dell’invio.</p>',
      },
      nl: {
        question: 'Is mijn annuleringsmelding definitief?',
        answer:
          '<p>Ja, een annuleringsmelding is definitief. Een melding onder een annuleringsdekking annuleert uw reservering definitief, en een kopie van de melding gaat automatisch naar de geboekte accommodatie. Daarom vragen wij u vóór het versturen een extra bevestigingsvakje aan te vinken.</p>',
      },
      pl: {
        question: 'Czy moje zgłoszenie rezygnacji jest ostateczne?',
        answer:
          '<p>Tak, zgłoszenie rezygnacji jest ostateczne. Zgłoszenie w ramach ubezpieczenia od rezygnacji oznacza ostateczne anulowanie rezerwacji, a kopia zgłoszenia jest automatycznie przekazywana do zarezerwowanego obiektu. Dlatego przed wysłaniem prosimy o zaznaczenie dodatkowego pola potwierdzenia.</p>',
      },
      da: {
        question: 'Er min afbestillingsanmeldelse endelig?',
        answer:
          '<p>Ja, en afbestillingsanmeldelse er endelig. En anmeldelse under en afbestillingsdækning annullerer din booking endeligt, og en kopi af anmeldelsen sendes automatisk til det bookede sted. Derfor bliver du bedt om at sætte et ekstra flueben, før du sender.</p>',
      },
      pt: {
        question: 'A minha declaração de anulação é definitiva?',
        answer:
          '<p>Sim, uma declaração de anulação é definitiva. Uma participação ao abrigo de uma garantia de anulação anula definitivamente a sua reserva e uma cópia é enviada automaticamente ao estabelecimento reservado. Por isso, é-lhe pedido que assinale uma caixa de confirmação adicional antes do envio.</p>',
      },
    },
  },
  {
    key: 'annuler-sejour',
    sources: ['garantie-annulation', 'justificatifs'],
    texts: {
      fr: {
        question: 'Je dois annuler mon séjour : que faire ?',
        answer:
          '<p>Si vous devez annuler pour un motif couvert par votre garantie annulation (maladie, accident ou hospitalisation, décès d’un proche, motif professionnel, licenciement, dommages graves au domicile…), déclarez le sinistre en ligne avec votre numéro d’assuré. Cette déclaration est définitive : la réservation est annulée et une copie est transmise automatiquement à l’établissement, c’est pourquoi une case de confirmation supplémentaire vous est demandée avant l’envoi. Joignez la confirmation de réservation, la facture d’annulation de l’établissement, le justificatif de l’événement (un certificat médical, par exemple) et un RIB ; un document qui vous manque pourra être ajouté plus tard depuis le lien de suivi reçu par e-mail. Sans motif couvert, l’annulation relève de l’établissement : adressez-vous directement à lui.</p>',
      },
      en: {
        question: 'I have to cancel my stay: what should I do?',
        answer:
          '<p>If you have to cancel for a reason covered by your cancellation cover (illness, accident or hospitalisation, death of a close relative, work reasons, redundancy, serious damage to your home…), make your claim online with your insured number. This declaration is final: the booking is cancelled and a copy is sent automatically to the establishment, which is why you are asked to tick an extra confirmation box before submitting. Attach the booking confirmation, the establishment’s cancellation invoice, proof of the event (a medical certificate, for example) and your bank details; a document you do not have yet can be added later from the follow-up link received by email. Without a covered reason, cancelling is a matter for the establishment: contact it directly.</p>',
      },
      de: {
        question: 'Ich muss meinen Aufenthalt stornieren: Was tun?',
        answer:
          '<p>Müssen Sie aus einem Grund stornieren, den Ihre Rücktrittsversicherung abdeckt (Krankheit, Unfall oder Krankenhausaufenthalt, Tod eines nahen Angehörigen, berufliche Gründe, Kündigung, schwere Schäden an der Wohnung…), melden Sie den Schaden online mit Ihrer Versichertennummer. Diese Meldung ist endgültig: Die Buchung wird storniert und eine Kopie geht automatisch an die Unterkunft; deshalb bitten wir Sie vor dem Absenden um eine zusätzliche Bestätigung. Fügen Sie die Buchungsbestätigung, die Stornorechnung der Unterkunft, den Nachweis des Ereignisses (etwa ein ärztliches Attest) und Ihre Bankverbindung bei; ein fehlendes Dokument können Sie später über den per E-Mail erhaltenen Link nachreichen. Ohne versicherten Grund ist die Stornierung Sache der Unterkunft: Wenden Sie sich direkt an sie.</p>',
      },
      es: {
        question: 'Tengo que anular mi estancia: ¿qué hago?',
        answer:
          '<p>Si tiene que anular por un motivo cubierto por su garantía de anulación (enfermedad, accidente u hospitalización, fallecimiento de un familiar cercano, motivo profesional, despido, daños graves en el domicilio…), declare el siniestro en línea con su número de asegurado. Esta declaración es definitiva: la reserva se cancela y se envía automáticamente una copia al establecimiento, por eso se le pide marcar una casilla de confirmación adicional antes del envío. Adjunte la confirmación de reserva, la factura de anulación del establecimiento, el justificante del hecho (por ejemplo, un certificado médico) y sus datos bancarios; un documento que aún le falte podrá añadirlo más tarde desde el enlace de seguimiento recibido por correo. Sin un motivo cubierto, la anulación es un asunto del establecimiento: diríjase directamente a él.</p>',
      },
      it: {
        question: 'Devo annullare il soggiorno: cosa faccio?',
        answer:
          '<p>Se dovete annullare per un motivo coperto dalla vostra garanzia annullamento (malattia, infortunio o ricovero, decesso di un familiare stretto, motivi di lavoro, licenziamento, gravi danni all’abitazione…), denunciate il sinistro online con il numero di assicurato. Questa denuncia è definitiva: la prenotazione viene annullata e una copia è inviata automaticamente alla struttura, per questo vi viene chiesto di spuntare una casella di conferma aggiuntiva prima dell’invio. Allegate la conferma di prenotazione, la fattura di annullamento della struttura, il documento che prova l’evento (per esempio un certificato medico) e le coordinate bancarie; un documento che ancora vi manca potrà essere aggiunto più tardi dal link di monitoraggio ricevuto via e-mail. Senza un motivo coperto, l’annullamento è una questione tra voi e la struttura: contattatela direttamente.</p>',
      },
      nl: {
        question: 'Ik moet mijn verblijf annuleren: wat moet ik doen?',
        answer:
          '<p>Moet u annuleren om een reden die uw annuleringsdekking dekt (ziekte, ongeval of ziekenhuisopname, overlijden van een naaste, werkredenen, ontslag, ernstige schade aan uw woning…), meld de schade dan online met uw verzekerdennummer. Die melding is definitief: de reservering wordt geannuleerd en een kopie gaat automatisch naar de accommodatie; daarom vragen wij u vóór het versturen een extra bevestigingsvakje aan te vinken. Voeg de reserveringsbevestiging, de annuleringsfactuur van de accommodatie, het bewijs van de gebeurtenis (bijvoorbeeld een medisch attest) en uw bankgegevens toe; een document dat u nog mist, kunt u later toevoegen via de volglink die u per e-mail kreeg. Zonder gedekte reden is annuleren een zaak van de accommodatie: neem dan rechtstreeks contact op met de accommodatie.</p>',
      },
      pl: {
        question: 'Muszę odwołać pobyt: co robić?',
        answer:
          '<p>Jeśli musisz zrezygnować z powodu objętego ubezpieczeniem od rezygnacji (choroba, wypadek lub hospitalizacja, śmierć bliskiej osoby, przyczyny zawodowe, zwolnienie z pracy, poważna szkoda w miejscu zamieszkania…), zgłoś szkodę online, podając numer ubezpieczonego. Takie zgłoszenie jest ostateczne: rezerwacja zostaje anulowana, a kopia zgłoszenia trafia automatycznie do obiektu, dlatego przed wysłaniem prosimy o zaznaczenie dodatkowego pola potwierdzenia. Dołącz potwierdzenie rezerwacji, fakturę za anulowanie wystawioną przez obiekt, dokument potwierdzający zdarzenie (na przykład zaświadczenie lekarskie) oraz dane bankowe; brakujący dokument możesz dodać później przez link do śledzenia otrzymany e-mailem. Bez powodu objętego ubezpieczeniem anulowanie jest sprawą obiektu: skontaktuj się bezpośrednio z obiektem.</p>',
      },
      da: {
        question: 'Jeg skal afbestille mit ophold: Hvad gør jeg?',
        answer:
          '<p>Må du afbestille af en årsag, som din afbestillingsdækning dækker (sygdom, ulykke eller indlæggelse, dødsfald i den nærmeste familie, arbejdsmæssige årsager, afskedigelse, alvorlig skade på boligen …), så anmeld skaden online med dit forsikringsnummer. Anmeldelsen er endelig: Bookingen annulleres, og en kopi sendes automatisk til stedet. Derfor bliver du bedt om at sætte et ekstra flueben, før du sender. Vedhæft bookingbekræftelsen, stedets afbestillingsfaktura, dokumentation for hændelsen (for eksempel en lægeerklæring) og dine bankoplysninger; et dokument, du mangler, kan du tilføje senere via det opfølgningslink, du har fået pr. e-mail. Uden en dækket årsag er afbestillingen en sag mellem dig og stedet: Kontakt det direkte.</p>',
      },
      pt: {
        question: 'Tenho de anular a minha estadia: o que faço?',
        answer:
          '<p>Se tiver de anular por um motivo coberto pela sua garantia de anulação (doença, acidente ou hospitalização, falecimento de um familiar próximo, motivo profissional, despedimento, danos graves na habitação…), participe o sinistro online com o seu número de segurado. Esta participação é definitiva: a reserva é anulada e uma cópia é enviada automaticamente ao estabelecimento, por isso é-lhe pedido que assinale uma caixa de confirmação adicional antes do envio. Junte a confirmação de reserva, a fatura de anulação do estabelecimento, o comprovativo do acontecimento (por exemplo, um atestado médico) e os seus dados bancários; um documento que ainda lhe falte pode ser acrescentado mais tarde através da ligação de acompanhamento recebida por e-mail. Sem um motivo coberto, a anulação é um assunto a tratar com o estabelecimento: contacte-o diretamente.</p>',
      },
    },
  },
  {
    key: 'delai-declaration',
    sources: ['delais-remboursement'],
    texts: {
      fr: {
        question: 'Dans quel délai dois-je déclarer ?',
        answer:
          '<p>Déclarez dès que vous avez connaissance de l’événement qui vous empêche de partir ou qui interrompt votre séjour. Le délai exact figure dans les conditions générales de votre contrat ; une déclaration tardive peut réduire l’indemnisation, par exemple lorsque les frais d’annulation ont augmenté entre-temps.</p>',
      },
      en: {
        question: 'How soon must I make a claim?',
        answer:
          '<p>Declare as soon as you learn of the event that prevents you from leaving or cuts your stay short. The exact time limit is in the terms and conditions of your contract; a late declaration may reduce the compensation, for instance when the cancellation fees have risen in the meantime.</p>',
      },
      de: {
        question: 'Innerhalb welcher Frist muss ich melden?',
        answer:
          '<p>Melden Sie, sobald Sie von dem Ereignis erfahren, das Ihre Abreise verhindert oder Ihren Aufenthalt unterbricht. Die genaue Frist steht in den Versicherungsbedingungen Ihres Vertrags; eine verspätete Meldung kann die Entschädigung mindern, etwa wenn die Stornokosten inzwischen gestiegen sind.</p>',
      },
      es: {
        question: '¿En qué plazo debo declarar?',
        answer:
          '<p>Declare en cuanto tenga conocimiento del hecho que le impide viajar o que interrumpe su estancia. El plazo exacto figura en las condiciones generales de su contrato; una declaración tardía puede reducir la indemnización, por ejemplo si los gastos de anulación han aumentado entretanto.</p>',
      },
      it: {
        question: 'Entro quanto tempo devo denunciare?',
        answer:
          '<p>Denunciate appena venite a conoscenza dell’evento che vi impedisce di partire o interrompe il soggiorno. Il termine esatto è indicato nelle condizioni generali del contratto; una denuncia tardiva può ridurre l’indennizzo, per esempio se nel frattempo le penali di annullamento sono aumentate.</p>',
      },
      nl: {
        question: 'Binnen welke termijn moet ik melden?',
        answer:
          '<p>Meld zodra u op de hoogte bent van de gebeurtenis die uw vertrek verhindert of uw verblijf onderbreekt. De precieze termijn staat in de algemene voorwaarden van uw contract; een late melding kan de vergoeding verlagen, bijvoorbeeld als de annuleringskosten intussen zijn gestegen.</p>',
      },
      pl: {
        question: 'W jakim terminie muszę zgłosić szkodę?',
        answer:
          '<p>Zgłoś szkodę, gdy tylko dowiesz się o zdarzeniu, które uniemożliwia wyjazd lub przerywa pobyt. Dokładny termin podano w ogólnych warunkach umowy; spóźnione zgłoszenie może obniżyć odszkodowanie, na przykład gdy w międzyczasie wzrosły koszty anulowania.</p>',
      },
      da: {
        question: 'Hvor hurtigt skal jeg anmelde?',
        answer:
          '<p>Anmeld, så snart du får kendskab til den hændelse, der forhindrer dig i at rejse eller afbryder dit ophold. Den præcise frist står i din aftales forsikringsbetingelser; en sen anmeldelse kan nedsætte erstatningen, for eksempel hvis afbestillingsgebyret er steget i mellemtiden.</p>',
      },
      pt: {
        question: 'Em que prazo devo participar?',
        answer:
          '<p>Participe logo que tenha conhecimento do acontecimento que o impede de viajar ou que interrompe a sua estadia. O prazo exato consta das condições gerais do seu contrato; uma participação tardia pode reduzir a indemnização, por exemplo se entretanto as despesas de anulação tiverem aumentado.</p>',
      },
    },
  },
  {
    key: 'reclamation',
    sources: ['reclamation-mediation'],
    texts: {
      fr: {
        question: 'Comment faire une réclamation ?',
        answer:
          '<p>Utilisez le formulaire « Réclamation » en précisant votre numéro de dossier et le motif. Nous accusons réception sous 10 jours ouvrables et vous répondons dans un délai maximal de 2 mois. Si la réponse ne vous satisfait pas, vous pouvez saisir gratuitement La Médiation de l’Assurance.</p>',
      },
      en: {
        question: 'How do I make a complaint?',
        answer:
          '<p>Use the “Complaints” form and give your claim number and the reason. We acknowledge your complaint within 10 working days and answer within 2 months at most. If you are not satisfied with the answer, you can refer the matter free of charge to La Médiation de l’Assurance, the French insurance ombudsman.</p>',
      },
      de: {
        question: 'Wie reiche ich eine Beschwerde ein?',
        answer:
          '<p>Nutzen Sie das Formular „Beschwerde“ und geben Sie Ihre Schadennummer und den Grund an. Wir bestätigen den Eingang innerhalb von 10 Werktagen und antworten spätestens nach 2 Monaten. Sind Sie mit der Antwort nicht zufrieden, können Sie kostenlos die Schlichtungsstelle La Médiation de l’Assurance anrufen.</p>',
      },
      es: {
        question: '¿Cómo presento una reclamación?',
        answer:
          '<p>Utilice el formulario «Reclamaciones» indicando su número de expediente y el motivo. Acusamos recibo en 10 días hábiles y le respondemos en un plazo máximo de 2 meses. Si la respuesta no le satisface, puede acudir gratuitamente a La Médiation de l’Assurance, el mediador francés de seguros.</p>',
      },
      it: {
        question: 'Come presento un reclamo?',
        answer:
          '<p>Utilizzate il modulo «Reclami» indicando il numero di pratica e il motivo. Confermiamo la ricezione entro 10 giorni lavorativi e rispondiamo entro un massimo di 2 mesi. Se la risposta non vi soddisfa, potete rivolgervi gratuitamente a La Médiation de l’Assurance, il mediatore assicurativo francese.</p>',
      },
      nl: {
        question: 'Hoe dien ik een klacht in?',
        answer:
          '<p>Gebruik het formulier ‘Klachten’ en vermeld uw dossiernummer en de reden. Wij bevestigen de ontvangst binnen 10 werkdagen en antwoorden binnen maximaal 2 maanden. Bent u niet tevreden met het antwoord, dan kunt u kosteloos terecht bij La Médiation de l’Assurance, de Franse ombudsdienst voor verzekeringen.</p>',
      },
      pl: {
        question: 'Jak złożyć reklamację?',
        answer:
          '<p>Skorzystaj z formularza „Reklamacje”, podając numer sprawy i powód. Potwierdzamy otrzymanie w ciągu 10 dni roboczych i odpowiadamy najpóźniej w ciągu 2 miesięcy. Jeśli odpowiedź Cię nie satysfakcjonuje, możesz bezpłatnie zwrócić się do La Médiation de l’Assurance, francuskiego rzecznika ubezpieczeniowego.</p>',
      },
      da: {
        question: 'Hvordan klager jeg?',
        answer:
          '<p>Brug formularen »Klager«, og angiv dit sagsnummer og årsagen. Vi bekræfter modtagelsen inden for 10 arbejdsdage og svarer inden for højst 2 måneder. Er du ikke tilfreds med svaret, kan du gratis indbringe sagen for La Médiation de l’Assurance, den franske forsikringsombudsmand.</p>',
      },
      pt: {
        question: 'Como apresento uma reclamação?',
        answer:
          '<p>Utilize o formulário «Reclamações», indicando o número de processo e o motivo. Acusamos a receção em 10 dias úteis e respondemos no prazo máximo de 2 meses. Se a resposta não o satisfizer, pode recorrer gratuitamente a La Médiation de l’Assurance, o mediador de seguros francês.</p>',
      },
    },
  },
  {
    key: 'horaires-support',
    sources: ['contacter-support'],
    texts: {
      fr: {
        question: 'Quand puis-je joindre le service client ?',
        answer:
          '<p>Nos conseillers vous répondent par téléphone du lundi au vendredi, de 9h à 13h et de 14h à 18h (jusqu’à 17h le vendredi). Des lignes sont dédiées à la France, l’Espagne, le Portugal, l’Allemagne, les Pays-Bas et le Danemark, ainsi qu’une ligne en anglais. Vous pouvez aussi nous écrire à toute heure depuis la page <a href="contact">Contact</a>.</p>',
      },
      en: {
        question: 'When can I reach customer support?',
        answer:
          '<p>Our advisers answer the phone Monday to Friday, 9 am to 1 pm and 2 pm to 6 pm (until 5 pm on Fridays). There are lines for France, Spain, Portugal, Germany, the Netherlands and Denmark, plus an English-speaking line. You can also write to us at any time from the <a href="contact">Contact</a> page.</p>',
      },
      de: {
        question: 'Wann erreiche ich den Kundenservice?',
        answer:
          '<p>Unsere Beraterinnen und Berater sind telefonisch Montag bis Freitag von 9 bis 13 Uhr und von 14 bis 18 Uhr erreichbar (freitags bis 17 Uhr). Es gibt Leitungen für Frankreich, Spanien, Portugal, Deutschland, die Niederlande und Dänemark sowie eine englischsprachige Leitung. Über die Seite <a href="contact">Kontakt</a> können Sie uns jederzeit schreiben.</p>',
      },
      es: {
        question: '¿Cuándo puedo contactar con el servicio de atención al cliente?',
        answer:
          '<p>Nuestros asesores le atienden por teléfono de lunes a viernes, de 9:00 a 13:00 y de 14:00 a 18:00 (hasta las 17:00 los viernes). Hay líneas para Francia, España, Portugal, Alemania, los Países Bajos y Dinamarca, además de una línea en inglés. También puede escribirnos en cualquier momento desde la página de <a href="contact">contacto</a>.</p>',
      },
      it: {
        question: 'Quando posso contattare l’assistenza clienti?',
        answer:
          '<p>I nostri consulenti rispondono al telefono dal lunedì al venerdì, dalle 9 alle 13 e dalle 14 alle 18 (fino alle 17 il venerdì). Ci sono linee dedicate a Francia, Spagna, Portogallo, Germania, Paesi Bassi e Danimarca, oltre a una linea in inglese. Potete anche scriverci in qualsiasi momento dalla pagina <a href="contact">Contatti</a>.</p>',
      },
      nl: {
        question: 'Wanneer kan ik de klantenservice bereiken?',
        answer:
          '<p>Onze adviseurs zijn telefonisch bereikbaar van maandag tot en met vrijdag van 9 tot 13 uur en van 14 tot 18 uur (op vrijdag tot 17 uur). Er zijn lijnen voor Frankrijk, Spanje, Portugal, Duitsland, Nederland en Denemarken en een Engelstalige lijn. U kunt ons ook altijd schrijven via de pagina <a href="contact">Contact</a>.</p>',
      },
      pl: {
        question: 'Kiedy mogę skontaktować się z obsługą klienta?',
        answer:
          '<p>Nasi doradcy odbierają telefony od poniedziałku do piątku w godz. 9:00–13:00 i 14:00–18:00 (w piątki do 17:00). Działają linie dla Francji, Hiszpanii, Portugalii, Niemiec, Holandii i Danii oraz linia anglojęzyczna. Możesz też napisać do nas o każdej porze ze strony <a href="contact">Kontakt</a>.</p>',
      },
      da: {
        question: 'Hvornår kan jeg kontakte kundeservice?',
        answer:
          '<p>Vores rådgivere tager telefonen mandag til fredag kl. 9–13 og 14–18 (fredag til kl. 17). Der er linjer til Frankrig, Spanien, Portugal, Tyskland, Nederlandene og Danmark samt en engelsksproget linje. Du kan også til enhver tid skrive til os via siden <a href="contact">Kontakt</a>.</p>',
      },
      pt: {
        question: 'Quando posso contactar o apoio ao cliente?',
        answer:
          '<p>Os nossos assistentes atendem por telefone de segunda a sexta-feira, das 9h às 13h e das 14h às 18h (até às 17h à sexta-feira). Há linhas para França, Espanha, Portugal, Alemanha, Países Baixos e Dinamarca, além de uma linha em inglês. Também nos pode escrever a qualquer hora a partir da página de <a href="contact">contacto</a>.</p>',
      },
    },
  },
  {
    key: 'plusieurs-souscriptions',
    sources: ['guide-declaration'],
    texts: {
      fr: {
        question: 'J’ai plusieurs assurances : laquelle choisir ?',
        answer:
          '<p>Si plusieurs souscriptions sont liées à votre numéro d’assuré, la première étape vous les présente sous la forme « nom prénom : garantie ». Choisissez celle qui couvre l’événement à déclarer ; chaque souscription fait l’objet de son propre dossier.</p>',
      },
      en: {
        question: 'I have several insurance policies. Which one should I choose?',
        answer:
          '<p>If several subscriptions are linked to your insured number, the first step lists them as “last name first name: cover”. Choose the one that covers the event you are declaring; each subscription has its own claim.</p>',
      },
      de: {
        question: 'Ich habe mehrere Versicherungen. Welche wähle ich?',
        answer:
          '<p>Sind mehrere Verträge mit Ihrer Versichertennummer verknüpft, zeigt der erste Schritt sie in der Form „Nachname Vorname: Versicherung“ an. Wählen Sie den Vertrag, der das zu meldende Ereignis abdeckt; für jeden Vertrag wird ein eigener Fall angelegt.</p>',
      },
      es: {
        question: 'Tengo varios seguros, ¿cuál elijo?',
        answer:
          '<p>Si hay varias suscripciones vinculadas a su número de asegurado, el primer paso las muestra como «apellido nombre: garantía». Elija la que cubre el hecho que declara; cada suscripción tiene su propio expediente.</p>',
      },
      it: {
        question: 'Ho più assicurazioni: quale scelgo?',
        answer:
          '<p>Se al vostro numero di assicurato sono collegate più sottoscrizioni, il primo passaggio le presenta nella forma «cognome nome: garanzia». Scegliete quella che copre l’evento da denunciare; ogni sottoscrizione ha la propria pratica.</p>',
      },
      nl: {
        question: 'Ik heb meerdere verzekeringen. Welke kies ik?',
        answer:
          '<p>Zijn er meerdere inschrijvingen aan uw verzekerdennummer gekoppeld, dan toont de eerste stap ze als ‘achternaam voornaam: dekking’. Kies de inschrijving die de gebeurtenis dekt die u meldt; voor elke inschrijving wordt een apart dossier aangemaakt.</p>',
      },
      pl: {
        question: 'Mam kilka ubezpieczeń. Które wybrać?',
        answer:
          '<p>Jeśli z Twoim numerem ubezpieczonego powiązanych jest kilka umów, pierwszy krok wyświetla je w formie „nazwisko imię: ubezpieczenie”. Wybierz to, które obejmuje zgłaszane zdarzenie; dla każdej umowy tworzone jest osobne zgłoszenie.</p>',
      },
      da: {
        question: 'Jeg har flere forsikringer. Hvilken skal jeg vælge?',
        answer:
          '<p>Er flere tegninger knyttet til dit forsikringsnummer, viser første trin dem som »efternavn fornavn: dækning«. Vælg den, der dækker den hændelse, du anmelder; hver tegning får sin egen sag.</p>',
      },
      pt: {
        question: 'Tenho vários seguros. Qual escolho?',
        answer:
          '<p>Se houver várias subscrições associadas ao seu número de segurado, o primeiro passo apresenta-as na forma «apelido nome: garantia». Escolha a que cobre o acontecimento a participar; cada subscrição tem o seu próprio processo.</p>',
      },
    },
  },
  {
    key: 'modifier-declaration',
    sources: ['contacter-support'],
    texts: {
      fr: {
        question: 'Puis-je modifier ma déclaration après l’envoi ?',
        answer:
          '<p>Une fois validée, la déclaration ne peut plus être modifiée en ligne. Pour corriger une information, ajoutez un commentaire lors de l’envoi de vos justificatifs ou écrivez-nous depuis la page <a href="contact">Contact</a> en indiquant votre numéro de dossier.</p>',
      },
      en: {
        question: 'Can I change my declaration after sending it?',
        answer:
          '<p>Once submitted, the declaration can no longer be changed online. To correct something, add a comment when you send your documents or write to us from the <a href="contact">Contact</a> page, quoting your claim number.</p>',
      },
      de: {
        question: 'Kann ich meine Meldung nach dem Absenden ändern?',
        answer:
          '<p>Nach dem Absenden lässt sich die Meldung online nicht mehr ändern. Um eine Angabe zu korrigieren, fügen Sie beim Senden Ihrer Nachweise einen Kommentar hinzu oder schreiben Sie uns über die Seite <a href="contact">Kontakt</a> unter Angabe Ihrer Schadennummer.</p>',
      },
      es: {
        question: '¿Puedo modificar mi declaración después de enviarla?',
        answer:
          '<p>Una vez validada, la declaración ya no puede modificarse en línea. Para corregir un dato, añada un comentario al enviar sus justificantes o escríbanos desde la página de <a href="contact">contacto</a> indicando su número de expediente.</p>',
      },
      it: {
        question: 'Posso modificare la denuncia dopo l’invio?',
        answer:
          '<p>Una volta confermata, la denuncia non può più essere modificata online. Per correggere un’informazione aggiungete un commento quando inviate i documenti oppure scriveteci dalla pagina <a href="contact">Contatti</a> indicando il numero di pratica.</p>',
      },
      nl: {
        question: 'Kan ik mijn melding na verzending nog wijzigen?',
        answer:
          '<p>Eenmaal bevestigd kan de melding online niet meer worden gewijzigd. Om iets te corrigeren, voegt u een opmerking toe wanneer u uw bewijsstukken stuurt, of schrijft u ons via de pagina <a href="contact">Contact</a> met vermelding van uw dossiernummer.</p>',
      },
      pl: {
        question: 'Czy mogę zmienić zgłoszenie po wysłaniu?',
        answer:
          '<p>Po zatwierdzeniu zgłoszenia nie można już zmienić online. Aby poprawić informację, dodaj komentarz podczas przesyłania dokumentów lub napisz do nas ze strony <a href="contact">Kontakt</a>, podając numer sprawy.</p>',
      },
      da: {
        question: 'Kan jeg ændre min anmeldelse, efter at den er sendt?',
        answer:
          '<p>Når anmeldelsen er bekræftet, kan den ikke længere ændres online. Vil du rette en oplysning, så tilføj en kommentar, når du sender din dokumentation, eller skriv til os via siden <a href="contact">Kontakt</a> med dit sagsnummer.</p>',
      },
      pt: {
        question: 'Posso alterar a participação depois de a enviar?',
        answer:
          '<p>Depois de validada, a participação já não pode ser alterada online. Para corrigir uma informação, acrescente um comentário ao enviar os documentos ou escreva-nos a partir da página de <a href="contact">contacto</a>, indicando o número de processo.</p>',
      },
    },
  },
  {
    key: 'documents-illisibles',
    sources: ['justificatifs'],
    texts: {
      fr: {
        question: 'Mes documents sont illisibles ou ne s’affichent pas, que faire ?',
        answer:
          '<p>Renvoyez le document concerné depuis le suivi de votre dossier, de préférence en PDF ou en photo bien éclairée, prise à plat et sans reflet. Si le problème persiste, envoyez-le par e-mail au service client en indiquant votre numéro de dossier.</p>',
      },
      en: {
        question: 'My documents are illegible or do not display. What should I do?',
        answer:
          '<p>Send the document again when you follow your claim, preferably as a PDF or as a well-lit photo taken flat and without glare. If the problem persists, email it to customer support, quoting your claim number.</p>',
      },
      de: {
        question: 'Meine Dokumente sind unleserlich oder werden nicht angezeigt. Was tun?',
        answer:
          '<p>Senden Sie das Dokument in der Verfolgung Ihres Falls erneut, am besten als PDF oder als gut ausgeleuchtetes, flach aufgenommenes Foto ohne Spiegelungen. Besteht das Problem weiter, schicken Sie es unter Angabe Ihrer Schadennummer per E-Mail an den Kundenservice.</p>',
      },
      es: {
        question: 'Mis documentos no se leen o no se muestran, ¿qué hago?',
        answer:
          '<p>Vuelva a enviar el documento desde el seguimiento de su expediente, preferiblemente en PDF o como foto bien iluminada, tomada en plano y sin reflejos. Si el problema persiste, envíelo por correo electrónico al servicio de atención al cliente indicando su número de expediente.</p>',
      },
      it: {
        question: 'I miei documenti sono illeggibili o non si visualizzano, cosa faccio?',
        answer:
          '<p>Inviate di nuovo il documento dal monitoraggio della pratica, preferibilmente in PDF o come foto ben illuminata, scattata in piano e senza riflessi. Se il problema persiste, inviatelo via e-mail all’assistenza clienti indicando il numero di pratica.</p>',
      },
      nl: {
        question: 'Mijn documenten zijn onleesbaar of worden niet getoond. Wat nu?',
        answer:
          '<p>Stuur het document opnieuw via het volgen van uw dossier, bij voorkeur als PDF of als goed belichte foto, plat genomen en zonder weerspiegeling. Blijft het probleem bestaan, mail het dan naar de klantenservice met vermelding van uw dossiernummer.</p>',
      },
      pl: {
        question: 'Moje dokumenty są nieczytelne lub się nie wyświetlają. Co robić?',
        answer:
          '<p>Prześlij dokument ponownie w sekcji śledzenia zgłoszenia, najlepiej jako PDF lub dobrze oświetlone zdjęcie zrobione na płasko i bez odblasków. Jeśli problem nie ustępuje, wyślij go e-mailem do obsługi klienta, podając numer sprawy.</p>',
      },
      da: {
        question: 'Mine dokumenter kan ikke læses eller vises. Hvad gør jeg?',
        answer:
          '<p>Send dokumentet igen, når du følger din sag, helst som PDF eller som et godt belyst foto taget lige ovenfra uden genskin. Fortsætter problemet, så send det pr. e-mail til kundeservice med dit sagsnummer.</p>',
      },
      pt: {
        question: 'Os meus documentos estão ilegíveis ou não aparecem. O que faço?',
        answer:
          '<p>Volte a enviar o documento a partir do acompanhamento do processo, de preferência em PDF ou numa fotografia bem iluminada, tirada de cima e sem reflexos. Se o problema persistir, envie-o por e-mail ao apoio ao cliente, indicando o número de processo.</p>',
      },
    },
  },
  {
    key: 'donnees-personnelles',
    sources: [],
    texts: {
      fr: {
        question: 'Comment mes données personnelles sont-elles protégées ?',
        answer:
          '<p>Vos données servent uniquement à gérer votre dossier. Elles sont hébergées dans l’Union européenne, accessibles aux seules personnes habilitées et ne sont jamais vendues. Le détail figure dans la <a href="politique-confidentialite">politique de confidentialité</a>, qui explique aussi comment exercer vos droits.</p>',
      },
      en: {
        question: 'How is my personal data protected?',
        answer:
          '<p>Your data is used only to handle your claim. It is hosted in the European Union, accessible only to authorised staff and never sold. The details are in the <a href="politique-confidentialite">privacy policy</a>, which also explains how to exercise your rights.</p>',
      },
      de: {
        question: 'Wie werden meine personenbezogenen Daten geschützt?',
        answer:
          '<p>Ihre Daten dienen ausschließlich der Bearbeitung Ihres Falls. Sie werden in der Europäischen Union gespeichert, sind nur befugten Personen zugänglich und werden nie verkauft. Einzelheiten und Ihre Rechte finden Sie in der <a href="politique-confidentialite">Datenschutzerklärung</a>.</p>',
      },
      es: {
        question: '¿Cómo se protegen mis datos personales?',
        answer:
          '<p>Sus datos solo sirven para gestionar su expediente. Se alojan en la Unión Europea, solo son accesibles para las personas autorizadas y nunca se venden. Encontrará los detalles, y cómo ejercer sus derechos, en la <a href="politique-confidentialite">política de privacidad</a>.</p>',
      },
      it: {
        question: 'Come sono protetti i miei dati personali?',
        answer:
          '<p>I vostri dati servono solo a gestire la pratica. Sono ospitati nell’Unione europea, accessibili solo alle persone autorizzate e mai venduti. I dettagli, e come esercitare i vostri diritti, sono nell’<a href="politique-confidentialite">informativa sulla privacy</a>.</p>',
      },
      nl: {
        question: 'Hoe worden mijn persoonsgegevens beschermd?',
        answer:
          '<p>Uw gegevens dienen alleen om uw dossier te behandelen. Ze worden in de Europese Unie gehost, zijn alleen toegankelijk voor bevoegde medewerkers en worden nooit verkocht. De details, en hoe u uw rechten uitoefent, staan in het <a href="politique-confidentialite">privacybeleid</a>.</p>',
      },
      pl: {
        question: 'Jak chronione są moje dane osobowe?',
        answer:
          '<p>Twoje dane służą wyłącznie do obsługi zgłoszenia. Są przechowywane w Unii Europejskiej, dostępne tylko dla upoważnionych osób i nigdy nie są sprzedawane. Szczegóły oraz sposób korzystania z przysługujących Ci praw opisuje <a href="politique-confidentialite">polityka prywatności</a>.</p>',
      },
      da: {
        question: 'Hvordan beskyttes mine personoplysninger?',
        answer:
          '<p>Dine oplysninger bruges kun til at behandle din sag. De opbevares i Den Europæiske Union, er kun tilgængelige for autoriserede medarbejdere og bliver aldrig solgt. Detaljerne, og hvordan du udøver dine rettigheder, står i <a href="politique-confidentialite">privatlivspolitikken</a>.</p>',
      },
      pt: {
        question: 'Como são protegidos os meus dados pessoais?',
        answer:
          '<p>Os seus dados servem apenas para gerir o seu processo. Estão alojados na União Europeia, só são acessíveis a pessoas autorizadas e nunca são vendidos. Os pormenores, e a forma de exercer os seus direitos, constam da <a href="politique-confidentialite">política de privacidade</a>.</p>',
      },
    },
  },
  {
    key: 'dossier-sans-suite',
    sources: ['reclamation-mediation'],
    texts: {
      fr: {
        question: 'Pourquoi mon dossier a-t-il été classé sans suite ?',
        answer:
          '<p>Un dossier est classé sans suite lorsque l’événement n’est pas couvert par le contrat (exclusion, événement antérieur à la souscription…) ou lorsque les justificatifs n’ont pas été fournis malgré nos relances. La raison vous est expliquée par e-mail. Si vous la contestez, vous pouvez faire une réclamation.</p>',
      },
      en: {
        question: 'Why was my claim closed without payment?',
        answer:
          '<p>A claim is closed without payment when the event is not covered by the contract (an exclusion, an event that happened before you took out the cover…) or when the documents were not provided despite our reminders. The reason is explained to you by email. If you disagree, you can make a complaint.</p>',
      },
      de: {
        question: 'Warum wurde mein Fall ohne Leistung abgeschlossen?',
        answer:
          '<p>Ein Fall wird ohne Leistung abgeschlossen, wenn das Ereignis nicht versichert ist (Ausschluss, Ereignis vor Vertragsabschluss…) oder wenn die Nachweise trotz Erinnerungen nicht eingereicht wurden. Den Grund erklären wir Ihnen per E-Mail. Sind Sie nicht einverstanden, können Sie eine Beschwerde einreichen.</p>',
      },
      es: {
        question: '¿Por qué se archivó mi expediente sin indemnización?',
        answer:
          '<p>Un expediente se archiva sin indemnización cuando el hecho no está cubierto por el contrato (exclusión, hecho anterior a la contratación…) o cuando no se aportaron los justificantes pese a nuestros recordatorios. Le explicamos el motivo por correo electrónico. Si no está de acuerdo, puede presentar una reclamación.</p>',
      },
      it: {
        question: 'Perché la mia pratica è stata archiviata senza seguito?',
        answer:
          '<p>Una pratica viene archiviata senza seguito quando l’evento non è coperto dal contratto (esclusione, evento anteriore alla sottoscrizione…) o quando i documenti non sono stati forniti nonostante i solleciti. Il motivo vi viene spiegato via e-mail. Se non siete d’accordo, potete presentare un reclamo.</p>',
      },
      nl: {
        question: 'Waarom is mijn dossier zonder gevolg afgesloten?',
        answer:
          '<p>Een dossier wordt zonder gevolg afgesloten als de gebeurtenis niet door het contract gedekt is (uitsluiting, gebeurtenis van vóór de inschrijving…) of als de bewijsstukken ondanks herinneringen niet zijn aangeleverd. De reden leggen wij u per e-mail uit. Bent u het er niet mee eens, dan kunt u een klacht indienen.</p>',
      },
      pl: {
        question: 'Dlaczego moja sprawa została zamknięta bez wypłaty?',
        answer:
          '<p>Sprawę zamyka się bez wypłaty, gdy zdarzenie nie jest objęte umową (wyłączenie, zdarzenie sprzed zawarcia ubezpieczenia…) lub gdy mimo przypomnień nie dostarczono dokumentów. Przyczynę wyjaśniamy e-mailem. Jeśli się z nią nie zgadzasz, możesz złożyć reklamację.</p>',
      },
      da: {
        question: 'Hvorfor er min sag afsluttet uden udbetaling?',
        answer:
          '<p>En sag afsluttes uden udbetaling, når hændelsen ikke er dækket af aftalen (en undtagelse, en hændelse fra før forsikringen blev tegnet …), eller når dokumentationen ikke er sendt trods vores påmindelser. Vi forklarer årsagen pr. e-mail. Er du uenig, kan du klage.</p>',
      },
      pt: {
        question: 'Porque foi o meu processo arquivado sem seguimento?',
        answer:
          '<p>Um processo é arquivado sem seguimento quando o acontecimento não está coberto pelo contrato (exclusão, acontecimento anterior à subscrição…) ou quando os documentos não foram enviados apesar dos nossos lembretes. O motivo é-lhe explicado por e-mail. Se não concordar, pode apresentar uma reclamação.</p>',
      },
    },
  },
  {
    key: 'assistant-faq',
    sources: [],
    texts: {
      fr: {
        question: 'Puis-je interroger l’assistant FAQ sur mon dossier ?',
        answer:
          '<p>Non, l’assistant FAQ ne peut pas vous renseigner sur votre dossier. Il répond aux questions générales et n’a pas accès aux dossiers. N’y saisissez aucune donnée personnelle ou sensible. Pour une question sur votre dossier, utilisez « Suivre mon dossier » ou contactez le service client.</p>',
      },
      en: {
        question: 'Can I ask the FAQ assistant about my claim?',
        answer:
          '<p>No, the FAQ assistant cannot tell you anything about your claim. It answers general questions and has no access to claims. Do not type any personal or sensitive data into it. For a question about your claim, use “Follow my claim” or contact customer support.</p>',
      },
      de: {
        question: 'Kann ich den FAQ-Assistenten zu meinem Fall befragen?',
        answer:
          '<p>Nein, der FAQ-Assistent kann Ihnen keine Auskunft zu Ihrem Fall geben. Er beantwortet allgemeine Fragen und hat keinen Zugriff auf Schadenfälle. Geben Sie dort keine personenbezogenen oder sensiblen Daten ein. Für Fragen zu Ihrem Fall nutzen Sie „Meinen Fall verfolgen“ oder wenden Sie sich an den Kundenservice.</p>',
      },
      es: {
        question: '¿Puedo preguntar al asistente de preguntas frecuentes sobre mi expediente?',
        answer:
          '<p>No, el asistente no puede informarle sobre su expediente. Responde a preguntas generales y no tiene acceso a los expedientes. No introduzca en él datos personales ni sensibles. Para una consulta sobre su expediente, utilice «Seguir mi expediente» o contacte con el servicio de atención al cliente.</p>',
      },
      it: {
        question: 'Posso chiedere all’assistente FAQ informazioni sulla mia pratica?',
        answer:
          '<p>No, l’assistente non può darvi informazioni sulla vostra pratica. Risponde a domande generali e non ha accesso alle pratiche. Non inserite dati personali o sensibili. Per una domanda sulla vostra pratica usate «Segui la mia pratica» o contattate l’assistenza clienti.</p>',
      },
      nl: {
        question: 'Kan ik de FAQ-assistent vragen stellen over mijn dossier?',
        answer:
          '<p>Nee, de FAQ-assistent kan u niets over uw dossier vertellen. Hij beantwoordt algemene vragen en heeft geen toegang tot dossiers. Voer er geen persoonlijke of gevoelige gegevens in. Voor een vraag over uw dossier gebruikt u ‘Mijn dossier volgen’ of neemt u contact op met de klantenservice.</p>',
      },
      pl: {
        question: 'Czy mogę zapytać asystenta FAQ o moje zgłoszenie?',
        answer:
          '<p>Nie, asystent FAQ nie udziela informacji o konkretnych zgłoszeniach. Odpowiada na pytania ogólne i nie ma dostępu do zgłoszeń. Nie wpisuj w nim żadnych danych osobowych ani wrażliwych. W sprawie swojego zgłoszenia skorzystaj z sekcji „Śledź moje zgłoszenie” lub skontaktuj się z obsługą klienta.</p>',
      },
      da: {
        question: 'Kan jeg spørge FAQ-assistenten om min sag?',
        answer:
          '<p>Nej, FAQ-assistenten kan ikke oplyse noget om din sag. Den besvarer generelle spørgsmål og har ikke adgang til sager. Skriv ikke personlige eller følsomme oplysninger i den. Har du spørgsmål til din sag, så brug »Følg min sag«, eller kontakt kundeservice.</p>',
      },
      pt: {
        question: 'Posso perguntar ao assistente de perguntas frequentes sobre o meu processo?',
        answer:
          '<p>Não, o assistente não pode dar informações sobre o seu processo. Responde a perguntas gerais e não tem acesso aos processos. Não introduza dados pessoais ou sensíveis. Para uma questão sobre o seu processo, utilize «Acompanhar o meu processo» ou contacte o apoio ao cliente.</p>',
      },
    },
  },
  {
    key: 'vol',
    sources: ['justificatifs', 'guide-declaration'],
    texts: {
      fr: {
        question: 'Que faire en cas de vol ?',
        answer:
          '<p>Portez plainte au plus vite auprès de la police ou de la gendarmerie (à l’étranger, auprès de la police locale) : le dépôt de plainte est demandé pour tout vol. Déclarez ensuite le sinistre en ligne avec votre numéro d’assuré, en choisissant la garantie concernée, par exemple le vol ou la casse de matériel pour un vélo, sa batterie ou ses accessoires, ou les bagages. Joignez le dépôt de plainte, la facture d’achat de ce qui a été volé et un RIB ; un document qui vous manque pourra être ajouté plus tard depuis le suivi de votre dossier.</p>',
      },
      en: {
        question: 'What should I do after a theft?',
        answer:
          '<p>Report the theft to the police as soon as possible (abroad, to the local police): a police report is required for any theft. Then make your claim online with your insured number and choose the cover concerned, for example equipment theft or damage for a bike, its battery or its accessories, or luggage. Attach the police report, the purchase invoice of what was stolen and your bank details; a document you do not have yet can be added later when you follow your claim.</p>',
      },
      de: {
        question: 'Was tun nach einem Diebstahl?',
        answer:
          '<p>Erstatten Sie so schnell wie möglich Anzeige bei der Polizei (im Ausland bei der örtlichen Polizei): Für jeden Diebstahl wird die Anzeige verlangt. Melden Sie den Schaden danach online mit Ihrer Versichertennummer und wählen Sie die betroffene Deckung, etwa Diebstahl oder Bruch der Ausrüstung für ein Fahrrad, seinen Akku oder sein Zubehör, oder das Reisegepäck. Fügen Sie die Anzeige, die Kaufrechnung des gestohlenen Gegenstands und Ihre Bankverbindung bei; ein fehlendes Dokument können Sie später in der Verfolgung Ihres Falls nachreichen.</p>',
      },
      es: {
        question: '¿Qué hago en caso de robo?',
        answer:
          '<p>Presente denuncia cuanto antes ante la policía (en el extranjero, ante la policía local): la denuncia se pide para cualquier robo. Después declare el siniestro en línea con su número de asegurado y elija la garantía correspondiente, por ejemplo el robo o la rotura del material para una bicicleta, su batería o sus accesorios, o el equipaje. Adjunte la denuncia, la factura de compra de lo robado y sus datos bancarios; un documento que aún le falte podrá añadirlo más tarde desde el seguimiento de su expediente.</p>',
      },
      it: {
        question: 'Cosa fare in caso di furto?',
        answer:
          '<p>Sporgete denuncia al più presto presso la polizia (all’estero, presso la polizia locale): la denuncia è richiesta per qualsiasi furto. Poi denunciate il sinistro online con il numero di assicurato, scegliendo la garanzia interessata, per esempio il furto o la rottura dell’attrezzatura per una bici, la sua batteria o i suoi accessori, oppure i bagagli. Allegate la denuncia, la fattura d’acquisto di ciò che è stato rubato e le coordinate bancarie; un documento che ancora vi manca potrà essere aggiunto più tardi dal monitoraggio della pratica.</p>',
      },
      nl: {
        question: 'Wat moet ik doen bij diefstal?',
        answer:
          '<p>Doe zo snel mogelijk aangifte bij de politie (in het buitenland bij de plaatselijke politie): voor elke diefstal wordt het proces-verbaal van aangifte gevraagd. Meld de schade daarna online met uw verzekerdennummer en kies de betrokken dekking, bijvoorbeeld diefstal of breuk van materiaal voor een fiets, de accu of de accessoires, of bagage. Voeg de aangifte, de aankoopfactuur van wat gestolen is en uw bankgegevens bij; een document dat u nog mist, kunt u later toevoegen wanneer u uw dossier volgt.</p>',
      },
      pl: {
        question: 'Co zrobić w przypadku kradzieży?',
        answer:
          '<p>Jak najszybciej zgłoś kradzież na policji (za granicą na miejscowej policji): zaświadczenie o zgłoszeniu jest wymagane przy każdej kradzieży. Następnie zgłoś szkodę online, podając numer ubezpieczonego, i wybierz odpowiednie ubezpieczenie, na przykład kradzież lub uszkodzenie sprzętu w przypadku roweru, jego akumulatora lub akcesoriów albo bagaż. Dołącz zaświadczenie z policji, fakturę zakupu skradzionych rzeczy oraz dane bankowe; brakujący dokument możesz dodać później podczas śledzenia zgłoszenia.</p>',
      },
      da: {
        question: 'Hvad gør jeg ved tyveri?',
        answer:
          '<p>Anmeld tyveriet til politiet hurtigst muligt (i udlandet til det lokale politi): der kræves en politianmeldelse ved ethvert tyveri. Anmeld derefter skaden online med dit forsikringsnummer, og vælg den dækning, det drejer sig om, for eksempel tyveri af eller skade på udstyr for en cykel, dens batteri eller tilbehør, eller bagage. Vedhæft politianmeldelsen, købsfakturaen for det stjålne og dine bankoplysninger; et dokument, du mangler, kan du tilføje senere, når du følger din sag.</p>',
      },
      pt: {
        question: 'O que fazer em caso de roubo?',
        answer:
          '<p>Apresente queixa o mais depressa possível na polícia (no estrangeiro, na polícia local): a queixa é pedida para qualquer roubo. Depois participe o sinistro online com o seu número de segurado e escolha a garantia em causa, por exemplo o roubo ou dano do equipamento para uma bicicleta, a sua bateria ou os seus acessórios, ou a bagagem. Junte a queixa, a fatura de compra do que foi roubado e os seus dados bancários; um documento que ainda lhe falte pode ser acrescentado mais tarde no acompanhamento do processo.</p>',
      },
    },
  },
  {
    key: 'casse-materiel',
    sources: ['justificatifs', 'guide-declaration'],
    texts: {
      fr: {
        question: 'Que faire en cas de casse ou de vandalisme ?',
        answer:
          '<p>Déclarez le sinistre en ligne avec votre numéro d’assuré et choisissez la garantie concernée, par exemple le vol ou la casse de matériel pour un vélo, sa batterie ou ses accessoires, puis le motif : casse accidentelle ou vandalisme. Joignez un devis ou une facture de réparation et un RIB, avec la facture d’achat pour une casse accidentelle, ou le dépôt de plainte pour un acte de vandalisme (portez plainte auprès de la police ou de la gendarmerie). Un document qui vous manque pourra être ajouté plus tard depuis le suivi de votre dossier.</p>',
      },
      en: {
        question: 'What should I do if my equipment is damaged or vandalised?',
        answer:
          '<p>Make your claim online with your insured number and choose the cover concerned, for example equipment theft or damage for a bike, its battery or its accessories, then the reason: accidental damage or vandalism. Attach a repair estimate or invoice and your bank details, with the purchase invoice for accidental damage, or the police report for vandalism (report it to the police). A document you do not have yet can be added later when you follow your claim.</p>',
      },
      de: {
        question: 'Was tun bei Bruch oder Vandalismus?',
        answer:
          '<p>Melden Sie den Schaden online mit Ihrer Versichertennummer und wählen Sie die betroffene Deckung, etwa Diebstahl oder Bruch der Ausrüstung für ein Fahrrad, seinen Akku oder sein Zubehör, dann den Grund: Unfallschaden oder Vandalismus. Fügen Sie einen Kostenvoranschlag oder eine Reparaturrechnung und Ihre Bankverbindung bei, dazu die Kaufrechnung bei einem Unfallschaden oder die Anzeige bei Vandalismus (erstatten Sie Anzeige bei der Polizei). Ein fehlendes Dokument können Sie später in der Verfolgung Ihres Falls nachreichen.</p>',
      },
      es: {
        question: '¿Qué hago en caso de rotura o vandalismo?',
        answer:
          '<p>Declare el siniestro en línea con su número de asegurado y elija la garantía correspondiente, por ejemplo el robo o la rotura del material para una bicicleta, su batería o sus accesorios, y después el motivo: rotura accidental o vandalismo. Adjunte un presupuesto o una factura de reparación y sus datos bancarios, con la factura de compra en caso de rotura accidental, o la denuncia en caso de vandalismo (denúncielo ante la policía). Un documento que aún le falte podrá añadirlo más tarde desde el seguimiento de su expediente.</p>',
      },
      it: {
        question: 'Cosa fare in caso di rottura o atto vandalico?',
        answer:
          '<p>Denunciate il sinistro online con il numero di assicurato, scegliendo la garanzia interessata, per esempio il furto o la rottura dell’attrezzatura per una bici, la sua batteria o i suoi accessori, poi il motivo: rottura accidentale o atto vandalico. Allegate un preventivo o una fattura di riparazione e le coordinate bancarie, con la fattura d’acquisto per una rottura accidentale, o la denuncia per un atto vandalico (sporgete denuncia presso la polizia). Un documento che ancora vi manca potrà essere aggiunto più tardi dal monitoraggio della pratica.</p>',
      },
      nl: {
        question: 'Wat moet ik doen bij breuk of vandalisme?',
        answer:
          '<p>Meld de schade online met uw verzekerdennummer en kies de betrokken dekking, bijvoorbeeld diefstal of breuk van materiaal voor een fiets, de accu of de accessoires, en daarna de reden: onopzettelijke schade of beschadiging door vandalen. Voeg een reparatieofferte of -factuur en uw bankgegevens bij, met de aankoopfactuur bij onopzettelijke schade, of de aangifte bij vandalisme (doe aangifte bij de politie). Een document dat u nog mist, kunt u later toevoegen wanneer u uw dossier volgt.</p>',
      },
      pl: {
        question: 'Co zrobić w przypadku uszkodzenia lub wandalizmu?',
        answer:
          '<p>Zgłoś szkodę online, podając numer ubezpieczonego, i wybierz odpowiednie ubezpieczenie, na przykład kradzież lub uszkodzenie sprzętu w przypadku roweru, jego akumulatora lub akcesoriów, a następnie przyczynę: przypadkowe uszkodzenie lub wandalizm. Dołącz kosztorys lub fakturę za naprawę oraz dane bankowe, a do tego fakturę zakupu przy przypadkowym uszkodzeniu albo zaświadczenie z policji przy wandalizmie (zgłoś to na policji). Brakujący dokument możesz dodać później podczas śledzenia zgłoszenia.</p>',
      },
      da: {
        question: 'Hvad gør jeg ved skade eller hærværk?',
        answer:
          '<p>Anmeld skaden online med dit forsikringsnummer, og vælg den dækning, det drejer sig om, for eksempel tyveri af eller skade på udstyr for en cykel, dens batteri eller tilbehør, og derefter årsagen: hændelig skade eller hærværk. Vedhæft et tilbud eller en faktura på reparation og dine bankoplysninger, med købsfakturaen ved hændelig skade eller politianmeldelsen ved hærværk (anmeld det til politiet). Et dokument, du mangler, kan du tilføje senere, når du følger din sag.</p>',
      },
      pt: {
        question: 'O que fazer em caso de dano ou vandalismo?',
        answer:
          '<p>Participe o sinistro online com o seu número de segurado e escolha a garantia em causa, por exemplo o roubo ou dano do equipamento para uma bicicleta, a sua bateria ou os seus acessórios, e depois o motivo: dano acidental ou vandalismo. Junte um orçamento ou uma fatura de reparação e os seus dados bancários, com a fatura de compra em caso de dano acidental, ou a queixa em caso de vandalismo (apresente queixa na polícia). Um documento que ainda lhe falte pode ser acrescentado mais tarde no acompanhamento do processo.</p>',
      },
    },
  },
];

/** Title and opening line of the knowledge document generated from `documents.ts`. */
const DOCUMENT_GUIDE_INTRO: Translations<{ readonly title: string; readonly intro: string }> = {
  fr: {
    title: 'Liste des justificatifs',
    intro:
      'Voici les justificatifs qui peuvent vous être demandés. La liste exacte dépend du motif de votre déclaration ; elle s’affiche sur la page de confirmation et dans le suivi de votre dossier.',
  },
  en: {
    title: 'List of supporting documents',
    intro:
      'These are the documents you may be asked for. The exact list depends on the reason you declared; it is shown on the confirmation page and when you follow your claim.',
  },
  de: {
    title: 'Liste der Nachweise',
    intro:
      'Diese Nachweise können von Ihnen angefordert werden. Die genaue Liste hängt vom gemeldeten Grund ab; sie erscheint auf der Bestätigungsseite und in der Verfolgung Ihres Falls.',
  },
  es: {
    title: 'Lista de justificantes',
    intro:
      'Estos son los justificantes que se le pueden pedir. La lista exacta depende del motivo declarado; aparece en la página de confirmación y en el seguimiento de su expediente.',
  },
  it: {
    title: 'Elenco dei documenti giustificativi',
    intro:
      'Questi sono i documenti che possono esservi richiesti. L’elenco esatto dipende dal motivo dichiarato; compare nella pagina di conferma e nel monitoraggio della pratica.',
  },
  nl: {
    title: 'Lijst van bewijsstukken',
    intro:
      'Dit zijn de bewijsstukken die u kunnen worden gevraagd. De precieze lijst hangt af van de gemelde reden; u ziet hem op de bevestigingspagina en bij het volgen van uw dossier.',
  },
  pl: {
    title: 'Lista dokumentów',
    intro:
      'Oto dokumenty, o które możemy poprosić. Dokładna lista zależy od zgłoszonej przyczyny; wyświetla się na stronie potwierdzenia i podczas śledzenia zgłoszenia.',
  },
  da: {
    title: 'Liste over dokumentation',
    intro:
      'Her er den dokumentation, du kan blive bedt om. Den præcise liste afhænger af den anmeldte årsag; den vises på bekræftelsessiden og når du følger din sag.',
  },
  pt: {
    title: 'Lista de documentos comprovativos',
    intro:
      'Estes são os documentos que lhe podem ser pedidos. A lista exata depende do motivo participado; aparece na página de confirmação e no acompanhamento do processo.',
  },
};

/** A knowledge document listing every document type with its description, in one language. */
function documentGuide(lang: Language): { title: string; body: string } {
  const { title, intro } = DOCUMENT_GUIDE_INTRO[lang];
  const lines = DOCUMENT_TYPES.map(({ texts }) => `${texts[lang].nom} — ${texts[lang].description}`);
  return { title, body: [intro, ...lines].join('\n\n') };
}

export const KNOWLEDGE_DOCUMENTS: readonly KnowledgeDocument[] = [
  {
    key: 'guide-declaration',
    texts: {
      fr: {
        title: 'Guide de la déclaration en ligne',
        body: `La déclaration en ligne se fait depuis la page « Déclarer un sinistre », en quelques étapes.

Numéro d’assuré : saisissez le numéro qui commence par SO-. Si plusieurs souscriptions y sont rattachées, choisissez celle qui couvre l’événement.

Objet de la demande : choisissez la garantie concernée, par exemple l’annulation de séjour ou le vol de matériel. Le bouton « Voir plus » affiche toutes les garanties.

Motif : précisez la raison, par exemple une maladie grave ou une mutation professionnelle.

Informations complémentaires : indiquez la date du sinistre et décrivez les circonstances en quelques lignes.

Vos coordonnées et votre réservation : tous les champs sont obligatoires ; la date de début de réservation doit précéder la date de fin.

Récapitulatif : vérifiez vos informations, cochez la certification (et, pour une annulation, la confirmation d’annulation), puis validez. Vous recevez un numéro de dossier SI- et la liste des justificatifs à fournir.`,
      },
      en: {
        title: 'Guide to making a claim online',
        body: `You make a claim online from the “Make a claim” page, in a few steps.

Insured number: enter the number that starts with SO-. If several subscriptions are linked to it, choose the one that covers the event.

What the request is about: choose the cover concerned, for example trip cancellation or theft of equipment. The “See more” button shows every cover.

Reason: say why, for example a serious illness or a job transfer.

Additional information: give the date of the event and describe the circumstances in a few lines.

Your details and your booking: every field is required; the booking start date must come before the end date.

Summary: check your information, tick the certification (and, for a cancellation, the cancellation confirmation), then submit. You receive an SI- claim number and the list of documents to provide.`,
      },
      de: {
        title: 'Leitfaden für die Online-Schadensmeldung',
        body: `Die Online-Meldung erfolgt in wenigen Schritten über die Seite „Schaden melden“.

Versichertennummer: Geben Sie die Nummer ein, die mit SO- beginnt. Sind mehrere Verträge damit verknüpft, wählen Sie den, der das Ereignis abdeckt.

Gegenstand der Anfrage: Wählen Sie die betroffene Versicherung, zum Beispiel Reiserücktritt oder Diebstahl der Ausrüstung. Über „Mehr anzeigen“ sehen Sie alle Versicherungen.

Grund: Geben Sie den Anlass an, zum Beispiel eine schwere Erkrankung oder eine berufliche Versetzung.

Weitere Angaben: Nennen Sie das Schadensdatum und beschreiben Sie die Umstände in wenigen Zeilen.

Ihre Kontaktdaten und Ihre Buchung: Alle Felder sind Pflichtfelder; der Buchungsbeginn muss vor dem Buchungsende liegen.

Zusammenfassung: Prüfen Sie Ihre Angaben, bestätigen Sie die Richtigkeit (und bei einer Stornierung die Stornierungsbestätigung) und senden Sie ab. Sie erhalten eine Schadennummer SI- und die Liste der einzureichenden Nachweise.`,
      },
      es: {
        title: 'Guía de la declaración en línea',
        body: `La declaración en línea se hace desde la página «Declarar un siniestro», en pocos pasos.

Número de asegurado: introduzca el número que empieza por SO-. Si tiene varias suscripciones vinculadas, elija la que cubre el hecho.

Objeto de la solicitud: elija la garantía afectada, por ejemplo la anulación de estancia o el robo de material. El botón «Ver más» muestra todas las garantías.

Motivo: indique la causa, por ejemplo una enfermedad grave o un traslado profesional.

Información complementaria: indique la fecha del siniestro y describa las circunstancias en pocas líneas.

Sus datos y su reserva: todos los campos son obligatorios; la fecha de inicio de la reserva debe ser anterior a la fecha de fin.

Resumen: compruebe sus datos, marque la certificación (y, en caso de anulación, la confirmación de anulación) y valide. Recibirá un número de expediente SI- y la lista de justificantes que debe aportar.`,
      },
      it: {
        title: 'Guida alla denuncia online',
        body: `La denuncia online si fa dalla pagina «Denuncia un sinistro», in pochi passaggi.

Numero di assicurato: inserite il numero che inizia con SO-. Se vi sono collegate più sottoscrizioni, scegliete quella che copre l’evento.

Oggetto della richiesta: scegliete la garanzia interessata, per esempio l’annullamento del soggiorno o il furto dell’attrezzatura. Il pulsante «Vedi altro» mostra tutte le garanzie.

Motivo: precisate la causa, per esempio una malattia grave o un trasferimento di lavoro.

Informazioni aggiuntive: indicate la data del sinistro e descrivete le circostanze in poche righe.

I vostri dati e la prenotazione: tutti i campi sono obbligatori; la data di inizio della prenotazione deve precedere quella di fine.

Riepilogo: verificate i dati, spuntate la dichiarazione (e, per un annullamento, la conferma di annullamento) e confermate. Riceverete un numero di pratica SI- e l’elenco dei documenti da fornire.`,
      },
      nl: {
        title: 'Handleiding voor de online schademelding',
        body: `U meldt online via de pagina ‘Schade melden’, in enkele stappen.

Verzekerdennummer: vul het nummer in dat met SO- begint. Zijn er meerdere inschrijvingen aan gekoppeld, kies dan de inschrijving die de gebeurtenis dekt.

Onderwerp van de aanvraag: kies de betrokken dekking, bijvoorbeeld annulering van het verblijf of diefstal van materiaal. Met ‘Meer tonen’ ziet u alle dekkingen.

Reden: geef de oorzaak aan, bijvoorbeeld een ernstige ziekte of een overplaatsing door de werkgever.

Aanvullende informatie: vermeld de datum van de schade en beschrijf de omstandigheden in enkele regels.

Uw gegevens en uw reservering: alle velden zijn verplicht; de begindatum van de reservering moet vóór de einddatum liggen.

Overzicht: controleer uw gegevens, vink de verklaring aan (en bij een annulering de annuleringsbevestiging) en bevestig. U ontvangt een dossiernummer SI- en de lijst van aan te leveren bewijsstukken.`,
      },
      pl: {
        title: 'Przewodnik po zgłoszeniu online',
        body: `Zgłoszenie online składa się na stronie „Zgłoś szkodę” w kilku krokach.

Numer ubezpieczonego: wpisz numer zaczynający się od SO-. Jeśli jest z nim powiązanych kilka umów, wybierz tę, która obejmuje zdarzenie.

Przedmiot wniosku: wybierz odpowiednie ubezpieczenie, na przykład rezygnację z pobytu lub kradzież sprzętu. Przycisk „Pokaż więcej” wyświetla wszystkie ubezpieczenia.

Przyczyna: wskaż powód, na przykład ciężką chorobę lub przeniesienie służbowe.

Informacje dodatkowe: podaj datę szkody i opisz okoliczności w kilku zdaniach.

Dane kontaktowe i rezerwacja: wszystkie pola są obowiązkowe; data rozpoczęcia rezerwacji musi poprzedzać datę jej zakończenia.

Podsumowanie: sprawdź dane, zaznacz oświadczenie (a w przypadku rezygnacji także potwierdzenie anulowania) i zatwierdź. Otrzymasz numer sprawy SI- oraz listę dokumentów do dostarczenia.`,
      },
      da: {
        title: 'Vejledning til anmeldelse online',
        body: `Du anmelder online fra siden »Anmeld en skade« i nogle få trin.

Forsikringsnummer: Indtast nummeret, der begynder med SO-. Er flere tegninger knyttet til det, så vælg den, der dækker hændelsen.

Hvad henvendelsen gælder: Vælg den relevante dækning, for eksempel afbestilling af ophold eller tyveri af udstyr. Knappen »Se mere« viser alle dækninger.

Årsag: Angiv grunden, for eksempel alvorlig sygdom eller forflyttelse i jobbet.

Yderligere oplysninger: Angiv datoen for skaden, og beskriv omstændighederne med få linjer.

Dine oplysninger og din booking: Alle felter skal udfyldes; bookingens startdato skal ligge før slutdatoen.

Oversigt: Kontrollér dine oplysninger, sæt flueben ved erklæringen (og ved en afbestilling ved bekræftelsen af afbestillingen), og bekræft. Du får et sagsnummer SI- og listen over den dokumentation, du skal sende.`,
      },
      pt: {
        title: 'Guia da participação online',
        body: `A participação online faz-se a partir da página «Participar um sinistro», em poucos passos.

Número de segurado: introduza o número que começa por SO-. Se houver várias subscrições associadas, escolha a que cobre o acontecimento.

Objeto do pedido: escolha a garantia em causa, por exemplo a anulação da estadia ou o roubo de equipamento. O botão «Ver mais» mostra todas as garantias.

Motivo: indique a causa, por exemplo uma doença grave ou uma transferência profissional.

Informações complementares: indique a data do sinistro e descreva as circunstâncias em poucas linhas.

Os seus dados e a sua reserva: todos os campos são obrigatórios; a data de início da reserva deve ser anterior à data de fim.

Resumo: verifique os dados, assinale a declaração (e, numa anulação, a confirmação de anulação) e valide. Recebe um número de processo SI- e a lista dos documentos a enviar.`,
      },
    },
  },
  {
    key: 'justificatifs',
    texts: {
      fr: documentGuide('fr'),
      en: documentGuide('en'),
      de: documentGuide('de'),
      es: documentGuide('es'),
      it: documentGuide('it'),
      nl: documentGuide('nl'),
      pl: documentGuide('pl'),
      da: documentGuide('da'),
      pt: documentGuide('pt'),
    },
  },
  {
    key: 'delais-remboursement',
    texts: {
      fr: {
        title: 'Délais de traitement et de remboursement',
        body: `Votre dossier est étudié dès réception de l’ensemble des justificatifs demandés. Quand il est complet et validé, le virement est émis sous 48 heures ; les fonds arrivent ensuite sous 2 à 5 jours ouvrés selon les banques.

Un dossier incomplet reste en attente : la page de suivi indique les documents manquants et la date de réception des derniers documents envoyés, tant qu’ils n’ont pas été traités.

La demande de remboursement doit être faite dès que vous avez connaissance de l’événement ; le délai précis figure dans les conditions générales de votre contrat.`,
      },
      en: {
        title: 'Processing and refund times',
        body: `Your claim is assessed as soon as every requested document has arrived. Once it is complete and validated, the transfer is made within 48 hours; the money then arrives within 2 to 5 working days, depending on the banks.

An incomplete claim stays on hold: the follow-up page lists the missing documents and, until they have been processed, the date the latest documents were received.

A refund request must be made as soon as you learn of the event; the exact time limit is in the terms and conditions of your contract.`,
      },
      de: {
        title: 'Bearbeitungs- und Erstattungsfristen',
        body: `Ihr Fall wird geprüft, sobald alle angeforderten Nachweise vorliegen. Ist er vollständig und geprüft, wird die Überweisung innerhalb von 48 Stunden ausgeführt; das Geld kommt je nach Bank nach 2 bis 5 Werktagen an.

Ein unvollständiger Fall bleibt in Wartestellung: Die Verfolgungsseite zeigt die fehlenden Dokumente und, solange sie nicht bearbeitet sind, das Eingangsdatum der zuletzt gesendeten Dokumente.

Der Erstattungsantrag ist zu stellen, sobald Sie von dem Ereignis erfahren; die genaue Frist steht in den Versicherungsbedingungen Ihres Vertrags.`,
      },
      es: {
        title: 'Plazos de tramitación y de reembolso',
        body: `Su expediente se estudia en cuanto se reciben todos los justificantes solicitados. Cuando está completo y validado, la transferencia se emite en 48 horas; el dinero llega después en 2 a 5 días hábiles, según los bancos.

Un expediente incompleto queda en espera: la página de seguimiento indica los documentos que faltan y, mientras no se hayan tratado, la fecha de recepción de los últimos documentos enviados.

La solicitud de reembolso debe hacerse en cuanto tenga conocimiento del hecho; el plazo exacto figura en las condiciones generales de su contrato.`,
      },
      it: {
        title: 'Tempi di gestione e di rimborso',
        body: `La pratica viene esaminata appena ricevuti tutti i documenti richiesti. Quando è completa e convalidata, il bonifico viene disposto entro 48 ore; i fondi arrivano poi in 2-5 giorni lavorativi, secondo le banche.

Una pratica incompleta resta in attesa: la pagina di monitoraggio indica i documenti mancanti e, finché non sono stati trattati, la data di ricezione degli ultimi documenti inviati.

La richiesta di rimborso va fatta appena si viene a conoscenza dell’evento; il termine esatto è indicato nelle condizioni generali del contratto.`,
      },
      nl: {
        title: 'Behandelings- en terugbetalingstermijnen',
        body: `Uw dossier wordt bestudeerd zodra alle gevraagde bewijsstukken binnen zijn. Is het volledig en goedgekeurd, dan gebeurt de overschrijving binnen 48 uur; het geld komt daarna, afhankelijk van de banken, binnen 2 tot 5 werkdagen aan.

Een onvolledig dossier blijft in afwachting: de volgpagina toont de ontbrekende documenten en, zolang ze niet zijn verwerkt, de ontvangstdatum van de laatst verstuurde documenten.

Een terugbetalingsaanvraag moet worden gedaan zodra u van de gebeurtenis op de hoogte bent; de precieze termijn staat in de algemene voorwaarden van uw contract.`,
      },
      pl: {
        title: 'Terminy rozpatrzenia i zwrotu',
        body: `Zgłoszenie jest rozpatrywane po otrzymaniu wszystkich wymaganych dokumentów. Gdy jest kompletne i zatwierdzone, przelew zostaje zlecony w ciągu 48 godzin; środki docierają w ciągu 2–5 dni roboczych, w zależności od banków.

Niekompletne zgłoszenie czeka na uzupełnienie: strona śledzenia pokazuje brakujące dokumenty oraz, dopóki nie zostaną rozpatrzone, datę otrzymania ostatnio przesłanych dokumentów.

Wniosek o zwrot należy złożyć, gdy tylko dowiesz się o zdarzeniu; dokładny termin podano w ogólnych warunkach umowy.`,
      },
      da: {
        title: 'Behandlings- og udbetalingstider',
        body: `Din sag behandles, så snart al den ønskede dokumentation er modtaget. Når den er komplet og godkendt, sendes overførslen inden for 48 timer; pengene når derefter frem inden for 2 til 5 bankdage afhængigt af bankerne.

En ufuldstændig sag sættes i bero: Opfølgningssiden viser de manglende dokumenter og, indtil de er behandlet, modtagelsesdatoen for de senest sendte dokumenter.

Anmodningen om udbetaling skal indgives, så snart du får kendskab til hændelsen; den præcise frist står i din aftales forsikringsbetingelser.`,
      },
      pt: {
        title: 'Prazos de tratamento e de reembolso',
        body: `O seu processo é analisado assim que todos os documentos pedidos são recebidos. Quando está completo e validado, a transferência é emitida em 48 horas; o dinheiro chega depois em 2 a 5 dias úteis, consoante os bancos.

Um processo incompleto fica em espera: a página de acompanhamento indica os documentos em falta e, enquanto não forem tratados, a data de receção dos últimos documentos enviados.

O pedido de reembolso deve ser feito logo que tenha conhecimento do acontecimento; o prazo exato consta das condições gerais do seu contrato.`,
      },
    },
  },
  {
    key: 'reclamation-mediation',
    texts: {
      fr: {
        title: 'Procédure de réclamation et médiation',
        body: `En cas de désaccord, adressez une réclamation depuis le formulaire « Réclamation » du site, en choisissant le motif : absence de réponse, délai, qualité de la relation, performance du contrat, contestation d’une réponse reçue ou autre. Indiquez votre numéro de dossier SI-.

Nous accusons réception de votre réclamation sous 10 jours ouvrables et vous apportons une réponse définitive sous 2 mois au plus.

Si la réponse ne vous satisfait pas, vous pouvez saisir gratuitement La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09.`,
      },
      en: {
        title: 'Complaints procedure and mediation',
        body: `If you disagree with us, send a complaint with the site’s “Complaints” form and choose the reason: no answer, time taken, quality of the relationship, contract performance, disputing an answer received, or other. Give your SI- claim number.

We acknowledge your complaint within 10 working days and give you a final answer within 2 months at most.

If you are not satisfied with the answer, you may refer the matter free of charge to La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09, France.`,
      },
      de: {
        title: 'Beschwerdeverfahren und Schlichtung',
        body: `Bei Meinungsverschiedenheiten reichen Sie über das Formular „Beschwerde“ der Website eine Beschwerde ein und wählen den Grund: keine Antwort, Bearbeitungsdauer, Qualität der Betreuung, Vertragsleistung, Widerspruch gegen eine erhaltene Antwort oder Sonstiges. Geben Sie Ihre Schadennummer SI- an.

Wir bestätigen den Eingang Ihrer Beschwerde innerhalb von 10 Werktagen und geben Ihnen spätestens nach 2 Monaten eine abschließende Antwort.

Sind Sie mit der Antwort nicht zufrieden, können Sie kostenlos die Schlichtungsstelle La Médiation de l’Assurance anrufen: TSA 50110, 75441 Paris Cedex 09, Frankreich.`,
      },
      es: {
        title: 'Procedimiento de reclamación y mediación',
        body: `Si no está de acuerdo, presente una reclamación con el formulario «Reclamaciones» del sitio y elija el motivo: falta de respuesta, plazo, calidad de la relación, prestaciones del contrato, impugnación de una respuesta recibida u otro. Indique su número de expediente SI-.

Acusamos recibo de su reclamación en un plazo de 10 días hábiles y le damos una respuesta definitiva en 2 meses como máximo.

Si la respuesta no le satisface, puede acudir gratuitamente a La Médiation de l’Assurance, TSA 50110, 75441 París Cedex 09, Francia.`,
      },
      it: {
        title: 'Procedura di reclamo e mediazione',
        body: `In caso di disaccordo, inviate un reclamo dal modulo «Reclami» del sito scegliendo il motivo: mancata risposta, tempi, qualità del rapporto, prestazioni del contratto, contestazione di una risposta ricevuta o altro. Indicate il numero di pratica SI-.

Confermiamo la ricezione del reclamo entro 10 giorni lavorativi e forniamo una risposta definitiva entro un massimo di 2 mesi.

Se la risposta non vi soddisfa, potete rivolgervi gratuitamente a La Médiation de l’Assurance, TSA 50110, 75441 Parigi Cedex 09, Francia.`,
      },
      nl: {
        title: 'Klachtenprocedure en bemiddeling',
        body: `Bent u het niet met ons eens, dien dan een klacht in via het formulier ‘Klachten’ van de website en kies de reden: geen antwoord, termijn, kwaliteit van het contact, uitvoering van het contract, betwisting van een ontvangen antwoord of andere. Vermeld uw dossiernummer SI-.

Wij bevestigen de ontvangst van uw klacht binnen 10 werkdagen en geven u binnen maximaal 2 maanden een definitief antwoord.

Bent u niet tevreden met het antwoord, dan kunt u kosteloos terecht bij La Médiation de l’Assurance, TSA 50110, 75441 Parijs Cedex 09, Frankrijk.`,
      },
      pl: {
        title: 'Procedura reklamacyjna i mediacja',
        body: `W razie sporu złóż reklamację za pomocą formularza „Reklamacje” w serwisie i wybierz powód: brak odpowiedzi, termin, jakość obsługi, realizacja umowy, zakwestionowanie otrzymanej odpowiedzi lub inny. Podaj numer sprawy SI-.

Potwierdzamy otrzymanie reklamacji w ciągu 10 dni roboczych i udzielamy ostatecznej odpowiedzi najpóźniej w ciągu 2 miesięcy.

Jeśli odpowiedź Cię nie satysfakcjonuje, możesz bezpłatnie zwrócić się do La Médiation de l’Assurance, TSA 50110, 75441 Paryż Cedex 09, Francja.`,
      },
      da: {
        title: 'Klageprocedure og mægling',
        body: `Er du uenig med os, så send en klage via webstedets formular »Klager«, og vælg årsagen: manglende svar, sagsbehandlingstid, kvaliteten af kontakten, aftalens ydelser, indsigelse mod et modtaget svar eller andet. Angiv dit sagsnummer SI-.

Vi bekræfter modtagelsen af din klage inden for 10 arbejdsdage og giver dig et endeligt svar inden for højst 2 måneder.

Er du ikke tilfreds med svaret, kan du gratis indbringe sagen for La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09, Frankrig.`,
      },
      pt: {
        title: 'Procedimento de reclamação e mediação',
        body: `Em caso de desacordo, apresente uma reclamação através do formulário «Reclamações» do sítio e escolha o motivo: falta de resposta, prazo, qualidade da relação, desempenho do contrato, contestação de uma resposta recebida ou outro. Indique o seu número de processo SI-.

Acusamos a receção da reclamação no prazo de 10 dias úteis e damos-lhe uma resposta definitiva em 2 meses, no máximo.

Se a resposta não o satisfizer, pode recorrer gratuitamente a La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09, França.`,
      },
    },
  },
  {
    key: 'garantie-annulation',
    texts: {
      fr: {
        title: 'Garantie annulation : ce qu’il faut savoir',
        body: `La garantie annulation rembourse les frais retenus par l’établissement lorsque vous devez annuler pour un motif couvert : maladie, accident ou hospitalisation, décès d’un proche, motif professionnel, licenciement, dommages graves au domicile et, selon le contrat, annulation d’une location de vélo ou d’un cours de golf.

Déclarer une annulation est définitif : la réservation est annulée et une copie de la déclaration est transmise automatiquement à l’établissement. Une case de confirmation supplémentaire vous est donc demandée avant l’envoi.

Joignez la confirmation de réservation, la facture d’annulation de l’établissement, le justificatif de l’événement et un RIB.`,
      },
      en: {
        title: 'Cancellation cover: what you need to know',
        body: `Cancellation cover refunds the fees kept by the establishment when you have to cancel for a covered reason: illness, accident or hospitalisation, death of a close relative, work reasons, redundancy, serious damage to your home and, depending on the contract, cancelling a bike rental or a golf lesson.

Declaring a cancellation is final: the booking is cancelled and a copy of the declaration is sent automatically to the establishment. You are therefore asked to tick an extra confirmation box before submitting.

Attach the booking confirmation, the establishment’s cancellation invoice, proof of the event and your bank details.`,
      },
      de: {
        title: 'Reiserücktrittsversicherung: Das sollten Sie wissen',
        body: `Die Rücktrittsversicherung erstattet die von der Unterkunft einbehaltenen Kosten, wenn Sie aus einem versicherten Grund stornieren müssen: Krankheit, Unfall oder Krankenhausaufenthalt, Tod eines nahen Angehörigen, berufliche Gründe, Kündigung, schwere Schäden an der Wohnung und je nach Vertrag die Stornierung einer Fahrradmiete oder eines Golfkurses.

Eine Stornierungsmeldung ist endgültig: Die Buchung wird storniert und eine Kopie der Meldung geht automatisch an die Unterkunft. Deshalb bitten wir Sie vor dem Absenden um eine zusätzliche Bestätigung.

Fügen Sie die Buchungsbestätigung, die Stornorechnung der Unterkunft, den Nachweis des Ereignisses und Ihre Bankverbindung bei.`,
      },
      es: {
        title: 'Garantía de anulación: lo que debe saber',
        body: `La garantía de anulación reembolsa los gastos retenidos por el establecimiento cuando tiene que anular por un motivo cubierto: enfermedad, accidente u hospitalización, fallecimiento de un familiar cercano, motivo profesional, despido, daños graves en el domicilio y, según el contrato, la anulación de un alquiler de bicicleta o de una clase de golf.

Declarar una anulación es definitivo: la reserva se cancela y se envía automáticamente una copia de la declaración al establecimiento. Por eso se le pide marcar una casilla de confirmación adicional antes del envío.

Adjunte la confirmación de reserva, la factura de anulación del establecimiento, el justificante del hecho y sus datos bancarios.`,
      },
      it: {
        title: 'Garanzia annullamento: cosa sapere',
        body: `La garanzia annullamento rimborsa le penali trattenute dalla struttura quando dovete annullare per un motivo coperto: malattia, infortunio o ricovero, decesso di un familiare stretto, motivi di lavoro, licenziamento, gravi danni all’abitazione e, secondo il contratto, l’annullamento di un noleggio bici o di una lezione di golf.

Dichiarare un annullamento è definitivo: la prenotazione viene annullata e una copia della dichiarazione è inviata automaticamente alla struttura. Per questo vi chiediamo di spuntare una casella di conferma aggiuntiva prima dell’invio.

Allegate la conferma di prenotazione, la fattura di annullamento della struttura, il documento che prova l’evento e le coordinate bancarie.`,
      },
      nl: {
        title: 'Annuleringsdekking: wat u moet weten',
        body: `De annuleringsdekking vergoedt de kosten die de accommodatie inhoudt wanneer u om een gedekte reden moet annuleren: ziekte, ongeval of ziekenhuisopname, overlijden van een naaste, werkredenen, ontslag, ernstige schade aan uw woning en, afhankelijk van het contract, de annulering van fietshuur of een golfles.

Een annulering melden is definitief: de reservering wordt geannuleerd en een kopie van de melding gaat automatisch naar de accommodatie. Daarom vragen wij u vóór het versturen een extra bevestigingsvakje aan te vinken.

Voeg de reserveringsbevestiging, de annuleringsfactuur van de accommodatie, het bewijs van de gebeurtenis en uw bankgegevens toe.`,
      },
      pl: {
        title: 'Ubezpieczenie od rezygnacji: co warto wiedzieć',
        body: `Ubezpieczenie od rezygnacji zwraca koszty potrącone przez obiekt, gdy musisz zrezygnować z objętego ochroną powodu: choroba, wypadek lub hospitalizacja, śmierć bliskiej osoby, przyczyny zawodowe, zwolnienie z pracy, poważna szkoda w miejscu zamieszkania, a w zależności od umowy także rezygnacja z wypożyczenia roweru lub lekcji golfa.

Zgłoszenie rezygnacji jest ostateczne: rezerwacja zostaje anulowana, a kopia zgłoszenia trafia automatycznie do obiektu. Dlatego przed wysłaniem prosimy o zaznaczenie dodatkowego pola potwierdzenia.

Dołącz potwierdzenie rezerwacji, fakturę za anulowanie wystawioną przez obiekt, dokument potwierdzający zdarzenie i dane bankowe.`,
      },
      da: {
        title: 'Afbestillingsdækning: det skal du vide',
        body: `Afbestillingsdækningen refunderer de gebyrer, stedet beholder, når du må afbestille af en dækket årsag: sygdom, ulykke eller indlæggelse, dødsfald i den nærmeste familie, arbejdsmæssige årsager, afskedigelse, alvorlig skade på boligen og, afhængigt af aftalen, afbestilling af cykelleje eller en golftime.

En afbestillingsanmeldelse er endelig: Bookingen annulleres, og en kopi af anmeldelsen sendes automatisk til stedet. Derfor bliver du bedt om at sætte et ekstra flueben, før du sender.

Vedlæg bookingbekræftelsen, stedets afbestillingsfaktura, dokumentation for hændelsen og dine bankoplysninger.`,
      },
      pt: {
        title: 'Garantia de anulação: o que deve saber',
        body: `A garantia de anulação reembolsa as despesas retidas pelo estabelecimento quando tem de anular por um motivo coberto: doença, acidente ou hospitalização, falecimento de um familiar próximo, motivo profissional, despedimento, danos graves na habitação e, consoante o contrato, a anulação de um aluguer de bicicleta ou de uma aula de golfe.

Participar uma anulação é definitivo: a reserva é anulada e uma cópia da participação é enviada automaticamente ao estabelecimento. Por isso, é-lhe pedido que assinale uma caixa de confirmação adicional antes do envio.

Junte a confirmação de reserva, a fatura de anulação do estabelecimento, o comprovativo do acontecimento e os seus dados bancários.`,
      },
    },
  },
  {
    key: 'contacter-support',
    texts: {
      fr: {
        title: 'Contacter le service client',
        body: `Le service client est joignable par téléphone du lundi au vendredi de 9h à 13h et de 14h à 18h, jusqu’à 17h le vendredi. Des lignes sont dédiées à la France, à l’Espagne, au Portugal, à l’Allemagne, aux Pays-Bas et au Danemark, et une ligne internationale répond en anglais.

Vous pouvez aussi écrire à tout moment depuis la page Contact en indiquant votre numéro de dossier, ou discuter avec un conseiller dans le chat en ligne si vous l’avez accepté dans les réglages des cookies.

Pour un dossier déjà déclaré, la page « Suivre mon dossier » donne son état ; les justificatifs s’envoient depuis le lien de suivi reçu par e-mail, que cette page permet de redemander.`,
      },
      en: {
        title: 'Contacting customer support',
        body: `Customer support answers the phone Monday to Friday, 9 am to 1 pm and 2 pm to 6 pm, until 5 pm on Fridays. There are lines for France, Spain, Portugal, Germany, the Netherlands and Denmark, and an international line answers in English.

You can also write at any time from the Contact page, quoting your claim number, or chat with an adviser in the live chat if you have allowed it in the cookie settings.

For a claim already made, the “Follow my claim” page shows its status; documents are sent from the follow-up link received by email, which you can ask for again on that page.`,
      },
      de: {
        title: 'Den Kundenservice kontaktieren',
        body: `Der Kundenservice ist telefonisch Montag bis Freitag von 9 bis 13 Uhr und von 14 bis 18 Uhr erreichbar, freitags bis 17 Uhr. Es gibt Leitungen für Frankreich, Spanien, Portugal, Deutschland, die Niederlande und Dänemark sowie eine internationale Leitung auf Englisch.

Sie können uns auch jederzeit über die Seite Kontakt unter Angabe Ihrer Schadennummer schreiben oder im Live-Chat mit einer Beraterin oder einem Berater sprechen, wenn Sie ihn in den Cookie-Einstellungen zugelassen haben.

Für einen bereits gemeldeten Fall zeigt die Seite „Meinen Fall verfolgen“ den Stand; Nachweise senden Sie über den per E-Mail erhaltenen Link, den Sie dort erneut anfordern können.`,
      },
      es: {
        title: 'Contactar con el servicio de atención al cliente',
        body: `El servicio de atención al cliente atiende por teléfono de lunes a viernes de 9:00 a 13:00 y de 14:00 a 18:00, hasta las 17:00 los viernes. Hay líneas para Francia, España, Portugal, Alemania, los Países Bajos y Dinamarca, y una línea internacional en inglés.

También puede escribir en cualquier momento desde la página de contacto indicando su número de expediente, o hablar con un asesor en el chat en directo si lo ha aceptado en la configuración de cookies.

Para un expediente ya declarado, la página «Seguir mi expediente» muestra su estado; los justificantes se envían desde el enlace de seguimiento recibido por correo, que puede volver a pedir en esa página.`,
      },
      it: {
        title: 'Contattare l’assistenza clienti',
        body: `L’assistenza clienti risponde al telefono dal lunedì al venerdì dalle 9 alle 13 e dalle 14 alle 18, fino alle 17 il venerdì. Ci sono linee dedicate a Francia, Spagna, Portogallo, Germania, Paesi Bassi e Danimarca e una linea internazionale in inglese.

Potete anche scrivere in qualsiasi momento dalla pagina Contatti indicando il numero di pratica, o parlare con un consulente nella chat dal vivo se l’avete accettata nelle impostazioni dei cookie.

Per una pratica già denunciata, la pagina «Segui la mia pratica» ne mostra lo stato; i documenti si inviano dal link di monitoraggio ricevuto via e-mail, che si può richiedere di nuovo da quella pagina.`,
      },
      nl: {
        title: 'Contact opnemen met de klantenservice',
        body: `De klantenservice is telefonisch bereikbaar van maandag tot en met vrijdag van 9 tot 13 uur en van 14 tot 18 uur, op vrijdag tot 17 uur. Er zijn lijnen voor Frankrijk, Spanje, Portugal, Duitsland, Nederland en Denemarken, en een internationale lijn in het Engels.

U kunt ook altijd schrijven via de pagina Contact, met vermelding van uw dossiernummer, of chatten met een adviseur in de livechat als u die in de cookie-instellingen hebt toegestaan.

Voor een dossier dat al gemeld is, toont de pagina ‘Mijn dossier volgen’ de status; bewijsstukken stuurt u via de volglink die u per e-mail kreeg, en die u daar opnieuw kunt aanvragen.`,
      },
      pl: {
        title: 'Kontakt z obsługą klienta',
        body: `Obsługa klienta odbiera telefony od poniedziałku do piątku w godz. 9:00–13:00 i 14:00–18:00, w piątki do 17:00. Działają linie dla Francji, Hiszpanii, Portugalii, Niemiec, Holandii i Danii oraz linia międzynarodowa w języku angielskim.

Możesz też w każdej chwili napisać ze strony Kontakt, podając numer sprawy, albo porozmawiać z doradcą na czacie na żywo, jeśli zezwolono na niego w ustawieniach plików cookie.

W przypadku zgłoszonej już szkody strona „Śledź moje zgłoszenie” pokazuje jej status; dokumenty przesyła się przez link otrzymany e-mailem, o który można tam poprosić ponownie.`,
      },
      da: {
        title: 'Kontakt kundeservice',
        body: `Kundeservice tager telefonen mandag til fredag kl. 9–13 og 14–18, fredag til kl. 17. Der er linjer til Frankrig, Spanien, Portugal, Tyskland, Nederlandene og Danmark, og en international linje svarer på engelsk.

Du kan også til enhver tid skrive via siden Kontakt med dit sagsnummer eller chatte med en rådgiver i livechatten, hvis du har tilladt den i cookieindstillingerne.

For en sag, der allerede er anmeldt, viser siden »Følg min sag« status; dokumentationen sender du via det link, du har fået pr. e-mail, og som du kan bede om igen dér.`,
      },
      pt: {
        title: 'Contactar o apoio ao cliente',
        body: `O apoio ao cliente atende por telefone de segunda a sexta-feira, das 9h às 13h e das 14h às 18h, até às 17h à sexta-feira. Há linhas para França, Espanha, Portugal, Alemanha, Países Baixos e Dinamarca, e uma linha internacional em inglês.

Também pode escrever a qualquer momento a partir da página de contacto, indicando o número de processo, ou falar com um assistente no chat em direto, se o tiver aceitado nas definições de cookies.

Para um processo já participado, a página «Acompanhar o meu processo» mostra o seu estado; os documentos enviam-se pela ligação de acompanhamento recebida por e-mail, que pode voltar a pedir nessa página.`,
      },
    },
  },
];
