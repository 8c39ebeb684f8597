import { COMPLAINT_ADDRESS_TOKEN } from '../brands/lib/complaint-address.ts';
import type { LegalPage } from './types.ts';

/**
 * The two content pages of the `pages` call, as paragraphs `{nom, contenu}` per language, for the
 * fictitious publisher Sinistre Assistance SAS. `contenu` is simple HTML (`<p>`, `<ul><li>`, `<a>`).
 * Links to other pages of the portal are relative (`contact`, `claim`, `politique-confidentialite#…`)
 * so they stay under the visitor's brand and language prefix (canonical paths have no trailing slash).
 * The complaint address is the brand's (`COMPLAINT_ADDRESS_TOKEN`, filled by the build and the `pages` call).
 */

const CONTACT_MAIL = '<a href="mailto:contact@sinistre-assistance.example">contact@sinistre-assistance.example</a>';
const DPO_MAIL = '<a href="mailto:dpo@sinistre-assistance.example">dpo@sinistre-assistance.example</a>';
const ORIAS = '<a href="https://www.orias.fr">www.orias.fr</a>';
const MEDIATOR = '<a href="https://www.mediation-assurance.org">www.mediation-assurance.org</a>';
const CNIL = '<a href="https://www.cnil.fr">www.cnil.fr</a>';

export const LEGAL_NOTICE: LegalPage = {
  slug: 'mentions-legales',
  title: {
    fr: 'Mentions légales',
    en: 'Legal notice',
    de: 'Impressum',
    es: 'Aviso legal',
    it: 'Note legali',
    nl: 'Juridische informatie',
    pl: 'Nota prawna',
    da: 'Juridisk meddelelse',
    pt: 'Aviso legal',
  },
  paragraphs: [
    {
      anchor: 'editeur',
      texts: {
        fr: {
          nom: 'Éditeur du site',
          contenu: `<p>Le présent portail est édité par Sinistre Assistance SAS, société par actions simplifiée au capital de 250 000 €, immatriculée au RCS de Lyon sous le n° 912 345 678, dont le siège social est situé 18 rue de la Charité, 69002 Lyon, France.</p><p>N° de TVA intracommunautaire : FR41 912 345 678. Téléphone : +33 4 28 29 40 00. E-mail : ${CONTACT_MAIL}.</p>`,
        },
        en: {
          nom: 'Publisher',
          contenu: `<p>This portal is published by Sinistre Assistance SAS, a French simplified joint-stock company with a share capital of €250,000, registered with the Lyon Trade and Companies Register under number 912 345 678, whose registered office is at 18 rue de la Charité, 69002 Lyon, France.</p><p>EU VAT number: FR41 912 345 678. Telephone: +33 4 28 29 40 00. E-mail: ${CONTACT_MAIL}.</p>`,
        },
        de: {
          nom: 'Herausgeber',
          contenu: `<p>Dieses Portal wird herausgegeben von der Sinistre Assistance SAS, einer vereinfachten Aktiengesellschaft französischen Rechts mit einem Grundkapital von 250.000 €, eingetragen im Handels- und Gesellschaftsregister Lyon unter der Nummer 912 345 678, mit Sitz in 18 rue de la Charité, 69002 Lyon, Frankreich.</p><p>Umsatzsteuer-Identifikationsnummer: FR41 912 345 678. Telefon: +33 4 28 29 40 00. E-Mail: ${CONTACT_MAIL}.</p>`,
        },
        es: {
          nom: 'Editor del sitio',
          contenu: `<p>Este portal es editado por Sinistre Assistance SAS, sociedad por acciones simplificada de derecho francés con un capital social de 250 000 €, inscrita en el Registro Mercantil de Lyon con el número 912 345 678 y con domicilio social en 18 rue de la Charité, 69002 Lyon, Francia.</p><p>NIF-IVA intracomunitario: FR41 912 345 678. Teléfono: +33 4 28 29 40 00. Correo electrónico: ${CONTACT_MAIL}.</p>`,
        },
        it: {
          nom: 'Editore del sito',
          contenu: `<p>Il presente portale è pubblicato da Sinistre Assistance SAS, società per azioni semplificata di diritto francese con capitale sociale di 250.000 €, iscritta al Registro delle imprese di Lione con il numero 912 345 678, con sede legale in 18 rue de la Charité, 69002 Lione, Francia.</p><p>Partita IVA intracomunitaria: FR41 912 345 678. Telefono: +33 4 28 29 40 00. E-mail: ${CONTACT_MAIL}.</p>`,
        },
        nl: {
          nom: 'Uitgever',
          contenu: `<p>Dit portaal wordt uitgegeven door Sinistre Assistance SAS, een vereenvoudigde naamloze vennootschap naar Frans recht met een maatschappelijk kapitaal van € 250.000, ingeschreven in het handels- en vennootschapsregister van Lyon onder nummer 912 345 678, met maatschappelijke zetel te 18 rue de la Charité, 69002 Lyon, Frankrijk.</p><p>Btw-nummer: FR41 912 345 678. Telefoon: +33 4 28 29 40 00. E-mail: ${CONTACT_MAIL}.</p>`,
        },
        pl: {
          nom: 'Wydawca serwisu',
          contenu: `<p>Wydawcą niniejszego portalu jest Sinistre Assistance SAS, uproszczona spółka akcyjna prawa francuskiego o kapitale zakładowym 250 000 €, wpisana do rejestru handlowego i spółek w Lyonie pod numerem 912 345 678, z siedzibą pod adresem 18 rue de la Charité, 69002 Lyon, Francja.</p><p>Numer VAT UE: FR41 912 345 678. Telefon: +33 4 28 29 40 00. E-mail: ${CONTACT_MAIL}.</p>`,
        },
        da: {
          nom: 'Udgiver',
          contenu: `<p>Denne portal udgives af Sinistre Assistance SAS, et forenklet aktieselskab efter fransk ret med en aktiekapital på 250.000 €, registreret i handels- og selskabsregistret i Lyon under nummer 912 345 678, med hjemsted på adressen 18 rue de la Charité, 69002 Lyon, Frankrig.</p><p>EU-momsnummer: FR41 912 345 678. Telefon: +33 4 28 29 40 00. E-mail: ${CONTACT_MAIL}.</p>`,
        },
        pt: {
          nom: 'Editor do sítio',
          contenu: `<p>O presente portal é editado pela Sinistre Assistance SAS, sociedade por ações simplificada de direito francês com o capital social de 250 000 €, matriculada no Registo Comercial de Lyon sob o n.º 912 345 678, com sede social em 18 rue de la Charité, 69002 Lyon, França.</p><p>N.º de IVA intracomunitário: FR41 912 345 678. Telefone: +33 4 28 29 40 00. E-mail: ${CONTACT_MAIL}.</p>`,
        },
      },
    },
    {
      anchor: 'publication',
      texts: {
        fr: {
          nom: 'Directrice de la publication',
          contenu:
            '<p>La directrice de la publication est Mme Claire Vasseur, présidente de Sinistre Assistance SAS.</p>',
        },
        en: {
          nom: 'Director of publication',
          contenu: '<p>The director of publication is Ms Claire Vasseur, President of Sinistre Assistance SAS.</p>',
        },
        de: {
          nom: 'Verantwortlich für den Inhalt',
          contenu:
            '<p>Verantwortlich für den Inhalt ist Frau Claire Vasseur, Präsidentin der Sinistre Assistance SAS.</p>',
        },
        es: {
          nom: 'Directora de la publicación',
          contenu: '<p>La directora de la publicación es Claire Vasseur, presidenta de Sinistre Assistance SAS.</p>',
        },
        it: {
          nom: 'Direttrice della pubblicazione',
          contenu:
            '<p>La direttrice della pubblicazione è la sig.ra Claire Vasseur, presidente di Sinistre Assistance SAS.</p>',
        },
        nl: {
          nom: 'Verantwoordelijke uitgever',
          contenu:
            '<p>Verantwoordelijk voor de publicatie is mevrouw Claire Vasseur, voorzitter van Sinistre Assistance SAS.</p>',
        },
        pl: {
          nom: 'Osoba odpowiedzialna za publikację',
          contenu: '<p>Za treść publikacji odpowiada Claire Vasseur, prezes Sinistre Assistance SAS.</p>',
        },
        da: {
          nom: 'Ansvarshavende redaktør',
          contenu:
            '<p>Ansvarlig for indholdet er Claire Vasseur, administrerende direktør for Sinistre Assistance SAS.</p>',
        },
        pt: {
          nom: 'Diretora da publicação',
          contenu: '<p>A diretora da publicação é Claire Vasseur, presidente da Sinistre Assistance SAS.</p>',
        },
      },
    },
    {
      anchor: 'hebergement',
      texts: {
        fr: {
          nom: 'Hébergement',
          contenu:
            '<p>Le site et ses données sont hébergés par NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, France (téléphone : +33 3 20 00 00 00), dans des centres de données situés dans l’Union européenne.</p>',
        },
        en: {
          nom: 'Hosting',
          contenu:
            '<p>The site and its data are hosted by NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, France (telephone: +33 3 20 00 00 00), in data centres located in the European Union.</p>',
        },
        de: {
          nom: 'Hosting',
          contenu:
            '<p>Die Website und ihre Daten werden von der NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, Frankreich (Telefon: +33 3 20 00 00 00), in Rechenzentren innerhalb der Europäischen Union gehostet.</p>',
        },
        es: {
          nom: 'Alojamiento',
          contenu:
            '<p>El sitio y sus datos están alojados por NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, Francia (teléfono: +33 3 20 00 00 00), en centros de datos situados en la Unión Europea.</p>',
        },
        it: {
          nom: 'Hosting',
          contenu:
            '<p>Il sito e i relativi dati sono ospitati da NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, Francia (telefono: +33 3 20 00 00 00), in data center situati nell’Unione europea.</p>',
        },
        nl: {
          nom: 'Hosting',
          contenu:
            '<p>De website en de gegevens worden gehost door NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, Frankrijk (telefoon: +33 3 20 00 00 00), in datacenters binnen de Europese Unie.</p>',
        },
        pl: {
          nom: 'Hosting',
          contenu:
            '<p>Serwis i jego dane są przechowywane przez NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, Francja (telefon: +33 3 20 00 00 00), w centrach danych znajdujących się w Unii Europejskiej.</p>',
        },
        da: {
          nom: 'Hosting',
          contenu:
            '<p>Webstedet og dets data hostes af NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, Frankrig (telefon: +33 3 20 00 00 00), i datacentre beliggende i Den Europæiske Union.</p>',
        },
        pt: {
          nom: 'Alojamento',
          contenu:
            '<p>O sítio e os respetivos dados são alojados pela NordCloud Hébergement SAS, 12 avenue des Datacenters, 59100 Roubaix, França (telefone: +33 3 20 00 00 00), em centros de dados situados na União Europeia.</p>',
        },
      },
    },
    {
      anchor: 'intermediaire',
      texts: {
        fr: {
          nom: 'Intermédiaire d’assurance',
          contenu: `<p>Sinistre Assistance SAS est courtier en assurance, immatriculé au registre unique des intermédiaires en assurance (ORIAS) sous le n° 23 004 567, vérifiable sur ${ORIAS}. Elle gère les déclarations de sinistre pour le compte de Mutuelle Européenne du Voyage SA, entreprise régie par le Code des assurances, qui porte les garanties.</p><p>Sinistre Assistance SAS est soumise au contrôle de l’Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 Paris Cedex 09. Elle dispose d’une assurance de responsabilité civile professionnelle et d’une garantie financière conformes aux articles L512-6 et L512-7 du Code des assurances.</p>`,
        },
        en: {
          nom: 'Insurance intermediary',
          contenu: `<p>Sinistre Assistance SAS is an insurance broker registered with the French single register of insurance intermediaries (ORIAS) under number 23 004 567, which can be checked at ${ORIAS}. It handles claims on behalf of Mutuelle Européenne du Voyage SA, an insurance company governed by the French Insurance Code, which underwrites the cover.</p><p>Sinistre Assistance SAS is supervised by the Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 Paris Cedex 09, France. It holds professional indemnity insurance and a financial guarantee as required by articles L512-6 and L512-7 of the French Insurance Code.</p>`,
        },
        de: {
          nom: 'Versicherungsvermittler',
          contenu: `<p>Die Sinistre Assistance SAS ist Versicherungsmakler und im französischen Vermittlerregister (ORIAS) unter der Nummer 23 004 567 eingetragen; die Eintragung kann unter ${ORIAS} überprüft werden. Sie bearbeitet Schadensmeldungen im Auftrag der Mutuelle Européenne du Voyage SA, eines dem französischen Versicherungsgesetzbuch unterliegenden Versicherers, der den Versicherungsschutz trägt.</p><p>Die Sinistre Assistance SAS untersteht der Aufsicht der Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 Paris Cedex 09, Frankreich. Sie verfügt über eine Berufshaftpflichtversicherung und eine finanzielle Garantie gemäß den Artikeln L512-6 und L512-7 des französischen Versicherungsgesetzbuchs.</p>`,
        },
        es: {
          nom: 'Mediador de seguros',
          contenu: `<p>Sinistre Assistance SAS es corredor de seguros inscrito en el registro francés de mediadores de seguros (ORIAS) con el número 23 004 567, consultable en ${ORIAS}. Gestiona los siniestros por cuenta de Mutuelle Européenne du Voyage SA, entidad aseguradora sujeta al Código de Seguros francés, que cubre las garantías.</p><p>Sinistre Assistance SAS está sometida al control de la Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 París Cedex 09, Francia. Dispone de un seguro de responsabilidad civil profesional y de una garantía financiera conformes a los artículos L512-6 y L512-7 del Código de Seguros francés.</p>`,
        },
        it: {
          nom: 'Intermediario assicurativo',
          contenu: `<p>Sinistre Assistance SAS è un broker assicurativo iscritto al registro francese degli intermediari assicurativi (ORIAS) con il numero 23 004 567, verificabile su ${ORIAS}. Gestisce i sinistri per conto di Mutuelle Européenne du Voyage SA, impresa di assicurazione disciplinata dal Codice delle assicurazioni francese, che presta le garanzie.</p><p>Sinistre Assistance SAS è soggetta alla vigilanza dell’Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 Parigi Cedex 09, Francia. Dispone di un’assicurazione di responsabilità civile professionale e di una garanzia finanziaria conformi agli articoli L512-6 e L512-7 del Codice delle assicurazioni francese.</p>`,
        },
        nl: {
          nom: 'Verzekeringstussenpersoon',
          contenu: `<p>Sinistre Assistance SAS is verzekeringsmakelaar, ingeschreven in het Franse register van verzekeringstussenpersonen (ORIAS) onder nummer 23 004 567, te controleren op ${ORIAS}. Zij behandelt schadeclaims namens Mutuelle Européenne du Voyage SA, een verzekeringsonderneming onder het Franse Wetboek van verzekeringen, die de dekking draagt.</p><p>Sinistre Assistance SAS staat onder toezicht van de Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 Parijs Cedex 09, Frankrijk. Zij beschikt over een beroepsaansprakelijkheidsverzekering en een financiële garantie overeenkomstig de artikelen L512-6 en L512-7 van het Franse Wetboek van verzekeringen.</p>`,
        },
        pl: {
          nom: 'Pośrednik ubezpieczeniowy',
          contenu: `<p>Sinistre Assistance SAS jest brokerem ubezpieczeniowym wpisanym do francuskiego rejestru pośredników ubezpieczeniowych (ORIAS) pod numerem 23 004 567, co można sprawdzić na stronie ${ORIAS}. Obsługuje zgłoszenia szkód w imieniu Mutuelle Européenne du Voyage SA, zakładu ubezpieczeń podlegającego francuskiemu kodeksowi ubezpieczeń, który udziela ochrony.</p><p>Sinistre Assistance SAS podlega nadzorowi Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 Paryż Cedex 09, Francja. Posiada ubezpieczenie odpowiedzialności cywilnej zawodowej oraz gwarancję finansową zgodnie z art. L512-6 i L512-7 francuskiego kodeksu ubezpieczeń.</p>`,
        },
        da: {
          nom: 'Forsikringsformidler',
          contenu: `<p>Sinistre Assistance SAS er forsikringsmægler og registreret i det franske register over forsikringsformidlere (ORIAS) under nummer 23 004 567, hvilket kan kontrolleres på ${ORIAS}. Selskabet behandler skadesanmeldelser på vegne af Mutuelle Européenne du Voyage SA, et forsikringsselskab underlagt den franske forsikringslov, som dækker forsikringerne.</p><p>Sinistre Assistance SAS er under tilsyn af Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 Paris Cedex 09, Frankrig. Selskabet har en erhvervsansvarsforsikring og en finansiel garanti i overensstemmelse med artikel L512-6 og L512-7 i den franske forsikringslov.</p>`,
        },
        pt: {
          nom: 'Mediador de seguros',
          contenu: `<p>A Sinistre Assistance SAS é corretora de seguros registada no registo francês de mediadores de seguros (ORIAS) com o n.º 23 004 567, verificável em ${ORIAS}. Gere as participações de sinistros por conta da Mutuelle Européenne du Voyage SA, empresa de seguros regida pelo Código dos Seguros francês, que assume as garantias.</p><p>A Sinistre Assistance SAS está sujeita à supervisão da Autorité de contrôle prudentiel et de résolution (ACPR), 4 place de Budapest, CS 92459, 75436 Paris Cedex 09, França. Dispõe de um seguro de responsabilidade civil profissional e de uma garantia financeira conformes aos artigos L512-6 e L512-7 do Código dos Seguros francês.</p>`,
        },
      },
    },
    {
      anchor: 'reclamations',
      texts: {
        fr: {
          nom: 'Réclamations et médiation',
          contenu: `<p>Pour toute réclamation, utilisez le <a href="claim">formulaire de réclamation</a> du site ou écrivez à ${COMPLAINT_ADDRESS_TOKEN}. Nous accusons réception de votre réclamation sous 10 jours ouvrables et vous apportons une réponse définitive dans un délai maximal de 2 mois.</p><p>Si la réponse ne vous satisfait pas, ou en l’absence de réponse dans ce délai, vous pouvez saisir gratuitement La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09, ${MEDIATOR}.</p>`,
        },
        en: {
          nom: 'Complaints and mediation',
          contenu: `<p>To make a complaint, use the <a href="claim">complaint form</a> of this site or write to ${COMPLAINT_ADDRESS_TOKEN}. We acknowledge your complaint within 10 working days and give you a final answer within 2 months at most.</p><p>If you are not satisfied with our answer, or have had none within that time, you may refer the matter free of charge to La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09, France, ${MEDIATOR}.</p>`,
        },
        de: {
          nom: 'Beschwerden und Schlichtung',
          contenu: `<p>Für Beschwerden nutzen Sie das <a href="claim">Beschwerdeformular</a> dieser Website oder schreiben Sie an ${COMPLAINT_ADDRESS_TOKEN}. Wir bestätigen den Eingang Ihrer Beschwerde innerhalb von 10 Werktagen und geben Ihnen spätestens nach 2 Monaten eine abschließende Antwort.</p><p>Sind Sie mit der Antwort nicht zufrieden oder erhalten Sie innerhalb dieser Frist keine Antwort, können Sie kostenlos die Schlichtungsstelle La Médiation de l’Assurance anrufen: TSA 50110, 75441 Paris Cedex 09, Frankreich, ${MEDIATOR}.</p>`,
        },
        es: {
          nom: 'Reclamaciones y mediación',
          contenu: `<p>Para cualquier reclamación, utilice el <a href="claim">formulario de reclamación</a> del sitio o escriba a ${COMPLAINT_ADDRESS_TOKEN}. Acusamos recibo de su reclamación en un plazo de 10 días hábiles y le damos una respuesta definitiva en un plazo máximo de 2 meses.</p><p>Si la respuesta no le satisface, o si no la recibe en ese plazo, puede acudir gratuitamente a La Médiation de l’Assurance, TSA 50110, 75441 París Cedex 09, Francia, ${MEDIATOR}.</p>`,
        },
        it: {
          nom: 'Reclami e mediazione',
          contenu: `<p>Per qualsiasi reclamo utilizzate il <a href="claim">modulo di reclamo</a> del sito oppure scrivete a ${COMPLAINT_ADDRESS_TOKEN}. Confermiamo la ricezione del reclamo entro 10 giorni lavorativi e forniamo una risposta definitiva entro un massimo di 2 mesi.</p><p>Se la risposta non vi soddisfa, o in assenza di risposta entro tale termine, potete rivolgervi gratuitamente a La Médiation de l’Assurance, TSA 50110, 75441 Parigi Cedex 09, Francia, ${MEDIATOR}.</p>`,
        },
        nl: {
          nom: 'Klachten en bemiddeling',
          contenu: `<p>Voor een klacht gebruikt u het <a href="claim">klachtenformulier</a> op deze website of schrijft u naar ${COMPLAINT_ADDRESS_TOKEN}. Wij bevestigen de ontvangst van uw klacht binnen 10 werkdagen en geven u binnen maximaal 2 maanden een definitief antwoord.</p><p>Bent u niet tevreden met het antwoord, of hebt u binnen die termijn geen antwoord ontvangen, dan kunt u kosteloos terecht bij La Médiation de l’Assurance, TSA 50110, 75441 Parijs Cedex 09, Frankrijk, ${MEDIATOR}.</p>`,
        },
        pl: {
          nom: 'Reklamacje i mediacja',
          contenu: `<p>Reklamację można złożyć za pomocą <a href="claim">formularza reklamacyjnego</a> w serwisie lub pisemnie na adres: ${COMPLAINT_ADDRESS_TOKEN}. Potwierdzamy otrzymanie reklamacji w ciągu 10 dni roboczych i udzielamy ostatecznej odpowiedzi w terminie nie dłuższym niż 2 miesiące.</p><p>Jeżeli odpowiedź Państwa nie satysfakcjonuje lub nie otrzymali jej Państwo w tym terminie, mogą Państwo bezpłatnie zwrócić się do La Médiation de l’Assurance, TSA 50110, 75441 Paryż Cedex 09, Francja, ${MEDIATOR}.</p>`,
        },
        da: {
          nom: 'Klager og mægling',
          contenu: `<p>Ønsker du at klage, kan du bruge <a href="claim">klageformularen</a> på webstedet eller skrive til ${COMPLAINT_ADDRESS_TOKEN}. Vi bekræfter modtagelsen af din klage inden for 10 arbejdsdage og giver dig et endeligt svar inden for højst 2 måneder.</p><p>Er du ikke tilfreds med svaret, eller har du ikke fået svar inden for fristen, kan du gratis indbringe sagen for La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09, Frankrig, ${MEDIATOR}.</p>`,
        },
        pt: {
          nom: 'Reclamações e mediação',
          contenu: `<p>Para apresentar uma reclamação, utilize o <a href="claim">formulário de reclamação</a> do sítio ou escreva para ${COMPLAINT_ADDRESS_TOKEN}. Acusamos a receção da sua reclamação no prazo de 10 dias úteis e damos-lhe uma resposta definitiva no prazo máximo de 2 meses.</p><p>Se a resposta não o satisfizer, ou na falta de resposta nesse prazo, pode recorrer gratuitamente a La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09, França, ${MEDIATOR}.</p>`,
        },
      },
    },
    {
      anchor: 'propriete-intellectuelle',
      texts: {
        fr: {
          nom: 'Propriété intellectuelle',
          contenu:
            '<p>La structure du site, ses textes, graphismes et logiciels sont la propriété de Sinistre Assistance SAS. Les noms et logos des partenaires sont la propriété de leurs titulaires respectifs et sont reproduits avec leur autorisation. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite.</p>',
        },
        en: {
          nom: 'Intellectual property',
          contenu:
            '<p>The structure of the site, its texts, graphics and software belong to Sinistre Assistance SAS. Partner names and logos belong to their respective owners and are reproduced with their permission. Any reproduction or display, in whole or in part, without prior written permission is prohibited.</p>',
        },
        de: {
          nom: 'Geistiges Eigentum',
          contenu:
            '<p>Aufbau, Texte, Grafiken und Software dieser Website sind Eigentum der Sinistre Assistance SAS. Namen und Logos der Partner sind Eigentum ihrer jeweiligen Inhaber und werden mit deren Genehmigung wiedergegeben. Jede vollständige oder teilweise Vervielfältigung oder Wiedergabe ohne vorherige schriftliche Genehmigung ist untersagt.</p>',
        },
        es: {
          nom: 'Propiedad intelectual',
          contenu:
            '<p>La estructura del sitio, sus textos, gráficos y programas son propiedad de Sinistre Assistance SAS. Los nombres y logotipos de los socios pertenecen a sus respectivos titulares y se reproducen con su autorización. Queda prohibida cualquier reproducción o representación, total o parcial, sin autorización previa por escrito.</p>',
        },
        it: {
          nom: 'Proprietà intellettuale',
          contenu:
            '<p>La struttura del sito, i testi, la grafica e il software sono di proprietà di Sinistre Assistance SAS. I nomi e i loghi dei partner appartengono ai rispettivi titolari e sono riprodotti con la loro autorizzazione. È vietata qualsiasi riproduzione o rappresentazione, totale o parziale, senza previa autorizzazione scritta.</p>',
        },
        nl: {
          nom: 'Intellectuele eigendom',
          contenu:
            '<p>De opbouw van de website, de teksten, de vormgeving en de software zijn eigendom van Sinistre Assistance SAS. Namen en logo’s van partners zijn eigendom van hun respectieve houders en worden met hun toestemming weergegeven. Elke gehele of gedeeltelijke reproductie of weergave zonder voorafgaande schriftelijke toestemming is verboden.</p>',
        },
        pl: {
          nom: 'Własność intelektualna',
          contenu:
            '<p>Struktura serwisu, jego teksty, grafika i oprogramowanie stanowią własność Sinistre Assistance SAS. Nazwy i logotypy partnerów należą do ich właścicieli i są wykorzystywane za ich zgodą. Jakiekolwiek powielanie lub publiczne udostępnianie, w całości lub w części, bez uprzedniej pisemnej zgody jest zabronione.</p>',
        },
        da: {
          nom: 'Immaterielle rettigheder',
          contenu:
            '<p>Webstedets opbygning, tekster, grafik og software tilhører Sinistre Assistance SAS. Partnernes navne og logoer tilhører de respektive ejere og gengives med deres tilladelse. Enhver hel eller delvis gengivelse uden forudgående skriftlig tilladelse er forbudt.</p>',
        },
        pt: {
          nom: 'Propriedade intelectual',
          contenu:
            '<p>A estrutura do sítio, os seus textos, grafismos e programas são propriedade da Sinistre Assistance SAS. Os nomes e logótipos dos parceiros pertencem aos respetivos titulares e são reproduzidos com a sua autorização. É proibida qualquer reprodução ou representação, total ou parcial, sem autorização prévia por escrito.</p>',
        },
      },
    },
    {
      anchor: 'cookies',
      texts: {
        fr: {
          nom: 'Cookies et traceurs',
          contenu:
            '<p>Le site utilise des cookies nécessaires à son fonctionnement et, avec votre accord, des cookies de mesure d’audience et de discussion en ligne. Leur liste, leur durée et la manière de modifier vos choix sont détaillées dans notre <a href="politique-confidentialite#cookies">politique de confidentialité</a>.</p>',
        },
        en: {
          nom: 'Cookies and trackers',
          contenu:
            '<p>The site uses the cookies it needs to work and, with your consent, audience measurement and live chat cookies. Which cookies, how long they last and how to change your choices are set out in our <a href="politique-confidentialite#cookies">privacy policy</a>.</p>',
        },
        de: {
          nom: 'Cookies und Tracker',
          contenu:
            '<p>Die Website verwendet technisch notwendige Cookies und, mit Ihrer Einwilligung, Cookies zur Reichweitenmessung und für den Live-Chat. Welche Cookies es gibt, wie lange sie gespeichert werden und wie Sie Ihre Auswahl ändern, erfahren Sie in unserer <a href="politique-confidentialite#cookies">Datenschutzerklärung</a>.</p>',
        },
        es: {
          nom: 'Cookies y rastreadores',
          contenu:
            '<p>El sitio utiliza cookies necesarias para su funcionamiento y, con su consentimiento, cookies de medición de audiencia y de chat en directo. Su lista, su duración y la forma de modificar sus preferencias se detallan en nuestra <a href="politique-confidentialite#cookies">política de privacidad</a>.</p>',
        },
        it: {
          nom: 'Cookie e traccianti',
          contenu:
            '<p>Il sito utilizza cookie necessari al suo funzionamento e, con il vostro consenso, cookie di misurazione dell’audience e di chat dal vivo. L’elenco, la durata e le modalità per modificare le vostre scelte sono descritti nella nostra <a href="politique-confidentialite#cookies">informativa sulla privacy</a>.</p>',
        },
        nl: {
          nom: 'Cookies en trackers',
          contenu:
            '<p>De website gebruikt cookies die nodig zijn om te functioneren en, met uw toestemming, cookies voor bezoekersstatistieken en livechat. Welke cookies, hoe lang ze bewaard blijven en hoe u uw keuzes wijzigt, leest u in ons <a href="politique-confidentialite#cookies">privacybeleid</a>.</p>',
        },
        pl: {
          nom: 'Pliki cookie i narzędzia śledzące',
          contenu:
            '<p>Serwis korzysta z plików cookie niezbędnych do jego działania oraz, za Państwa zgodą, z plików cookie służących do pomiaru ruchu i obsługi czatu na żywo. Ich listę, okres przechowywania i sposób zmiany ustawień opisano w naszej <a href="politique-confidentialite#cookies">polityce prywatności</a>.</p>',
        },
        da: {
          nom: 'Cookies og sporingsteknologier',
          contenu:
            '<p>Webstedet bruger cookies, der er nødvendige for, at det fungerer, og med dit samtykke cookies til trafikmåling og livechat. Hvilke cookies, hvor længe de gemmes, og hvordan du ændrer dine valg, kan du læse i vores <a href="politique-confidentialite#cookies">privatlivspolitik</a>.</p>',
        },
        pt: {
          nom: 'Cookies e rastreadores',
          contenu:
            '<p>O sítio utiliza cookies necessários ao seu funcionamento e, com o seu consentimento, cookies de medição de audiência e de chat em direto. A lista, a duração e a forma de alterar as suas escolhas estão descritas na nossa <a href="politique-confidentialite#cookies">política de privacidade</a>.</p>',
        },
      },
    },
    {
      anchor: 'contact',
      texts: {
        fr: {
          nom: 'Nous contacter',
          contenu: `<p>Pour toute question sur votre dossier, utilisez la page <a href="contact">Contact</a> ou appelez le support client du lundi au vendredi de 9h à 13h et de 14h à 18h (17h le vendredi). Pour toute question relative au site : ${CONTACT_MAIL}.</p>`,
        },
        en: {
          nom: 'Contact us',
          contenu: `<p>For any question about your claim, use the <a href="contact">Contact</a> page or call customer support Monday to Friday, 9 am to 1 pm and 2 pm to 6 pm (5 pm on Fridays). For questions about the site itself: ${CONTACT_MAIL}.</p>`,
        },
        de: {
          nom: 'Kontakt',
          contenu: `<p>Bei Fragen zu Ihrem Schadenfall nutzen Sie die Seite <a href="contact">Kontakt</a> oder rufen Sie den Kundenservice an: Montag bis Freitag 9–13 Uhr und 14–18 Uhr (freitags bis 17 Uhr). Fragen zur Website: ${CONTACT_MAIL}.</p>`,
        },
        es: {
          nom: 'Contacto',
          contenu: `<p>Para cualquier consulta sobre su expediente, utilice la página de <a href="contact">contacto</a> o llame al servicio de atención al cliente de lunes a viernes de 9:00 a 13:00 y de 14:00 a 18:00 (hasta las 17:00 los viernes). Para consultas sobre el sitio: ${CONTACT_MAIL}.</p>`,
        },
        it: {
          nom: 'Contatti',
          contenu: `<p>Per qualsiasi domanda sulla vostra pratica, utilizzate la pagina <a href="contact">Contatti</a> o chiamate l’assistenza clienti dal lunedì al venerdì dalle 9 alle 13 e dalle 14 alle 18 (fino alle 17 il venerdì). Per domande sul sito: ${CONTACT_MAIL}.</p>`,
        },
        nl: {
          nom: 'Contact',
          contenu: `<p>Voor vragen over uw dossier gebruikt u de pagina <a href="contact">Contact</a> of belt u de klantenservice, van maandag tot en met vrijdag van 9 tot 13 uur en van 14 tot 18 uur (op vrijdag tot 17 uur). Vragen over de website: ${CONTACT_MAIL}.</p>`,
        },
        pl: {
          nom: 'Kontakt',
          contenu: `<p>W sprawie zgłoszenia prosimy skorzystać ze strony <a href="contact">Kontakt</a> lub zadzwonić do obsługi klienta od poniedziałku do piątku w godz. 9:00–13:00 i 14:00–18:00 (w piątki do 17:00). Pytania dotyczące serwisu: ${CONTACT_MAIL}.</p>`,
        },
        da: {
          nom: 'Kontakt',
          contenu: `<p>Har du spørgsmål til din sag, kan du bruge siden <a href="contact">Kontakt</a> eller ringe til kundeservice mandag til fredag kl. 9–13 og 14–18 (fredag til kl. 17). Spørgsmål om webstedet: ${CONTACT_MAIL}.</p>`,
        },
        pt: {
          nom: 'Contacto',
          contenu: `<p>Para qualquer questão sobre o seu processo, utilize a página de <a href="contact">contacto</a> ou ligue para o apoio ao cliente de segunda a sexta-feira, das 9h às 13h e das 14h às 18h (às sextas-feiras até às 17h). Para questões sobre o sítio: ${CONTACT_MAIL}.</p>`,
        },
      },
    },
  ],
};

export const PRIVACY_POLICY: LegalPage = {
  slug: 'politique-confidentialite',
  title: {
    fr: 'Politique de confidentialité',
    en: 'Privacy policy',
    de: 'Datenschutzerklärung',
    es: 'Política de privacidad',
    it: 'Informativa sulla privacy',
    nl: 'Privacybeleid',
    pl: 'Polityka prywatności',
    da: 'Privatlivspolitik',
    pt: 'Política de privacidade',
  },
  paragraphs: [
    {
      anchor: 'responsable',
      texts: {
        fr: {
          nom: 'Responsable du traitement',
          contenu:
            '<p>Les données personnelles collectées sur ce portail sont traitées par Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lyon, France, responsable du traitement. L’assureur qui porte votre contrat, Mutuelle Européenne du Voyage SA, reçoit votre dossier pour décider de l’indemnisation et est responsable de ses propres traitements.</p>',
        },
        en: {
          nom: 'Data controller',
          contenu:
            '<p>Personal data collected on this portal is processed by Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lyon, France, as data controller. The insurer underwriting your contract, Mutuelle Européenne du Voyage SA, receives your file to decide on compensation and is the controller of its own processing.</p>',
        },
        de: {
          nom: 'Verantwortlicher',
          contenu:
            '<p>Die auf diesem Portal erhobenen personenbezogenen Daten werden von der Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lyon, Frankreich, als Verantwortlicher verarbeitet. Der Versicherer Ihres Vertrags, die Mutuelle Européenne du Voyage SA, erhält Ihre Akte, um über die Entschädigung zu entscheiden, und ist für seine eigenen Verarbeitungen verantwortlich.</p>',
        },
        es: {
          nom: 'Responsable del tratamiento',
          contenu:
            '<p>Los datos personales recogidos en este portal son tratados por Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lyon, Francia, como responsable del tratamiento. La aseguradora de su contrato, Mutuelle Européenne du Voyage SA, recibe su expediente para decidir sobre la indemnización y es responsable de sus propios tratamientos.</p>',
        },
        it: {
          nom: 'Titolare del trattamento',
          contenu:
            '<p>I dati personali raccolti su questo portale sono trattati da Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lione, Francia, in qualità di titolare del trattamento. L’assicuratore del vostro contratto, Mutuelle Européenne du Voyage SA, riceve la pratica per decidere sull’indennizzo ed è titolare dei propri trattamenti.</p>',
        },
        nl: {
          nom: 'Verwerkingsverantwoordelijke',
          contenu:
            '<p>De persoonsgegevens die via dit portaal worden verzameld, worden verwerkt door Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lyon, Frankrijk, als verwerkingsverantwoordelijke. De verzekeraar van uw contract, Mutuelle Européenne du Voyage SA, ontvangt uw dossier om over de vergoeding te beslissen en is verantwoordelijk voor zijn eigen verwerkingen.</p>',
        },
        pl: {
          nom: 'Administrator danych',
          contenu:
            '<p>Administratorem danych osobowych zbieranych w tym portalu jest Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lyon, Francja. Ubezpieczyciel, u którego zawarto Państwa umowę, Mutuelle Européenne du Voyage SA, otrzymuje dokumentację w celu podjęcia decyzji o odszkodowaniu i jest administratorem danych we własnym zakresie.</p>',
        },
        da: {
          nom: 'Dataansvarlig',
          contenu:
            '<p>Personoplysninger, der indsamles på denne portal, behandles af Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lyon, Frankrig, som dataansvarlig. Forsikringsselskabet bag din aftale, Mutuelle Européenne du Voyage SA, modtager din sag for at træffe afgørelse om erstatning og er selv dataansvarlig for sine egne behandlinger.</p>',
        },
        pt: {
          nom: 'Responsável pelo tratamento',
          contenu:
            '<p>Os dados pessoais recolhidos neste portal são tratados pela Sinistre Assistance SAS, 18 rue de la Charité, 69002 Lyon, França, na qualidade de responsável pelo tratamento. A seguradora do seu contrato, Mutuelle Européenne du Voyage SA, recebe o seu processo para decidir sobre a indemnização e é responsável pelos seus próprios tratamentos.</p>',
        },
      },
    },
    {
      anchor: 'donnees',
      texts: {
        fr: {
          nom: 'Données collectées',
          contenu:
            '<p>Nous collectons uniquement les données nécessaires à votre demande :</p><ul><li>identité et coordonnées : nom, prénom, adresse, e-mail, téléphone ;</li><li>numéro d’assuré, contrat et informations sur votre séjour, votre abonnement ou votre matériel ;</li><li>circonstances du sinistre et justificatifs, y compris, lorsque c’est indispensable, des données de santé ;</li><li>coordonnées bancaires pour le remboursement ;</li><li>données techniques de navigation, avec votre accord.</li></ul>',
        },
        en: {
          nom: 'Data we collect',
          contenu:
            '<p>We only collect the data needed for your request:</p><ul><li>identity and contact details: last name, first name, address, email, telephone;</li><li>insured number, contract and details of your stay, subscription or equipment;</li><li>circumstances of the claim and supporting documents, including health data where it is essential;</li><li>bank details for the refund;</li><li>technical browsing data, with your consent.</li></ul>',
        },
        de: {
          nom: 'Erhobene Daten',
          contenu:
            '<p>Wir erheben nur die Daten, die für Ihr Anliegen erforderlich sind:</p><ul><li>Identität und Kontaktdaten: Name, Vorname, Anschrift, E-Mail, Telefon;</li><li>Versichertennummer, Vertrag und Angaben zu Ihrem Aufenthalt, Abonnement oder Ihrer Ausrüstung;</li><li>Umstände des Schadens und Nachweise, einschließlich Gesundheitsdaten, sofern unerlässlich;</li><li>Bankverbindung für die Erstattung;</li><li>technische Nutzungsdaten, mit Ihrer Einwilligung.</li></ul>',
        },
        es: {
          nom: 'Datos recogidos',
          contenu:
            '<p>Solo recogemos los datos necesarios para su solicitud:</p><ul><li>identidad y datos de contacto: apellidos, nombre, dirección, correo electrónico, teléfono;</li><li>número de asegurado, contrato e información sobre su estancia, su abono o su material;</li><li>circunstancias del siniestro y justificantes, incluidos datos de salud cuando sean imprescindibles;</li><li>datos bancarios para el reembolso;</li><li>datos técnicos de navegación, con su consentimiento.</li></ul>',
        },
        it: {
          nom: 'Dati raccolti',
          contenu:
            '<p>Raccogliamo solo i dati necessari alla vostra richiesta:</p><ul><li>identità e recapiti: cognome, nome, indirizzo, e-mail, telefono;</li><li>numero di assicurato, contratto e informazioni sul soggiorno, sull’abbonamento o sull’attrezzatura;</li><li>circostanze del sinistro e documenti giustificativi, compresi, se indispensabili, dati sanitari;</li><li>coordinate bancarie per il rimborso;</li><li>dati tecnici di navigazione, con il vostro consenso.</li></ul>',
        },
        nl: {
          nom: 'Welke gegevens wij verzamelen',
          contenu:
            '<p>Wij verzamelen alleen de gegevens die nodig zijn voor uw aanvraag:</p><ul><li>identiteit en contactgegevens: achternaam, voornaam, adres, e-mail, telefoon;</li><li>verzekerdennummer, contract en gegevens over uw verblijf, abonnement of materiaal;</li><li>omstandigheden van de schade en bewijsstukken, met inbegrip van gezondheidsgegevens als die onmisbaar zijn;</li><li>bankgegevens voor de terugbetaling;</li><li>technische surfgegevens, met uw toestemming.</li></ul>',
        },
        pl: {
          nom: 'Zbierane dane',
          contenu:
            '<p>Zbieramy wyłącznie dane niezbędne do obsługi Państwa wniosku:</p><ul><li>dane identyfikacyjne i kontaktowe: nazwisko, imię, adres, e-mail, telefon;</li><li>numer ubezpieczonego, umowa oraz informacje o pobycie, abonamencie lub sprzęcie;</li><li>okoliczności szkody i dokumenty, w tym – gdy jest to niezbędne – dane o stanie zdrowia;</li><li>dane bankowe do zwrotu;</li><li>techniczne dane o korzystaniu z serwisu, za Państwa zgodą.</li></ul>',
        },
        da: {
          nom: 'Hvilke oplysninger vi indsamler',
          contenu:
            '<p>Vi indsamler kun de oplysninger, der er nødvendige for din henvendelse:</p><ul><li>identitet og kontaktoplysninger: efternavn, fornavn, adresse, e-mail, telefon;</li><li>forsikringsnummer, aftale og oplysninger om dit ophold, dit abonnement eller dit udstyr;</li><li>omstændighederne ved skaden og dokumentation, herunder helbredsoplysninger, når de er uundværlige;</li><li>bankoplysninger til udbetalingen;</li><li>tekniske browsingdata, med dit samtykke.</li></ul>',
        },
        pt: {
          nom: 'Dados recolhidos',
          contenu:
            '<p>Recolhemos apenas os dados necessários ao seu pedido:</p><ul><li>identificação e contactos: apelido, nome, morada, e-mail, telefone;</li><li>número de segurado, contrato e informações sobre a sua estadia, assinatura ou equipamento;</li><li>circunstâncias do sinistro e documentos comprovativos, incluindo dados de saúde quando indispensáveis;</li><li>dados bancários para o reembolso;</li><li>dados técnicos de navegação, com o seu consentimento.</li></ul>',
        },
      },
    },
    {
      anchor: 'finalites',
      texts: {
        fr: {
          nom: 'Finalités',
          contenu:
            '<p>Vos données servent à :</p><ul><li>enregistrer et instruire votre déclaration de sinistre, puis vous indemniser ;</li><li>vous informer de l’avancement de votre dossier et répondre à vos demandes et réclamations ;</li><li>transmettre une copie des déclarations d’annulation à l’établissement réservé ;</li><li>prévenir et détecter la fraude à l’assurance ;</li><li>établir des statistiques anonymes et améliorer le service, dont l’assistant FAQ, qui ne conserve aucune donnée vous identifiant.</li></ul>',
        },
        en: {
          nom: 'Purposes',
          contenu:
            '<p>Your data is used to:</p><ul><li>record and assess your claim, then pay compensation;</li><li>keep you informed of your claim’s progress and answer your requests and complaints;</li><li>send a copy of cancellation declarations to the booked establishment;</li><li>prevent and detect insurance fraud;</li><li>produce anonymous statistics and improve the service, including the FAQ assistant, which keeps no data identifying you.</li></ul>',
        },
        de: {
          nom: 'Zwecke der Verarbeitung',
          contenu:
            '<p>Ihre Daten dienen dazu:</p><ul><li>Ihre Schadensmeldung zu erfassen, zu prüfen und Sie zu entschädigen;</li><li>Sie über den Stand Ihres Falls zu informieren und Ihre Anfragen und Beschwerden zu beantworten;</li><li>eine Kopie von Stornierungsmeldungen an die gebuchte Unterkunft zu übermitteln;</li><li>Versicherungsbetrug zu verhindern und aufzudecken;</li><li>anonyme Statistiken zu erstellen und den Service zu verbessern, einschließlich des FAQ-Assistenten, der keine Sie identifizierenden Daten speichert.</li></ul>',
        },
        es: {
          nom: 'Finalidades',
          contenu:
            '<p>Sus datos sirven para:</p><ul><li>registrar y tramitar su declaración de siniestro y, después, indemnizarle;</li><li>informarle del avance de su expediente y responder a sus solicitudes y reclamaciones;</li><li>enviar una copia de las declaraciones de anulación al establecimiento reservado;</li><li>prevenir y detectar el fraude al seguro;</li><li>elaborar estadísticas anónimas y mejorar el servicio, incluido el asistente de preguntas frecuentes, que no conserva ningún dato que le identifique.</li></ul>',
        },
        it: {
          nom: 'Finalità',
          contenu:
            '<p>I vostri dati servono a:</p><ul><li>registrare ed esaminare la denuncia di sinistro e poi indennizzarvi;</li><li>informarvi sull’avanzamento della pratica e rispondere a richieste e reclami;</li><li>trasmettere copia delle dichiarazioni di annullamento alla struttura prenotata;</li><li>prevenire e individuare le frodi assicurative;</li><li>produrre statistiche anonime e migliorare il servizio, compreso l’assistente FAQ, che non conserva dati che vi identifichino.</li></ul>',
        },
        nl: {
          nom: 'Doeleinden',
          contenu:
            '<p>Uw gegevens worden gebruikt om:</p><ul><li>uw schademelding te registreren en te behandelen en u vervolgens te vergoeden;</li><li>u op de hoogte te houden van uw dossier en uw vragen en klachten te beantwoorden;</li><li>een kopie van annuleringsmeldingen naar de geboekte accommodatie te sturen;</li><li>verzekeringsfraude te voorkomen en op te sporen;</li><li>anonieme statistieken op te stellen en de dienst te verbeteren, waaronder de FAQ-assistent, die geen gegevens bewaart waarmee u kunt worden geïdentificeerd.</li></ul>',
        },
        pl: {
          nom: 'Cele przetwarzania',
          contenu:
            '<p>Państwa dane służą do:</p><ul><li>zarejestrowania i rozpatrzenia zgłoszenia szkody, a następnie wypłaty odszkodowania;</li><li>informowania o postępie sprawy oraz odpowiadania na zapytania i reklamacje;</li><li>przekazania kopii zgłoszenia rezygnacji do zarezerwowanego obiektu;</li><li>zapobiegania oszustwom ubezpieczeniowym i ich wykrywania;</li><li>tworzenia anonimowych statystyk i ulepszania usługi, w tym asystenta FAQ, który nie przechowuje danych pozwalających Państwa zidentyfikować.</li></ul>',
        },
        da: {
          nom: 'Formål',
          contenu:
            '<p>Dine oplysninger bruges til at:</p><ul><li>registrere og behandle din skadesanmeldelse og derefter udbetale erstatning;</li><li>holde dig orienteret om din sag og besvare dine henvendelser og klager;</li><li>sende en kopi af afbestillingsanmeldelser til det bookede sted;</li><li>forebygge og afsløre forsikringssvindel;</li><li>udarbejde anonyme statistikker og forbedre tjenesten, herunder FAQ-assistenten, som ikke gemmer oplysninger, der kan identificere dig.</li></ul>',
        },
        pt: {
          nom: 'Finalidades',
          contenu:
            '<p>Os seus dados servem para:</p><ul><li>registar e analisar a sua participação de sinistro e, depois, indemnizá-lo;</li><li>informá-lo sobre o andamento do processo e responder aos seus pedidos e reclamações;</li><li>enviar uma cópia das declarações de anulação ao estabelecimento reservado;</li><li>prevenir e detetar a fraude nos seguros;</li><li>elaborar estatísticas anónimas e melhorar o serviço, incluindo o assistente de perguntas frequentes, que não guarda dados que o identifiquem.</li></ul>',
        },
      },
    },
    {
      anchor: 'bases-legales',
      texts: {
        fr: {
          nom: 'Bases légales',
          contenu:
            '<ul><li>l’exécution de votre contrat d’assurance (article 6.1.b du RGPD) pour la gestion du sinistre et l’indemnisation ;</li><li>le respect de nos obligations légales (article 6.1.c), notamment comptables et de lutte contre le blanchiment ;</li><li>notre intérêt légitime (article 6.1.f) pour la lutte contre la fraude et les statistiques ;</li><li>votre consentement explicite pour les données de santé (article 9.2.a) et pour les cookies non nécessaires, que vous pouvez retirer à tout moment.</li></ul>',
        },
        en: {
          nom: 'Legal bases',
          contenu:
            '<ul><li>performance of your insurance contract (Article 6(1)(b) GDPR) for claim handling and compensation;</li><li>compliance with our legal obligations (Article 6(1)(c)), notably accounting and anti-money-laundering rules;</li><li>our legitimate interest (Article 6(1)(f)) in fighting fraud and producing statistics;</li><li>your explicit consent for health data (Article 9(2)(a)) and for non-essential cookies, which you may withdraw at any time.</li></ul>',
        },
        de: {
          nom: 'Rechtsgrundlagen',
          contenu:
            '<ul><li>Erfüllung Ihres Versicherungsvertrags (Art. 6 Abs. 1 lit. b DSGVO) für die Schadenbearbeitung und Entschädigung;</li><li>Erfüllung unserer rechtlichen Pflichten (Art. 6 Abs. 1 lit. c DSGVO), insbesondere Buchführungs- und Geldwäschepflichten;</li><li>unser berechtigtes Interesse (Art. 6 Abs. 1 lit. f DSGVO) an Betrugsbekämpfung und Statistik;</li><li>Ihre ausdrückliche Einwilligung für Gesundheitsdaten (Art. 9 Abs. 2 lit. a DSGVO) und nicht notwendige Cookies, die Sie jederzeit widerrufen können.</li></ul>',
        },
        es: {
          nom: 'Bases jurídicas',
          contenu:
            '<ul><li>la ejecución de su contrato de seguro (artículo 6.1.b del RGPD) para la gestión del siniestro y la indemnización;</li><li>el cumplimiento de nuestras obligaciones legales (artículo 6.1.c), en particular contables y de prevención del blanqueo de capitales;</li><li>nuestro interés legítimo (artículo 6.1.f) en la lucha contra el fraude y la elaboración de estadísticas;</li><li>su consentimiento explícito para los datos de salud (artículo 9.2.a) y para las cookies no necesarias, que puede retirar en cualquier momento.</li></ul>',
        },
        it: {
          nom: 'Basi giuridiche',
          contenu:
            '<ul><li>l’esecuzione del contratto di assicurazione (articolo 6.1.b del GDPR) per la gestione del sinistro e l’indennizzo;</li><li>l’adempimento dei nostri obblighi di legge (articolo 6.1.c), in particolare contabili e antiriciclaggio;</li><li>il nostro legittimo interesse (articolo 6.1.f) alla lotta contro le frodi e alle statistiche;</li><li>il vostro consenso esplicito per i dati sanitari (articolo 9.2.a) e per i cookie non necessari, revocabile in qualsiasi momento.</li></ul>',
        },
        nl: {
          nom: 'Rechtsgronden',
          contenu:
            '<ul><li>de uitvoering van uw verzekeringsovereenkomst (artikel 6, lid 1, onder b, AVG) voor de schadebehandeling en de vergoeding;</li><li>het nakomen van onze wettelijke verplichtingen (artikel 6, lid 1, onder c), met name boekhoudkundige en antiwitwasverplichtingen;</li><li>ons gerechtvaardigd belang (artikel 6, lid 1, onder f) bij fraudebestrijding en statistiek;</li><li>uw uitdrukkelijke toestemming voor gezondheidsgegevens (artikel 9, lid 2, onder a) en voor niet-noodzakelijke cookies, die u op elk moment kunt intrekken.</li></ul>',
        },
        pl: {
          nom: 'Podstawy prawne',
          contenu:
            '<ul><li>wykonanie umowy ubezpieczenia (art. 6 ust. 1 lit. b RODO) w zakresie obsługi szkody i wypłaty odszkodowania;</li><li>wypełnienie obowiązków prawnych (art. 6 ust. 1 lit. c), w szczególności rachunkowych i związanych z przeciwdziałaniem praniu pieniędzy;</li><li>nasz prawnie uzasadniony interes (art. 6 ust. 1 lit. f) w zapobieganiu oszustwom i prowadzeniu statystyk;</li><li>Państwa wyraźna zgoda w przypadku danych o stanie zdrowia (art. 9 ust. 2 lit. a) i plików cookie, które nie są niezbędne; zgodę można wycofać w każdej chwili.</li></ul>',
        },
        da: {
          nom: 'Retsgrundlag',
          contenu:
            '<ul><li>opfyldelse af din forsikringsaftale (databeskyttelsesforordningens artikel 6, stk. 1, litra b) ved skadesbehandling og erstatning;</li><li>overholdelse af vores retlige forpligtelser (artikel 6, stk. 1, litra c), navnlig regnskabs- og hvidvaskregler;</li><li>vores legitime interesse (artikel 6, stk. 1, litra f) i at bekæmpe svindel og udarbejde statistik;</li><li>dit udtrykkelige samtykke til helbredsoplysninger (artikel 9, stk. 2, litra a) og til cookies, der ikke er nødvendige; du kan til enhver tid trække det tilbage.</li></ul>',
        },
        pt: {
          nom: 'Fundamentos jurídicos',
          contenu:
            '<ul><li>a execução do seu contrato de seguro (artigo 6.º, n.º 1, alínea b), do RGPD) para a gestão do sinistro e a indemnização;</li><li>o cumprimento das nossas obrigações legais (artigo 6.º, n.º 1, alínea c)), nomeadamente contabilísticas e de prevenção do branqueamento de capitais;</li><li>o nosso interesse legítimo (artigo 6.º, n.º 1, alínea f)) na luta contra a fraude e na elaboração de estatísticas;</li><li>o seu consentimento explícito para os dados de saúde (artigo 9.º, n.º 2, alínea a)) e para os cookies não necessários, que pode retirar a qualquer momento.</li></ul>',
        },
      },
    },
    {
      anchor: 'conservation',
      texts: {
        fr: {
          nom: 'Durées de conservation',
          contenu:
            '<ul><li>dossier de sinistre : pendant sa gestion, puis 5 ans après sa clôture (délai de prescription) ;</li><li>pièces comptables liées aux remboursements : 10 ans ;</li><li>demandes de contact et réclamations : 3 ans après le dernier échange ;</li><li>cookies de mesure d’audience : 13 mois au plus ; votre choix de consentement : 6 mois.</li></ul>',
        },
        en: {
          nom: 'How long we keep data',
          contenu:
            '<ul><li>claim file: while it is handled, then 5 years after it is closed (the limitation period);</li><li>accounting records of refunds: 10 years;</li><li>contact requests and complaints: 3 years after the last exchange;</li><li>audience measurement cookies: 13 months at most; your consent choice: 6 months.</li></ul>',
        },
        de: {
          nom: 'Speicherdauer',
          contenu:
            '<ul><li>Schadenakte: während der Bearbeitung und 5 Jahre nach ihrem Abschluss (Verjährungsfrist);</li><li>Buchungsbelege zu Erstattungen: 10 Jahre;</li><li>Kontaktanfragen und Beschwerden: 3 Jahre nach dem letzten Austausch;</li><li>Cookies zur Reichweitenmessung: höchstens 13 Monate; Ihre Einwilligungsentscheidung: 6 Monate.</li></ul>',
        },
        es: {
          nom: 'Plazos de conservación',
          contenu:
            '<ul><li>expediente de siniestro: durante su tramitación y 5 años después de su cierre (plazo de prescripción);</li><li>documentos contables de los reembolsos: 10 años;</li><li>solicitudes de contacto y reclamaciones: 3 años después del último intercambio;</li><li>cookies de medición de audiencia: 13 meses como máximo; su elección de consentimiento: 6 meses.</li></ul>',
        },
        it: {
          nom: 'Periodi di conservazione',
          contenu:
            '<ul><li>pratica di sinistro: per tutta la gestione e 5 anni dopo la chiusura (termine di prescrizione);</li><li>documenti contabili dei rimborsi: 10 anni;</li><li>richieste di contatto e reclami: 3 anni dall’ultimo scambio;</li><li>cookie di misurazione dell’audience: al massimo 13 mesi; la vostra scelta sul consenso: 6 mesi.</li></ul>',
        },
        nl: {
          nom: 'Bewaartermijnen',
          contenu:
            '<ul><li>schadedossier: zolang het in behandeling is en 5 jaar na afsluiting (verjaringstermijn);</li><li>boekhoudstukken van terugbetalingen: 10 jaar;</li><li>contactverzoeken en klachten: 3 jaar na het laatste contact;</li><li>cookies voor bezoekersstatistieken: maximaal 13 maanden; uw toestemmingskeuze: 6 maanden.</li></ul>',
        },
        pl: {
          nom: 'Okres przechowywania',
          contenu:
            '<ul><li>dokumentacja szkody: przez czas jej rozpatrywania, a następnie 5 lat od zamknięcia (okres przedawnienia);</li><li>dokumenty księgowe dotyczące zwrotów: 10 lat;</li><li>zapytania i reklamacje: 3 lata od ostatniego kontaktu;</li><li>pliki cookie do pomiaru ruchu: maksymalnie 13 miesięcy; Państwa decyzja dotycząca zgody: 6 miesięcy.</li></ul>',
        },
        da: {
          nom: 'Opbevaringsperioder',
          contenu:
            '<ul><li>skadessag: mens den behandles og 5 år efter afslutningen (forældelsesfristen);</li><li>regnskabsbilag for udbetalinger: 10 år;</li><li>henvendelser og klager: 3 år efter den seneste kontakt;</li><li>cookies til trafikmåling: højst 13 måneder; dit samtykkevalg: 6 måneder.</li></ul>',
        },
        pt: {
          nom: 'Prazos de conservação',
          contenu:
            '<ul><li>processo de sinistro: durante a sua gestão e 5 anos após o encerramento (prazo de prescrição);</li><li>documentos contabilísticos dos reembolsos: 10 anos;</li><li>pedidos de contacto e reclamações: 3 anos após o último contacto;</li><li>cookies de medição de audiência: 13 meses no máximo; a sua escolha de consentimento: 6 meses.</li></ul>',
        },
      },
    },
    {
      anchor: 'destinataires',
      texts: {
        fr: {
          nom: 'Destinataires',
          contenu:
            '<p>Vos données sont accessibles aux seules personnes habilitées de Sinistre Assistance SAS et, pour ce qui les concerne, à l’assureur qui porte votre contrat, au partenaire auprès duquel vous avez réservé (copie des déclarations d’annulation), aux experts et médecins-conseils mandatés, à notre banque pour les paiements et à nos sous-traitants techniques (hébergement, envoi d’e-mails), liés par contrat. Elles ne sont jamais vendues ni utilisées à des fins publicitaires.</p>',
        },
        en: {
          nom: 'Recipients',
          contenu:
            '<p>Your data is accessible only to authorised staff of Sinistre Assistance SAS and, for what concerns them, to the insurer underwriting your contract, the partner you booked with (a copy of cancellation declarations), appointed experts and medical advisers, our bank for payments and our technical processors (hosting, email delivery), all bound by contract. It is never sold or used for advertising.</p>',
        },
        de: {
          nom: 'Empfänger',
          contenu:
            '<p>Zugriff auf Ihre Daten haben nur befugte Mitarbeitende der Sinistre Assistance SAS sowie, soweit erforderlich, der Versicherer Ihres Vertrags, der Partner, bei dem Sie gebucht haben (Kopie von Stornierungsmeldungen), beauftragte Sachverständige und beratende Ärzte, unsere Bank für Zahlungen und unsere vertraglich gebundenen technischen Auftragsverarbeiter (Hosting, E-Mail-Versand). Ihre Daten werden weder verkauft noch zu Werbezwecken genutzt.</p>',
        },
        es: {
          nom: 'Destinatarios',
          contenu:
            '<p>Solo tienen acceso a sus datos las personas autorizadas de Sinistre Assistance SAS y, en lo que les concierne, la aseguradora de su contrato, el socio con el que hizo la reserva (copia de las declaraciones de anulación), los peritos y médicos asesores designados, nuestro banco para los pagos y nuestros encargados técnicos (alojamiento, envío de correos), vinculados por contrato. Sus datos nunca se venden ni se utilizan con fines publicitarios.</p>',
        },
        it: {
          nom: 'Destinatari',
          contenu:
            '<p>Ai vostri dati accedono solo le persone autorizzate di Sinistre Assistance SAS e, per quanto di loro competenza, l’assicuratore del contratto, il partner presso cui avete prenotato (copia delle dichiarazioni di annullamento), i periti e medici fiduciari incaricati, la nostra banca per i pagamenti e i nostri fornitori tecnici (hosting, invio di e-mail), vincolati da contratto. I dati non vengono mai venduti né usati a fini pubblicitari.</p>',
        },
        nl: {
          nom: 'Ontvangers',
          contenu:
            '<p>Alleen bevoegde medewerkers van Sinistre Assistance SAS hebben toegang tot uw gegevens en, voor zover het hen aangaat, de verzekeraar van uw contract, de partner bij wie u hebt geboekt (kopie van annuleringsmeldingen), aangestelde experts en medisch adviseurs, onze bank voor betalingen en onze technische verwerkers (hosting, verzending van e-mails), die contractueel gebonden zijn. Uw gegevens worden nooit verkocht of voor reclame gebruikt.</p>',
        },
        pl: {
          nom: 'Odbiorcy danych',
          contenu:
            '<p>Dostęp do Państwa danych mają wyłącznie upoważnieni pracownicy Sinistre Assistance SAS oraz, w niezbędnym zakresie, ubezpieczyciel, u którego zawarto umowę, partner, u którego dokonano rezerwacji (kopia zgłoszenia rezygnacji), powołani rzeczoznawcy i lekarze orzecznicy, nasz bank w celu realizacji płatności oraz nasze podmioty przetwarzające (hosting, wysyłka e-maili) związane umową. Dane nigdy nie są sprzedawane ani wykorzystywane do celów reklamowych.</p>',
        },
        da: {
          nom: 'Modtagere',
          contenu:
            '<p>Kun autoriserede medarbejdere hos Sinistre Assistance SAS har adgang til dine oplysninger samt, i det omfang det vedrører dem, forsikringsselskabet bag din aftale, den partner, du har booket hos (kopi af afbestillingsanmeldelser), udpegede taksatorer og lægekonsulenter, vores bank til betalinger og vores tekniske databehandlere (hosting, udsendelse af e-mails), som er bundet af kontrakt. Dine oplysninger bliver aldrig solgt eller brugt til reklame.</p>',
        },
        pt: {
          nom: 'Destinatários',
          contenu:
            '<p>Só têm acesso aos seus dados as pessoas autorizadas da Sinistre Assistance SAS e, no que lhes diz respeito, a seguradora do seu contrato, o parceiro onde efetuou a reserva (cópia das declarações de anulação), os peritos e médicos consultores designados, o nosso banco para os pagamentos e os nossos subcontratantes técnicos (alojamento, envio de e-mails), vinculados por contrato. Os seus dados nunca são vendidos nem utilizados para fins publicitários.</p>',
        },
      },
    },
    {
      anchor: 'transferts',
      texts: {
        fr: {
          nom: 'Transferts hors de l’Union européenne',
          contenu:
            '<p>Vos données sont hébergées dans l’Union européenne. Si un prestataire, par exemple celui du chat en ligne, devait y accéder depuis un pays tiers, ce transfert serait encadré par les clauses contractuelles types de la Commission européenne ou par une décision d’adéquation.</p>',
        },
        en: {
          nom: 'Transfers outside the European Union',
          contenu:
            '<p>Your data is hosted in the European Union. Should a provider, for instance the live chat provider, access it from a third country, that transfer would be covered by the European Commission’s standard contractual clauses or by an adequacy decision.</p>',
        },
        de: {
          nom: 'Übermittlung außerhalb der Europäischen Union',
          contenu:
            '<p>Ihre Daten werden in der Europäischen Union gespeichert. Sollte ein Dienstleister, etwa der Anbieter des Live-Chats, aus einem Drittland darauf zugreifen, erfolgt diese Übermittlung auf Grundlage der Standardvertragsklauseln der Europäischen Kommission oder eines Angemessenheitsbeschlusses.</p>',
        },
        es: {
          nom: 'Transferencias fuera de la Unión Europea',
          contenu:
            '<p>Sus datos se alojan en la Unión Europea. Si un proveedor, por ejemplo el del chat en directo, tuviera que acceder a ellos desde un tercer país, la transferencia se ampararía en las cláusulas contractuales tipo de la Comisión Europea o en una decisión de adecuación.</p>',
        },
        it: {
          nom: 'Trasferimenti al di fuori dell’Unione europea',
          contenu:
            '<p>I vostri dati sono ospitati nell’Unione europea. Se un fornitore, ad esempio quello della chat dal vivo, dovesse accedervi da un paese terzo, il trasferimento sarebbe disciplinato dalle clausole contrattuali tipo della Commissione europea o da una decisione di adeguatezza.</p>',
        },
        nl: {
          nom: 'Doorgifte buiten de Europese Unie',
          contenu:
            '<p>Uw gegevens worden in de Europese Unie gehost. Mocht een dienstverlener, bijvoorbeeld die van de livechat, er vanuit een derde land toegang toe hebben, dan gebeurt die doorgifte op basis van de modelcontractbepalingen van de Europese Commissie of een adequaatheidsbesluit.</p>',
        },
        pl: {
          nom: 'Przekazywanie danych poza Unię Europejską',
          contenu:
            '<p>Państwa dane są przechowywane w Unii Europejskiej. Jeżeli usługodawca, na przykład dostawca czatu na żywo, miałby uzyskać do nich dostęp z państwa trzeciego, przekazanie odbywałoby się na podstawie standardowych klauzul umownych Komisji Europejskiej lub decyzji stwierdzającej odpowiedni stopień ochrony.</p>',
        },
        da: {
          nom: 'Overførsel uden for Den Europæiske Union',
          contenu:
            '<p>Dine oplysninger opbevares i Den Europæiske Union. Hvis en leverandør, for eksempel leverandøren af livechatten, skulle få adgang til dem fra et tredjeland, sker overførslen på grundlag af Europa-Kommissionens standardkontraktbestemmelser eller en afgørelse om tilstrækkeligt beskyttelsesniveau.</p>',
        },
        pt: {
          nom: 'Transferências para fora da União Europeia',
          contenu:
            '<p>Os seus dados estão alojados na União Europeia. Caso um prestador, por exemplo o do chat em direto, tenha de lhes aceder a partir de um país terceiro, essa transferência será enquadrada pelas cláusulas contratuais-tipo da Comissão Europeia ou por uma decisão de adequação.</p>',
        },
      },
    },
    {
      anchor: 'droits',
      texts: {
        fr: {
          nom: 'Vos droits',
          contenu: `<p>Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données, du droit de retirer votre consentement et de définir des directives sur leur sort après votre décès. Pour les exercer, écrivez à ${DPO_MAIL} ou à l’adresse postale ci-dessous, en précisant votre numéro de dossier. Nous répondons sous un mois.</p><p>Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ${CNIL}, ou à l’autorité de protection des données de votre pays.</p>`,
        },
        en: {
          nom: 'Your rights',
          contenu: `<p>You have the right to access, rectify and erase your data, to restrict or object to its processing and to data portability, the right to withdraw your consent and, under French law, to give instructions on what happens to your data after your death. To exercise them, write to ${DPO_MAIL} or to the postal address below, quoting your claim number. We reply within one month.</p><p>If you consider that your rights have not been respected, you may lodge a complaint with the CNIL, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, France, ${CNIL}, or with the data protection authority of your country.</p>`,
        },
        de: {
          nom: 'Ihre Rechte',
          contenu: `<p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Widerspruch und Datenübertragbarkeit, das Recht, Ihre Einwilligung zu widerrufen, sowie nach französischem Recht das Recht, Verfügungen für die Zeit nach Ihrem Tod festzulegen. Wenden Sie sich dazu unter Angabe Ihrer Schadennummer an ${DPO_MAIL} oder an die unten genannte Postanschrift. Wir antworten innerhalb eines Monats.</p><p>Wenn Sie der Ansicht sind, dass Ihre Rechte nicht gewahrt werden, können Sie sich bei der CNIL, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, Frankreich, ${CNIL}, oder bei der Datenschutzaufsichtsbehörde Ihres Landes beschweren.</p>`,
        },
        es: {
          nom: 'Sus derechos',
          contenu: `<p>Usted tiene derecho de acceso, rectificación, supresión, limitación, oposición y portabilidad de sus datos, derecho a retirar su consentimiento y, conforme al derecho francés, a dar instrucciones sobre el destino de sus datos tras su fallecimiento. Para ejercerlos, escriba a ${DPO_MAIL} o a la dirección postal indicada más abajo, indicando su número de expediente. Respondemos en el plazo de un mes.</p><p>Si considera que no se respetan sus derechos, puede presentar una reclamación ante la CNIL, 3 place de Fontenoy, TSA 80715, 75334 París Cedex 07, Francia, ${CNIL}, o ante la autoridad de protección de datos de su país.</p>`,
        },
        it: {
          nom: 'I vostri diritti',
          contenu: `<p>Avete diritto di accesso, rettifica, cancellazione, limitazione, opposizione e portabilità dei dati, il diritto di revocare il consenso e, secondo il diritto francese, di dare disposizioni sulla sorte dei dati dopo il decesso. Per esercitarli scrivete a ${DPO_MAIL} o all’indirizzo postale indicato sotto, specificando il numero della pratica. Rispondiamo entro un mese.</p><p>Se ritenete che i vostri diritti non siano rispettati, potete presentare reclamo alla CNIL, 3 place de Fontenoy, TSA 80715, 75334 Parigi Cedex 07, Francia, ${CNIL}, o all’autorità di controllo del vostro paese, in Italia il Garante per la protezione dei dati personali.</p>`,
        },
        nl: {
          nom: 'Uw rechten',
          contenu: `<p>U hebt recht op inzage, rectificatie, wissing, beperking van de verwerking, bezwaar en overdraagbaarheid van uw gegevens, het recht om uw toestemming in te trekken en, naar Frans recht, om instructies te geven over uw gegevens na uw overlijden. Om deze rechten uit te oefenen, schrijft u naar ${DPO_MAIL} of naar het postadres hieronder, met vermelding van uw dossiernummer. Wij antwoorden binnen een maand.</p><p>Bent u van mening dat uw rechten niet worden gerespecteerd, dan kunt u een klacht indienen bij de CNIL, 3 place de Fontenoy, TSA 80715, 75334 Parijs Cedex 07, Frankrijk, ${CNIL}, of bij de gegevensbeschermingsautoriteit van uw land.</p>`,
        },
        pl: {
          nom: 'Państwa prawa',
          contenu: `<p>Przysługuje Państwu prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, wniesienia sprzeciwu i przenoszenia danych, prawo do wycofania zgody, a zgodnie z prawem francuskim także prawo do określenia, co ma się stać z danymi po śmierci. Aby z nich skorzystać, prosimy napisać na adres ${DPO_MAIL} lub na adres pocztowy podany poniżej, podając numer zgłoszenia. Odpowiadamy w ciągu miesiąca.</p><p>Jeżeli uważają Państwo, że Państwa prawa nie są przestrzegane, mogą Państwo złożyć skargę do CNIL, 3 place de Fontenoy, TSA 80715, 75334 Paryż Cedex 07, Francja, ${CNIL}, lub do organu ochrony danych w swoim kraju, w Polsce do Prezesa UODO.</p>`,
        },
        da: {
          nom: 'Dine rettigheder',
          contenu: `<p>Du har ret til indsigt, berigtigelse, sletning, begrænsning af behandling, indsigelse og dataportabilitet, ret til at trække dit samtykke tilbage og efter fransk ret til at give instrukser om dine oplysninger efter din død. Du udøver dine rettigheder ved at skrive til ${DPO_MAIL} eller til postadressen nedenfor med angivelse af dit sagsnummer. Vi svarer inden for en måned.</p><p>Mener du, at dine rettigheder ikke bliver overholdt, kan du klage til CNIL, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, Frankrig, ${CNIL}, eller til databeskyttelsesmyndigheden i dit land, i Danmark Datatilsynet.</p>`,
        },
        pt: {
          nom: 'Os seus direitos',
          contenu: `<p>Tem direito de acesso, retificação, apagamento, limitação, oposição e portabilidade dos seus dados, o direito de retirar o consentimento e, nos termos do direito francês, de definir diretivas sobre o destino dos seus dados após a sua morte. Para os exercer, escreva para ${DPO_MAIL} ou para o endereço postal indicado abaixo, indicando o número do processo. Respondemos no prazo de um mês.</p><p>Se considerar que os seus direitos não são respeitados, pode apresentar reclamação à CNIL, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, França, ${CNIL}, ou à autoridade de proteção de dados do seu país, em Portugal a CNPD.</p>`,
        },
      },
    },
    {
      anchor: 'dpo',
      texts: {
        fr: {
          nom: 'Délégué à la protection des données',
          contenu: `<p>Notre délégué à la protection des données est joignable à ${DPO_MAIL} ou par courrier : Sinistre Assistance SAS – Délégué à la protection des données, 18 rue de la Charité, 69002 Lyon, France.</p>`,
        },
        en: {
          nom: 'Data protection officer',
          contenu: `<p>Our data protection officer can be reached at ${DPO_MAIL} or by post: Sinistre Assistance SAS – Data Protection Officer, 18 rue de la Charité, 69002 Lyon, France.</p>`,
        },
        de: {
          nom: 'Datenschutzbeauftragter',
          contenu: `<p>Unseren Datenschutzbeauftragten erreichen Sie unter ${DPO_MAIL} oder per Post: Sinistre Assistance SAS – Datenschutzbeauftragter, 18 rue de la Charité, 69002 Lyon, Frankreich.</p>`,
        },
        es: {
          nom: 'Delegado de protección de datos',
          contenu: `<p>Puede contactar con nuestro delegado de protección de datos en ${DPO_MAIL} o por correo postal: Sinistre Assistance SAS – Delegado de Protección de Datos, 18 rue de la Charité, 69002 Lyon, Francia.</p>`,
        },
        it: {
          nom: 'Responsabile della protezione dei dati',
          contenu: `<p>Il nostro responsabile della protezione dei dati è raggiungibile all’indirizzo ${DPO_MAIL} o per posta: Sinistre Assistance SAS – Responsabile della protezione dei dati, 18 rue de la Charité, 69002 Lione, Francia.</p>`,
        },
        nl: {
          nom: 'Functionaris voor gegevensbescherming',
          contenu: `<p>Onze functionaris voor gegevensbescherming is bereikbaar via ${DPO_MAIL} of per post: Sinistre Assistance SAS – Functionaris voor gegevensbescherming, 18 rue de la Charité, 69002 Lyon, Frankrijk.</p>`,
        },
        pl: {
          nom: 'Inspektor ochrony danych',
          contenu: `<p>Z naszym inspektorem ochrony danych można się skontaktować pod adresem ${DPO_MAIL} lub pisemnie: Sinistre Assistance SAS – Inspektor Ochrony Danych, 18 rue de la Charité, 69002 Lyon, Francja.</p>`,
        },
        da: {
          nom: 'Databeskyttelsesrådgiver',
          contenu: `<p>Du kan kontakte vores databeskyttelsesrådgiver på ${DPO_MAIL} eller med post: Sinistre Assistance SAS – Databeskyttelsesrådgiver, 18 rue de la Charité, 69002 Lyon, Frankrig.</p>`,
        },
        pt: {
          nom: 'Encarregado da proteção de dados',
          contenu: `<p>O nosso encarregado da proteção de dados pode ser contactado através de ${DPO_MAIL} ou por correio: Sinistre Assistance SAS – Encarregado da Proteção de Dados, 18 rue de la Charité, 69002 Lyon, França.</p>`,
        },
      },
    },
    {
      anchor: 'cookies',
      texts: {
        fr: {
          nom: 'Cookies et consentement',
          contenu:
            '<p>Les cookies strictement nécessaires (session, langue, mémorisation de votre choix) sont déposés sans consentement. Les cookies de mesure d’audience et de chat en ligne ne sont déposés qu’après votre accord, donné dans le bandeau affiché lors de votre première visite ; refuser est aussi simple qu’accepter.</p><p>Votre choix est conservé 6 mois. Vous pouvez le modifier à tout moment par le lien « Gérer les cookies » en bas de chaque page. Le bandeau ne s’affiche pas sur la présente page, afin que vous puissiez la lire librement.</p>',
        },
        en: {
          nom: 'Cookies and consent',
          contenu:
            '<p>Strictly necessary cookies (session, language, remembering your choice) are set without consent. Audience measurement and live chat cookies are only set once you agree in the banner shown on your first visit; refusing is as easy as accepting.</p><p>Your choice is kept for 6 months. You can change it at any time with the “Manage cookies” link at the bottom of every page. The banner is not shown on this page, so that you can read it freely.</p>',
        },
        de: {
          nom: 'Cookies und Einwilligung',
          contenu:
            '<p>Technisch notwendige Cookies (Sitzung, Sprache, Speicherung Ihrer Auswahl) werden ohne Einwilligung gesetzt. Cookies zur Reichweitenmessung und für den Live-Chat werden erst gesetzt, wenn Sie im Banner bei Ihrem ersten Besuch zustimmen; Ablehnen ist so einfach wie Zustimmen.</p><p>Ihre Auswahl wird 6 Monate gespeichert. Sie können sie jederzeit über den Link „Cookies verwalten“ unten auf jeder Seite ändern. Auf dieser Seite erscheint das Banner nicht, damit Sie sie ungestört lesen können.</p>',
        },
        es: {
          nom: 'Cookies y consentimiento',
          contenu:
            '<p>Las cookies estrictamente necesarias (sesión, idioma, memorización de su elección) se instalan sin consentimiento. Las cookies de medición de audiencia y de chat en directo solo se instalan después de que usted las acepte en el banner que aparece en su primera visita; rechazarlas es tan sencillo como aceptarlas.</p><p>Su elección se conserva durante 6 meses. Puede modificarla en cualquier momento con el enlace «Gestionar las cookies» situado al pie de cada página. El banner no aparece en esta página, para que pueda leerla libremente.</p>',
        },
        it: {
          nom: 'Cookie e consenso',
          contenu:
            '<p>I cookie strettamente necessari (sessione, lingua, memorizzazione della scelta) sono installati senza consenso. I cookie di misurazione dell’audience e di chat dal vivo sono installati solo dopo il vostro consenso, espresso nel banner che compare alla prima visita; rifiutare è semplice quanto accettare.</p><p>La vostra scelta è conservata per 6 mesi e potete modificarla in qualsiasi momento con il link «Gestisci i cookie» in fondo a ogni pagina. Il banner non compare su questa pagina, affinché possiate leggerla liberamente.</p>',
        },
        nl: {
          nom: 'Cookies en toestemming',
          contenu:
            '<p>Strikt noodzakelijke cookies (sessie, taal, het onthouden van uw keuze) worden zonder toestemming geplaatst. Cookies voor bezoekersstatistieken en livechat worden pas geplaatst nadat u daarmee hebt ingestemd in de banner die bij uw eerste bezoek verschijnt; weigeren is even eenvoudig als accepteren.</p><p>Uw keuze wordt 6 maanden bewaard. U kunt die op elk moment wijzigen via de link ‘Cookies beheren’ onderaan elke pagina. Op deze pagina verschijnt de banner niet, zodat u ze ongestoord kunt lezen.</p>',
        },
        pl: {
          nom: 'Pliki cookie i zgoda',
          contenu:
            '<p>Niezbędne pliki cookie (sesja, język, zapamiętanie Państwa wyboru) są zapisywane bez zgody. Pliki cookie służące do pomiaru ruchu i czatu na żywo są zapisywane dopiero po wyrażeniu zgody w banerze wyświetlanym przy pierwszej wizycie; odmowa jest równie prosta jak akceptacja.</p><p>Państwa wybór jest przechowywany przez 6 miesięcy. Można go zmienić w każdej chwili za pomocą linku „Zarządzaj plikami cookie” na dole każdej strony. Na tej stronie baner się nie wyświetla, aby można było swobodnie się z nią zapoznać.</p>',
        },
        da: {
          nom: 'Cookies og samtykke',
          contenu:
            '<p>Strengt nødvendige cookies (session, sprog, lagring af dit valg) sættes uden samtykke. Cookies til trafikmåling og livechat sættes først, når du har givet dit samtykke i banneret, der vises ved dit første besøg; det er lige så nemt at afvise som at acceptere.</p><p>Dit valg gemmes i 6 måneder. Du kan til enhver tid ændre det via linket »Administrer cookies« nederst på hver side. Banneret vises ikke på denne side, så du frit kan læse den.</p>',
        },
        pt: {
          nom: 'Cookies e consentimento',
          contenu:
            '<p>Os cookies estritamente necessários (sessão, idioma, memorização da sua escolha) são instalados sem consentimento. Os cookies de medição de audiência e de chat em direto só são instalados depois de dar o seu acordo no banner apresentado na primeira visita; recusar é tão simples como aceitar.</p><p>A sua escolha é conservada durante 6 meses. Pode alterá-la a qualquer momento através da ligação «Gerir cookies» no fundo de cada página. O banner não aparece nesta página, para que a possa ler livremente.</p>',
        },
      },
    },
    {
      anchor: 'avis',
      texts: {
        fr: {
          nom: 'Collecte et publication des avis clients',
          contenu: `<p>Les avis affichés sur la page d’accueil proviennent d’assurés dont le dossier a été clos : après la clôture, nous les invitons par e-mail à donner leur avis. Aucune contrepartie n’est proposée en échange d’un avis.</p><p>Chaque avis est vérifié : nous nous assurons qu’il correspond à un dossier réel. Il est publié avec le prénom, l’initiale du nom et la date, sans autre modification que la suppression de données personnelles. Les avis positifs comme négatifs sont publiés ; seuls sont refusés les avis injurieux, sans rapport avec le service ou contenant des données d’un tiers. Les avis restent en ligne 12 mois. Vous pouvez demander le retrait du vôtre en écrivant à ${DPO_MAIL}.</p>`,
        },
        en: {
          nom: 'How customer reviews are collected and published',
          contenu: `<p>The reviews on the home page come from insured persons whose claim has been closed: once it is closed, we invite them by email to give their opinion. Nothing is offered in return for a review.</p><p>Every review is checked against a real claim. It is published with the first name, the initial of the last name and the date, with no change other than removing personal data. Positive and negative reviews alike are published; we only reject reviews that are abusive, unrelated to the service or contain someone else’s data. Reviews stay online for 12 months. You may ask us to remove yours by writing to ${DPO_MAIL}.</p>`,
        },
        de: {
          nom: 'Erhebung und Veröffentlichung von Kundenbewertungen',
          contenu: `<p>Die Bewertungen auf der Startseite stammen von Versicherten, deren Schadenfall abgeschlossen ist: Nach dem Abschluss laden wir sie per E-Mail zu einer Bewertung ein. Für eine Bewertung wird keine Gegenleistung angeboten.</p><p>Jede Bewertung wird geprüft: Wir stellen sicher, dass sie zu einem tatsächlichen Schadenfall gehört. Sie wird mit Vorname, Anfangsbuchstaben des Nachnamens und Datum veröffentlicht und nur verändert, um personenbezogene Daten zu entfernen. Positive wie negative Bewertungen werden veröffentlicht; abgelehnt werden nur beleidigende, themenfremde oder Daten Dritter enthaltende Bewertungen. Bewertungen bleiben 12 Monate online. Sie können die Löschung Ihrer Bewertung per E-Mail an ${DPO_MAIL} verlangen.</p>`,
        },
        es: {
          nom: 'Recogida y publicación de las opiniones de clientes',
          contenu: `<p>Las opiniones que aparecen en la página de inicio proceden de asegurados cuyo expediente se ha cerrado: tras el cierre, les invitamos por correo electrónico a dar su opinión. No se ofrece ninguna contrapartida a cambio de una opinión.</p><p>Cada opinión se verifica: comprobamos que corresponde a un expediente real. Se publica con el nombre, la inicial del apellido y la fecha, sin más modificación que la supresión de datos personales. Se publican tanto las opiniones positivas como las negativas; solo se rechazan las injuriosas, las que no guardan relación con el servicio o las que contienen datos de terceros. Las opiniones permanecen en línea 12 meses. Puede solicitar la retirada de la suya escribiendo a ${DPO_MAIL}.</p>`,
        },
        it: {
          nom: 'Raccolta e pubblicazione delle recensioni dei clienti',
          contenu: `<p>Le recensioni in home page provengono da assicurati la cui pratica è stata chiusa: dopo la chiusura li invitiamo via e-mail a lasciare un parere. Non viene offerto alcun compenso in cambio di una recensione.</p><p>Ogni recensione viene verificata: ci assicuriamo che corrisponda a una pratica reale. Viene pubblicata con il nome, l’iniziale del cognome e la data, senza altre modifiche oltre alla rimozione di dati personali. Pubblichiamo sia le recensioni positive sia quelle negative; rifiutiamo solo quelle offensive, estranee al servizio o contenenti dati di terzi. Le recensioni restano online per 12 mesi. Potete chiedere la rimozione della vostra scrivendo a ${DPO_MAIL}.</p>`,
        },
        nl: {
          nom: 'Verzameling en publicatie van klantbeoordelingen',
          contenu: `<p>De beoordelingen op de startpagina zijn afkomstig van verzekerden van wie het dossier is afgesloten: na de afsluiting nodigen wij hen per e-mail uit hun mening te geven. Er wordt niets aangeboden in ruil voor een beoordeling.</p><p>Elke beoordeling wordt gecontroleerd: wij gaan na of ze bij een echt dossier hoort. Ze wordt gepubliceerd met de voornaam, de eerste letter van de achternaam en de datum, zonder andere wijziging dan het verwijderen van persoonsgegevens. Zowel positieve als negatieve beoordelingen worden gepubliceerd; alleen beledigende beoordelingen, beoordelingen die niet over de dienst gaan of gegevens van derden bevatten, worden geweigerd. Beoordelingen blijven 12 maanden online. U kunt de verwijdering van uw beoordeling vragen via ${DPO_MAIL}.</p>`,
        },
        pl: {
          nom: 'Zbieranie i publikacja opinii klientów',
          contenu: `<p>Opinie na stronie głównej pochodzą od ubezpieczonych, których sprawy zostały zamknięte: po zamknięciu sprawy zapraszamy ich e-mailem do wystawienia opinii. Za wystawienie opinii nie oferujemy żadnych korzyści.</p><p>Każda opinia jest weryfikowana: sprawdzamy, czy dotyczy rzeczywistego zgłoszenia. Publikujemy ją z imieniem, pierwszą literą nazwiska i datą, bez żadnych zmian poza usunięciem danych osobowych. Publikujemy zarówno opinie pozytywne, jak i negatywne; odrzucamy jedynie opinie obraźliwe, niezwiązane z usługą lub zawierające dane osób trzecich. Opinie pozostają widoczne przez 12 miesięcy. O usunięcie swojej opinii można poprosić, pisząc na adres ${DPO_MAIL}.</p>`,
        },
        da: {
          nom: 'Indsamling og offentliggørelse af kundeanmeldelser',
          contenu: `<p>Anmeldelserne på forsiden kommer fra forsikrede, hvis sag er afsluttet: Efter afslutningen inviterer vi dem via e-mail til at give deres mening. Der tilbydes ingen modydelse for en anmeldelse.</p><p>Hver anmeldelse kontrolleres: Vi sikrer os, at den vedrører en reel sag. Den offentliggøres med fornavn, forbogstav i efternavnet og dato, uden andre ændringer end fjernelse af personoplysninger. Både positive og negative anmeldelser offentliggøres; kun krænkende anmeldelser, anmeldelser uden relation til tjenesten eller med oplysninger om andre afvises. Anmeldelser forbliver online i 12 måneder. Du kan bede om at få din fjernet ved at skrive til ${DPO_MAIL}.</p>`,
        },
        pt: {
          nom: 'Recolha e publicação das opiniões dos clientes',
          contenu: `<p>As opiniões apresentadas na página inicial provêm de segurados cujo processo foi encerrado: após o encerramento, convidamo-los por e-mail a dar a sua opinião. Não é oferecida qualquer contrapartida em troca de uma opinião.</p><p>Cada opinião é verificada: confirmamos que corresponde a um processo real. É publicada com o nome próprio, a inicial do apelido e a data, sem outra alteração além da remoção de dados pessoais. Publicamos tanto as opiniões positivas como as negativas; só recusamos as injuriosas, as que não dizem respeito ao serviço ou as que contêm dados de terceiros. As opiniões ficam online durante 12 meses. Pode pedir a remoção da sua escrevendo para ${DPO_MAIL}.</p>`,
        },
      },
    },
    {
      anchor: 'mise-a-jour',
      texts: {
        fr: {
          nom: 'Mise à jour',
          contenu:
            '<p>Cette politique peut évoluer pour tenir compte des changements de nos services ou de la réglementation. Dernière mise à jour : 1er octobre 2026.</p>',
        },
        en: {
          nom: 'Updates',
          contenu:
            '<p>This policy may change to reflect changes in our services or in the law. Last updated: 1 October 2026.</p>',
        },
        de: {
          nom: 'Aktualisierung',
          contenu:
            '<p>Diese Erklärung kann angepasst werden, um Änderungen unserer Dienste oder der Rechtslage zu berücksichtigen. Stand: 1. Oktober 2026.</p>',
        },
        es: {
          nom: 'Actualización',
          contenu:
            '<p>Esta política puede cambiar para reflejar la evolución de nuestros servicios o de la normativa. Última actualización: 1 de octubre de 2026.</p>',
        },
        it: {
          nom: 'Aggiornamenti',
          contenu:
            '<p>La presente informativa può essere modificata per tenere conto di cambiamenti dei nostri servizi o della normativa. Ultimo aggiornamento: 1° ottobre 2026.</p>',
        },
        nl: {
          nom: 'Wijzigingen',
          contenu:
            '<p>Dit beleid kan worden aangepast aan wijzigingen in onze diensten of in de regelgeving. Laatst bijgewerkt: 1 oktober 2026.</p>',
        },
        pl: {
          nom: 'Aktualizacja',
          contenu:
            '<p>Niniejsza polityka może ulec zmianie w związku ze zmianami naszych usług lub przepisów. Ostatnia aktualizacja: 1 października 2026 r.</p>',
        },
        da: {
          nom: 'Opdateringer',
          contenu:
            '<p>Denne politik kan blive ændret for at afspejle ændringer i vores tjenester eller i lovgivningen. Senest opdateret: 1. oktober 2026.</p>',
        },
        pt: {
          nom: 'Atualizações',
          contenu:
            '<p>Esta política pode ser alterada para refletir mudanças nos nossos serviços ou na regulamentação. Última atualização: 1 de outubro de 2026.</p>',
        },
      },
    },
  ],
};

export const LEGAL_PAGES: readonly LegalPage[] = [LEGAL_NOTICE, PRIVACY_POLICY];
