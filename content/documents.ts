import type { DocumentType } from './types.ts';

/**
 * Document types (justificatifs) the reasons of `guarantees.ts` require. Ids 17 to 20 and 99 are the
 * five labels of spec 2 §3 (interruption, interruption extension, refresher, hole in one, other).
 */

/**
 * The 'other document' type. The upload API's `type` 0 means 'other' (spec 2 §3); the server stores
 * such an upload under this id, so every proof row names a real document type.
 */
export const OTHER_DOCUMENT_TYPE_ID = 99;

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  {
    id: 1,
    code: 'CERTIFICAT_MEDICAL',
    texts: {
      fr: {
        nomCourt: 'Certificat médical',
        nom: 'Certificat médical détaillé',
        description: 'Établi par le médecin, il indique la date de l’affection et la contre-indication au voyage.',
      },
      en: {
        nomCourt: 'Medical certificate',
        nom: 'Detailed medical certificate',
        description:
          'Issued by the doctor, stating when the condition began and that travel is medically advised against.',
      },
      de: {
        nomCourt: 'Ärztliches Attest',
        nom: 'Ausführliches ärztliches Attest',
        description: 'Vom Arzt ausgestellt, mit Beginn der Erkrankung und der ärztlichen Empfehlung, nicht zu reisen.',
      },
      es: {
        nomCourt: 'Certificado médico',
        nom: 'Certificado médico detallado',
        description: 'Expedido por el médico, indica la fecha de la dolencia y la contraindicación para viajar.',
      },
      it: {
        nomCourt: 'Certificato medico',
        nom: 'Certificato medico dettagliato',
        description: 'Rilasciato dal medico, indica la data della patologia e la controindicazione al viaggio.',
      },
      nl: {
        nomCourt: 'Medisch attest',
        nom: 'Gedetailleerd medisch attest',
        description: 'Opgesteld door de arts, met de datum van de aandoening en het medisch advies om niet te reizen.',
      },
      pl: {
        nomCourt: 'Zaświadczenie lekarskie',
        nom: 'Szczegółowe zaświadczenie lekarskie',
        description: 'Wystawione przez lekarza, z datą zachorowania i przeciwwskazaniem do podróży.',
      },
      da: {
        nomCourt: 'Lægeerklæring',
        nom: 'Detaljeret lægeerklæring',
        description: 'Udstedt af lægen med datoen for sygdommens start og lægens fraråden af rejsen.',
      },
      pt: {
        nomCourt: 'Atestado médico',
        nom: 'Atestado médico detalhado',
        description: 'Emitido pelo médico, indica a data da doença e a contraindicação para viajar.',
      },
    },
  },
  {
    id: 2,
    code: 'CONFIRMATION_RESERVATION',
    texts: {
      fr: {
        nomCourt: 'Confirmation de réservation',
        nom: 'Confirmation de réservation ou facture du séjour',
        description: 'Le document de l’établissement qui montre les dates, le montant payé et l’assurance souscrite.',
      },
      en: {
        nomCourt: 'Booking confirmation',
        nom: 'Booking confirmation or invoice for the stay',
        description: 'The establishment’s document showing the dates, the amount paid and the cover you took out.',
      },
      de: {
        nomCourt: 'Buchungsbestätigung',
        nom: 'Buchungsbestätigung oder Rechnung des Aufenthalts',
        description: 'Das Dokument der Unterkunft mit Reisedaten, gezahltem Betrag und abgeschlossener Versicherung.',
      },
      es: {
        nomCourt: 'Confirmación de reserva',
        nom: 'Confirmación de reserva o factura de la estancia',
        description: 'El documento del establecimiento con las fechas, el importe pagado y el seguro contratado.',
      },
      it: {
        nomCourt: 'Conferma di prenotazione',
        nom: 'Conferma di prenotazione o fattura del soggiorno',
        description: 'Il documento della struttura con le date, l’importo pagato e l’assicurazione sottoscritta.',
      },
      nl: {
        nomCourt: 'Reserveringsbevestiging',
        nom: 'Reserveringsbevestiging of factuur van het verblijf',
        description: 'Het document van de accommodatie met de data, het betaalde bedrag en de afgesloten verzekering.',
      },
      pl: {
        nomCourt: 'Potwierdzenie rezerwacji',
        nom: 'Potwierdzenie rezerwacji lub faktura za pobyt',
        description: 'Dokument obiektu z datami pobytu, zapłaconą kwotą i wykupionym ubezpieczeniem.',
      },
      da: {
        nomCourt: 'Bookingbekræftelse',
        nom: 'Bookingbekræftelse eller faktura for opholdet',
        description: 'Stedets dokument med datoer, betalt beløb og den forsikring, du har tegnet.',
      },
      pt: {
        nomCourt: 'Confirmação de reserva',
        nom: 'Confirmação de reserva ou fatura da estadia',
        description: 'O documento do estabelecimento com as datas, o montante pago e o seguro contratado.',
      },
    },
  },
  {
    id: 3,
    code: 'FACTURE_ANNULATION',
    texts: {
      fr: {
        nomCourt: 'Facture d’annulation',
        nom: 'Facture d’annulation de l’établissement',
        description: 'Elle détaille les frais d’annulation retenus et les sommes déjà remboursées par l’établissement.',
      },
      en: {
        nomCourt: 'Cancellation invoice',
        nom: 'Cancellation invoice from the establishment',
        description: 'It details the cancellation fees charged and any amount the establishment has already refunded.',
      },
      de: {
        nomCourt: 'Stornorechnung',
        nom: 'Stornorechnung der Unterkunft',
        description: 'Sie listet die einbehaltenen Stornokosten und bereits erstattete Beträge der Unterkunft auf.',
      },
      es: {
        nomCourt: 'Factura de anulación',
        nom: 'Factura de anulación del establecimiento',
        description: 'Detalla los gastos de anulación retenidos y los importes ya reembolsados por el establecimiento.',
      },
      it: {
        nomCourt: 'Fattura di annullamento',
        nom: 'Fattura di annullamento della struttura',
        description: 'Indica le penali trattenute e le somme già rimborsate dalla struttura.',
      },
      nl: {
        nomCourt: 'Annuleringsfactuur',
        nom: 'Annuleringsfactuur van de accommodatie',
        description: 'Met de ingehouden annuleringskosten en wat de accommodatie al heeft terugbetaald.',
      },
      pl: {
        nomCourt: 'Faktura za anulowanie',
        nom: 'Faktura za anulowanie wystawiona przez obiekt',
        description: 'Wykazuje potrącone koszty anulowania i kwoty już zwrócone przez obiekt.',
      },
      da: {
        nomCourt: 'Afbestillingsfaktura',
        nom: 'Afbestillingsfaktura fra stedet',
        description: 'Den viser de opkrævede afbestillingsgebyrer og beløb, som stedet allerede har tilbagebetalt.',
      },
      pt: {
        nomCourt: 'Fatura de anulação',
        nom: 'Fatura de anulação do estabelecimento',
        description: 'Discrimina as despesas de anulação retidas e os montantes já reembolsados pelo estabelecimento.',
      },
    },
  },
  {
    id: 4,
    code: 'ACTE_DECES',
    texts: {
      fr: {
        nomCourt: 'Acte de décès',
        nom: 'Acte de décès',
        description: 'Copie de l’acte délivré par la mairie ou le certificat de décès.',
      },
      en: {
        nomCourt: 'Death certificate',
        nom: 'Death certificate',
        description: 'A copy of the certificate issued by the registry office or the doctor.',
      },
      de: {
        nomCourt: 'Sterbeurkunde',
        nom: 'Sterbeurkunde',
        description: 'Kopie der vom Standesamt ausgestellten Urkunde oder der Todesbescheinigung.',
      },
      es: {
        nomCourt: 'Certificado de defunción',
        nom: 'Certificado de defunción',
        description: 'Copia del certificado expedido por el registro civil o por el médico.',
      },
      it: {
        nomCourt: 'Certificato di morte',
        nom: 'Certificato di morte',
        description: 'Copia dell’atto rilasciato dal Comune o del certificato medico di decesso.',
      },
      nl: {
        nomCourt: 'Overlijdensakte',
        nom: 'Overlijdensakte',
        description: 'Een kopie van de akte van de burgerlijke stand of de verklaring van overlijden.',
      },
      pl: {
        nomCourt: 'Akt zgonu',
        nom: 'Akt zgonu',
        description: 'Odpis aktu wydany przez urząd stanu cywilnego lub karta zgonu.',
      },
      da: {
        nomCourt: 'Dødsattest',
        nom: 'Dødsattest',
        description: 'En kopi af attesten fra kommunen, kirkekontoret eller lægen.',
      },
      pt: {
        nomCourt: 'Certidão de óbito',
        nom: 'Certidão de óbito',
        description: 'Cópia da certidão emitida pela conservatória do registo civil ou pelo médico.',
      },
    },
  },
  {
    id: 5,
    code: 'JUSTIFICATIF_LIEN_PARENTE',
    texts: {
      fr: {
        nomCourt: 'Lien de parenté',
        nom: 'Justificatif du lien de parenté',
        description: 'Livret de famille ou tout document prouvant votre lien avec la personne concernée.',
      },
      en: {
        nomCourt: 'Proof of relationship',
        nom: 'Proof of family relationship',
        description: 'A family record book or any document proving how you are related to the person concerned.',
      },
      de: {
        nomCourt: 'Verwandtschaftsnachweis',
        nom: 'Nachweis des Verwandtschaftsverhältnisses',
        description: 'Familienstammbuch oder ein anderes Dokument, das die Verwandtschaft mit der Person belegt.',
      },
      es: {
        nomCourt: 'Parentesco',
        nom: 'Justificante de parentesco',
        description: 'Libro de familia o cualquier documento que demuestre su parentesco con la persona afectada.',
      },
      it: {
        nomCourt: 'Grado di parentela',
        nom: 'Documento che attesta il grado di parentela',
        description: 'Stato di famiglia o altro documento che dimostri il legame con la persona interessata.',
      },
      nl: {
        nomCourt: 'Verwantschap',
        nom: 'Bewijs van verwantschap',
        description: 'Trouwboekje of een ander document dat uw band met de betrokken persoon aantoont.',
      },
      pl: {
        nomCourt: 'Pokrewieństwo',
        nom: 'Dokument potwierdzający pokrewieństwo',
        description: 'Odpis aktu stanu cywilnego lub inny dokument potwierdzający związek z tą osobą.',
      },
      da: {
        nomCourt: 'Slægtskab',
        nom: 'Dokumentation for slægtskab',
        description: 'Fødsels- eller vielsesattest eller et andet dokument, der viser jeres slægtskab.',
      },
      pt: {
        nomCourt: 'Parentesco',
        nom: 'Comprovativo de parentesco',
        description: 'Certidão de nascimento ou outro documento que prove a sua relação com a pessoa em causa.',
      },
    },
  },
  {
    id: 6,
    code: 'ATTESTATION_EMPLOYEUR',
    texts: {
      fr: {
        nomCourt: 'Attestation employeur',
        nom: 'Attestation de l’employeur',
        description: 'Lettre signée de votre employeur indiquant l’événement professionnel et sa date.',
      },
      en: {
        nomCourt: 'Employer letter',
        nom: 'Letter from your employer',
        description: 'A letter signed by your employer describing the work-related event and its date.',
      },
      de: {
        nomCourt: 'Arbeitgeberbescheinigung',
        nom: 'Bescheinigung des Arbeitgebers',
        description: 'Vom Arbeitgeber unterschriebenes Schreiben mit dem beruflichen Ereignis und seinem Datum.',
      },
      es: {
        nomCourt: 'Certificado de empresa',
        nom: 'Certificado de la empresa',
        description: 'Carta firmada por su empresa que indica el hecho profesional y su fecha.',
      },
      it: {
        nomCourt: 'Dichiarazione del datore',
        nom: 'Dichiarazione del datore di lavoro',
        description: 'Lettera firmata dal datore di lavoro che indica l’evento professionale e la sua data.',
      },
      nl: {
        nomCourt: 'Werkgeversverklaring',
        nom: 'Verklaring van de werkgever',
        description: 'Een door uw werkgever ondertekende brief met de gebeurtenis op het werk en de datum ervan.',
      },
      pl: {
        nomCourt: 'Zaświadczenie pracodawcy',
        nom: 'Zaświadczenie od pracodawcy',
        description: 'Podpisane pismo pracodawcy z opisem zdarzenia zawodowego i jego datą.',
      },
      da: {
        nomCourt: 'Erklæring fra arbejdsgiver',
        nom: 'Erklæring fra din arbejdsgiver',
        description: 'Et brev underskrevet af din arbejdsgiver med den arbejdsmæssige begivenhed og datoen.',
      },
      pt: {
        nomCourt: 'Declaração do empregador',
        nom: 'Declaração da entidade patronal',
        description: 'Carta assinada pela sua entidade patronal com o acontecimento profissional e a respetiva data.',
      },
    },
  },
  {
    id: 7,
    code: 'LETTRE_LICENCIEMENT',
    texts: {
      fr: {
        nomCourt: 'Lettre de licenciement',
        nom: 'Lettre de licenciement',
        description: 'La lettre de votre employeur, avec la date de notification du licenciement.',
      },
      en: {
        nomCourt: 'Redundancy letter',
        nom: 'Redundancy or dismissal letter',
        description: 'Your employer’s letter, showing the date you were notified of the dismissal.',
      },
      de: {
        nomCourt: 'Kündigungsschreiben',
        nom: 'Kündigungsschreiben des Arbeitgebers',
        description: 'Das Schreiben Ihres Arbeitgebers mit dem Datum, an dem die Kündigung zugestellt wurde.',
      },
      es: {
        nomCourt: 'Carta de despido',
        nom: 'Carta de despido',
        description: 'La carta de su empresa, con la fecha de notificación del despido.',
      },
      it: {
        nomCourt: 'Lettera di licenziamento',
        nom: 'Lettera di licenziamento',
        description: 'La lettera del datore di lavoro con la data di notifica del licenziamento.',
      },
      nl: {
        nomCourt: 'Ontslagbrief',
        nom: 'Ontslagbrief van de werkgever',
        description: 'De brief van uw werkgever met de datum waarop het ontslag is meegedeeld.',
      },
      pl: {
        nomCourt: 'Wypowiedzenie',
        nom: 'Wypowiedzenie umowy o pracę',
        description: 'Pismo pracodawcy z datą doręczenia wypowiedzenia.',
      },
      da: {
        nomCourt: 'Opsigelsesbrev',
        nom: 'Opsigelsesbrev fra arbejdsgiveren',
        description: 'Brevet fra din arbejdsgiver med datoen, hvor opsigelsen blev meddelt.',
      },
      pt: {
        nomCourt: 'Carta de despedimento',
        nom: 'Carta de despedimento',
        description: 'A carta da entidade patronal com a data de notificação do despedimento.',
      },
    },
  },
  {
    id: 8,
    code: 'DEPOT_PLAINTE',
    texts: {
      fr: {
        nomCourt: 'Dépôt de plainte',
        nom: 'Récépissé de dépôt de plainte',
        description: 'Délivré par la police ou la gendarmerie, il mentionne la date et les objets déclarés.',
      },
      en: {
        nomCourt: 'Police report',
        nom: 'Police report receipt',
        description: 'Issued by the police, it gives the date and lists the items reported.',
      },
      de: {
        nomCourt: 'Strafanzeige',
        nom: 'Bestätigung der Strafanzeige',
        description: 'Von der Polizei ausgestellt, mit Datum und den angezeigten Gegenständen.',
      },
      es: {
        nomCourt: 'Denuncia',
        nom: 'Copia de la denuncia',
        description: 'Expedida por la policía, indica la fecha y los objetos denunciados.',
      },
      it: {
        nomCourt: 'Denuncia',
        nom: 'Copia della denuncia',
        description: 'Rilasciata da polizia o carabinieri, riporta la data e gli oggetti denunciati.',
      },
      nl: {
        nomCourt: 'Aangifte',
        nom: 'Bewijs van aangifte bij de politie',
        description: 'Afgegeven door de politie, met de datum en de aangegeven voorwerpen.',
      },
      pl: {
        nomCourt: 'Zgłoszenie na policję',
        nom: 'Potwierdzenie zgłoszenia na policji',
        description: 'Wydane przez policję, z datą i wykazem zgłoszonych przedmiotów.',
      },
      da: {
        nomCourt: 'Politianmeldelse',
        nom: 'Kvittering for politianmeldelse',
        description: 'Udstedt af politiet med datoen og de anmeldte genstande.',
      },
      pt: {
        nomCourt: 'Queixa-crime',
        nom: 'Comprovativo da queixa às autoridades',
        description: 'Emitido pela polícia, indica a data e os objetos declarados.',
      },
    },
  },
  {
    id: 9,
    code: 'FACTURE_ACHAT',
    texts: {
      fr: {
        nomCourt: 'Facture d’achat',
        nom: 'Facture d’achat du matériel',
        description: 'La facture d’origine, avec la marque, le modèle et, pour un vélo, son numéro de cadre.',
      },
      en: {
        nomCourt: 'Purchase invoice',
        nom: 'Purchase invoice for the equipment',
        description: 'The original invoice, with make, model and, for a bike, the frame number.',
      },
      de: {
        nomCourt: 'Kaufrechnung',
        nom: 'Kaufrechnung der Ausrüstung',
        description: 'Die Originalrechnung mit Marke, Modell und bei einem Fahrrad der Rahmennummer.',
      },
      es: {
        nomCourt: 'Factura de compra',
        nom: 'Factura de compra del material',
        description: 'La factura original, con marca, modelo y, si es una bicicleta, el número de cuadro.',
      },
      it: {
        nomCourt: 'Fattura d’acquisto',
        nom: 'Fattura d’acquisto dell’attrezzatura',
        description: 'La fattura originale con marca, modello e, per una bici, il numero di telaio.',
      },
      nl: {
        nomCourt: 'Aankoopfactuur',
        nom: 'Aankoopfactuur van het materiaal',
        description: 'De originele factuur met merk, model en, voor een fiets, het framenummer.',
      },
      pl: {
        nomCourt: 'Faktura zakupu',
        nom: 'Faktura zakupu sprzętu',
        description: 'Oryginalna faktura z marką, modelem, a w przypadku roweru także numerem ramy.',
      },
      da: {
        nomCourt: 'Købsfaktura',
        nom: 'Købsfaktura for udstyret',
        description: 'Den originale faktura med mærke, model og for en cykel stelnummeret.',
      },
      pt: {
        nomCourt: 'Fatura de compra',
        nom: 'Fatura de compra do equipamento',
        description: 'A fatura original, com marca, modelo e, no caso de uma bicicleta, o número do quadro.',
      },
    },
  },
  {
    id: 10,
    code: 'DEVIS_REPARATION',
    texts: {
      fr: {
        nomCourt: 'Devis de réparation',
        nom: 'Devis ou facture de réparation',
        description: 'Établi par un professionnel, il décrit les dégâts et le coût de la remise en état.',
      },
      en: {
        nomCourt: 'Repair estimate',
        nom: 'Repair estimate or invoice',
        description: 'Drawn up by a professional, describing the damage and the cost of repair.',
      },
      de: {
        nomCourt: 'Kostenvoranschlag',
        nom: 'Kostenvoranschlag oder Reparaturrechnung',
        description: 'Von einer Fachwerkstatt erstellt, mit Beschreibung des Schadens und den Reparaturkosten.',
      },
      es: {
        nomCourt: 'Presupuesto de reparación',
        nom: 'Presupuesto o factura de reparación',
        description: 'Elaborado por un profesional, describe los daños y el coste de la reparación.',
      },
      it: {
        nomCourt: 'Preventivo di riparazione',
        nom: 'Preventivo o fattura di riparazione',
        description: 'Redatto da un professionista, descrive i danni e il costo della riparazione.',
      },
      nl: {
        nomCourt: 'Reparatieofferte',
        nom: 'Reparatieofferte of -factuur',
        description: 'Opgesteld door een vakman, met een beschrijving van de schade en de herstelkosten.',
      },
      pl: {
        nomCourt: 'Kosztorys naprawy',
        nom: 'Kosztorys lub faktura za naprawę',
        description: 'Sporządzony przez specjalistę, z opisem szkód i kosztem naprawy.',
      },
      da: {
        nomCourt: 'Reparationstilbud',
        nom: 'Tilbud eller faktura på reparation',
        description: 'Udarbejdet af en fagperson med en beskrivelse af skaden og prisen for reparationen.',
      },
      pt: {
        nomCourt: 'Orçamento de reparação',
        nom: 'Orçamento ou fatura de reparação',
        description: 'Elaborado por um profissional, descreve os danos e o custo da reparação.',
      },
    },
  },
  {
    id: 11,
    code: 'RIB',
    bankDetails: true,
    texts: {
      fr: {
        nomCourt: 'RIB',
        nom: 'Relevé d’identité bancaire (RIB)',
        description: 'Au nom de l’assuré, avec l’IBAN et le BIC du compte qui recevra le remboursement.',
      },
      en: {
        nomCourt: 'Bank details',
        nom: 'Bank account details (IBAN)',
        description: 'In the insured person’s name, with the IBAN and BIC of the account to be refunded.',
      },
      de: {
        nomCourt: 'Bankverbindung',
        nom: 'Nachweis der Bankverbindung (IBAN)',
        description: 'Auf den Namen der versicherten Person, mit IBAN und BIC des Kontos für die Erstattung.',
      },
      es: {
        nomCourt: 'Datos bancarios',
        nom: 'Certificado de titularidad bancaria (IBAN)',
        description: 'A nombre del asegurado, con el IBAN y el BIC de la cuenta que recibirá el reembolso.',
      },
      it: {
        nomCourt: 'Coordinate bancarie',
        nom: 'Coordinate bancarie (IBAN)',
        description: 'Intestate all’assicurato, con IBAN e BIC del conto su cui ricevere il rimborso.',
      },
      nl: {
        nomCourt: 'Bankgegevens',
        nom: 'Bewijs van bankrekening (IBAN)',
        description: 'Op naam van de verzekerde, met de IBAN en BIC van de rekening voor de terugbetaling.',
      },
      pl: {
        nomCourt: 'Dane bankowe',
        nom: 'Potwierdzenie numeru rachunku (IBAN)',
        description: 'Na nazwisko ubezpieczonego, z numerem IBAN i kodem BIC rachunku do zwrotu.',
      },
      da: {
        nomCourt: 'Bankoplysninger',
        nom: 'Dokumentation for bankkonto (IBAN)',
        description: 'I den forsikredes navn med IBAN og BIC for den konto, der skal modtage udbetalingen.',
      },
      pt: {
        nomCourt: 'Dados bancários',
        nom: 'Comprovativo de IBAN',
        description: 'Em nome do segurado, com o IBAN e o BIC da conta que receberá o reembolso.',
      },
    },
  },
  {
    id: 12,
    code: 'PIECE_IDENTITE',
    texts: {
      fr: {
        nomCourt: 'Pièce d’identité',
        nom: 'Pièce d’identité en cours de validité',
        description: 'Carte d’identité, passeport ou permis de conduire, recto et verso.',
      },
      en: {
        nomCourt: 'Identity document',
        nom: 'Valid identity document',
        description: 'Identity card, passport or driving licence, both sides.',
      },
      de: {
        nomCourt: 'Ausweis',
        nom: 'Gültiges Ausweisdokument',
        description: 'Personalausweis, Reisepass oder Führerschein, Vorder- und Rückseite.',
      },
      es: {
        nomCourt: 'Documento de identidad',
        nom: 'Documento de identidad en vigor',
        description: 'DNI, pasaporte o permiso de conducir, por ambas caras.',
      },
      it: {
        nomCourt: 'Documento d’identità',
        nom: 'Documento d’identità valido',
        description: 'Carta d’identità, passaporto o patente di guida, fronte e retro.',
      },
      nl: {
        nomCourt: 'Identiteitsbewijs',
        nom: 'Geldig identiteitsbewijs',
        description: 'Identiteitskaart, paspoort of rijbewijs, voor- en achterkant.',
      },
      pl: {
        nomCourt: 'Dokument tożsamości',
        nom: 'Ważny dokument tożsamości',
        description: 'Dowód osobisty, paszport lub prawo jazdy, obie strony.',
      },
      da: {
        nomCourt: 'Legitimation',
        nom: 'Gyldig legitimation',
        description: 'Pas, kørekort eller ID-kort, for- og bagside.',
      },
      pt: {
        nomCourt: 'Documento de identificação',
        nom: 'Documento de identificação válido',
        description: 'Cartão de cidadão, passaporte ou carta de condução, frente e verso.',
      },
    },
  },
  {
    id: 13,
    code: 'ATTESTATION_RETARD',
    texts: {
      fr: {
        nomCourt: 'Attestation de retard',
        nom: 'Attestation de retard du transporteur',
        description: 'Délivrée par la compagnie, elle indique l’horaire prévu et l’heure réelle d’arrivée.',
      },
      en: {
        nomCourt: 'Delay certificate',
        nom: 'Delay certificate from the carrier',
        description: 'Issued by the carrier, showing the scheduled time and the actual arrival time.',
      },
      de: {
        nomCourt: 'Verspätungsbestätigung',
        nom: 'Verspätungsbestätigung des Beförderers',
        description: 'Vom Verkehrsunternehmen ausgestellt, mit planmäßiger und tatsächlicher Ankunftszeit.',
      },
      es: {
        nomCourt: 'Certificado de retraso',
        nom: 'Certificado de retraso del transportista',
        description: 'Expedido por la compañía, indica el horario previsto y la hora real de llegada.',
      },
      it: {
        nomCourt: 'Attestato di ritardo',
        nom: 'Attestato di ritardo del vettore',
        description: 'Rilasciato dalla compagnia, indica l’orario previsto e l’ora effettiva di arrivo.',
      },
      nl: {
        nomCourt: 'Vertragingsattest',
        nom: 'Vertragingsattest van de vervoerder',
        description: 'Afgegeven door de vervoerder, met de geplande en de werkelijke aankomsttijd.',
      },
      pl: {
        nomCourt: 'Potwierdzenie opóźnienia',
        nom: 'Potwierdzenie opóźnienia od przewoźnika',
        description: 'Wydane przez przewoźnika, z planowaną i rzeczywistą godziną przyjazdu.',
      },
      da: {
        nomCourt: 'Forsinkelsesattest',
        nom: 'Forsinkelsesattest fra transportøren',
        description: 'Udstedt af selskabet med den planlagte og den faktiske ankomsttid.',
      },
      pt: {
        nomCourt: 'Declaração de atraso',
        nom: 'Declaração de atraso da transportadora',
        description: 'Emitida pela companhia, indica o horário previsto e a hora real de chegada.',
      },
    },
  },
  {
    id: 14,
    code: 'ATTESTATION_SINISTRE_HABITATION',
    texts: {
      fr: {
        nomCourt: 'Attestation sinistre habitation',
        nom: 'Attestation de l’assureur habitation',
        description: 'Elle confirme la date et la gravité des dommages subis par votre logement.',
      },
      en: {
        nomCourt: 'Home insurer’s statement',
        nom: 'Statement from your home insurer',
        description: 'It confirms the date and the extent of the damage to your home.',
      },
      de: {
        nomCourt: 'Bescheinigung Hausratversicherung',
        nom: 'Bescheinigung Ihrer Wohngebäude- oder Hausratversicherung',
        description: 'Sie bestätigt Datum und Ausmaß des Schadens an Ihrer Wohnung.',
      },
      es: {
        nomCourt: 'Certificado del seguro de hogar',
        nom: 'Certificado de su aseguradora de hogar',
        description: 'Confirma la fecha y la gravedad de los daños sufridos por su vivienda.',
      },
      it: {
        nomCourt: 'Attestazione assicurazione casa',
        nom: 'Attestazione della compagnia che assicura la casa',
        description: 'Conferma la data e l’entità dei danni subiti dalla vostra abitazione.',
      },
      nl: {
        nomCourt: 'Verklaring woningverzekeraar',
        nom: 'Verklaring van uw woningverzekeraar',
        description: 'Die bevestigt de datum en de omvang van de schade aan uw woning.',
      },
      pl: {
        nomCourt: 'Zaświadczenie ubezpieczyciela mieszkania',
        nom: 'Zaświadczenie od ubezpieczyciela mieszkania',
        description: 'Potwierdza datę i rozmiar szkody w Państwa mieszkaniu.',
      },
      da: {
        nomCourt: 'Erklæring fra husforsikring',
        nom: 'Erklæring fra dit hus- eller indboforsikringsselskab',
        description: 'Den bekræfter datoen for og omfanget af skaden på din bolig.',
      },
      pt: {
        nomCourt: 'Declaração do seguro de habitação',
        nom: 'Declaração da sua seguradora de habitação',
        description: 'Confirma a data e a gravidade dos danos sofridos pela sua habitação.',
      },
    },
  },
  {
    id: 15,
    code: 'BULLETIN_HOSPITALISATION',
    texts: {
      fr: {
        nomCourt: 'Bulletin d’hospitalisation',
        nom: 'Bulletin d’hospitalisation',
        description: 'Délivré par l’établissement de santé, avec les dates d’entrée et de sortie.',
      },
      en: {
        nomCourt: 'Hospital certificate',
        nom: 'Hospital admission certificate',
        description: 'Issued by the hospital, with the admission and discharge dates.',
      },
      de: {
        nomCourt: 'Krankenhausbescheinigung',
        nom: 'Aufenthaltsbescheinigung des Krankenhauses',
        description: 'Vom Krankenhaus ausgestellt, mit Aufnahme- und Entlassungsdatum.',
      },
      es: {
        nomCourt: 'Justificante de ingreso',
        nom: 'Justificante de ingreso hospitalario',
        description: 'Expedido por el hospital, con las fechas de ingreso y de alta.',
      },
      it: {
        nomCourt: 'Certificato di ricovero',
        nom: 'Certificato di ricovero ospedaliero',
        description: 'Rilasciato dalla struttura sanitaria, con le date di ingresso e di dimissione.',
      },
      nl: {
        nomCourt: 'Opnameverklaring',
        nom: 'Verklaring van ziekenhuisopname',
        description: 'Afgegeven door het ziekenhuis, met de datum van opname en ontslag.',
      },
      pl: {
        nomCourt: 'Karta informacyjna ze szpitala',
        nom: 'Karta informacyjna leczenia szpitalnego',
        description: 'Wydana przez szpital, z datą przyjęcia i wypisu.',
      },
      da: {
        nomCourt: 'Indlæggelsesattest',
        nom: 'Attest for hospitalsindlæggelse',
        description: 'Udstedt af hospitalet med datoerne for indlæggelse og udskrivning.',
      },
      pt: {
        nomCourt: 'Declaração de internamento',
        nom: 'Declaração de internamento hospitalar',
        description: 'Emitida pelo hospital, com as datas de entrada e de alta.',
      },
    },
  },
  {
    id: 16,
    code: 'FACTURES_FRAIS_MEDICAUX',
    texts: {
      fr: {
        nomCourt: 'Factures médicales',
        nom: 'Factures de frais médicaux et décomptes',
        description: 'Les factures acquittées et les décomptes de la Sécurité sociale et de votre mutuelle.',
      },
      en: {
        nomCourt: 'Medical bills',
        nom: 'Medical bills and reimbursement statements',
        description: 'The paid bills and the statements from your health insurance showing what it refunded.',
      },
      de: {
        nomCourt: 'Arztrechnungen',
        nom: 'Arztrechnungen und Erstattungsbescheide',
        description: 'Die bezahlten Rechnungen und die Abrechnungen Ihrer Krankenkasse.',
      },
      es: {
        nomCourt: 'Facturas médicas',
        nom: 'Facturas de gastos médicos y liquidaciones',
        description: 'Las facturas pagadas y las liquidaciones de la seguridad social o de su seguro de salud.',
      },
      it: {
        nomCourt: 'Fatture mediche',
        nom: 'Fatture delle spese mediche e rendiconti',
        description: 'Le fatture pagate e i rendiconti del servizio sanitario o della vostra assicurazione.',
      },
      nl: {
        nomCourt: 'Medische facturen',
        nom: 'Medische facturen en afrekeningen',
        description: 'De betaalde facturen en de afrekeningen van uw zorgverzekeraar of ziekenfonds.',
      },
      pl: {
        nomCourt: 'Rachunki za leczenie',
        nom: 'Rachunki za leczenie i rozliczenia',
        description: 'Opłacone rachunki oraz rozliczenia z NFZ lub prywatnego ubezpieczyciela.',
      },
      da: {
        nomCourt: 'Lægeregninger',
        nom: 'Lægeregninger og afregninger',
        description: 'De betalte regninger og afregningerne fra din sygeforsikring.',
      },
      pt: {
        nomCourt: 'Faturas médicas',
        nom: 'Faturas de despesas médicas e comparticipações',
        description: 'As faturas pagas e os comprovativos de comparticipação do SNS ou do seu seguro de saúde.',
      },
    },
  },
  {
    id: 17,
    code: 'CERTIFICAT_INTERRUPTION',
    texts: {
      fr: {
        nomCourt: 'Certificat d’interruption',
        nom: 'Certificat d’interruption',
        description: 'Le formulaire de l’assureur rempli par le médecin ou l’établissement, avec la date d’arrêt.',
      },
      en: {
        nomCourt: 'Interruption certificate',
        nom: 'Interruption certificate',
        description: 'The insurer’s form completed by the doctor or the establishment, with the date you stopped.',
      },
      de: {
        nomCourt: 'Unterbrechungsbescheinigung',
        nom: 'Bescheinigung über die Unterbrechung',
        description: 'Das Formular des Versicherers, vom Arzt oder der Einrichtung ausgefüllt, mit dem Abbruchdatum.',
      },
      es: {
        nomCourt: 'Certificado de interrupción',
        nom: 'Certificado de interrupción',
        description: 'El formulario de la aseguradora rellenado por el médico o el establecimiento, con la fecha.',
      },
      it: {
        nomCourt: 'Certificato di interruzione',
        nom: 'Certificato di interruzione',
        description: 'Il modulo dell’assicuratore compilato dal medico o dalla struttura, con la data di stop.',
      },
      nl: {
        nomCourt: 'Onderbrekingsattest',
        nom: 'Attest van onderbreking',
        description: 'Het formulier van de verzekeraar, ingevuld door de arts of de accommodatie, met de stopdatum.',
      },
      pl: {
        nomCourt: 'Zaświadczenie o przerwaniu',
        nom: 'Zaświadczenie o przerwaniu',
        description: 'Formularz ubezpieczyciela wypełniony przez lekarza lub obiekt, z datą przerwania.',
      },
      da: {
        nomCourt: 'Afbrydelsesattest',
        nom: 'Attest for afbrydelse',
        description: 'Forsikringsselskabets formular udfyldt af lægen eller stedet med datoen for afbrydelsen.',
      },
      pt: {
        nomCourt: 'Certificado de interrupção',
        nom: 'Certificado de interrupção',
        description: 'O formulário da seguradora preenchido pelo médico ou estabelecimento, com a data de paragem.',
      },
    },
  },
  {
    id: 18,
    code: 'CERTIFICAT_EXTENSION_INTERRUPTION',
    texts: {
      fr: {
        nomCourt: 'Prolongation d’interruption',
        nom: 'Certificat d’extension d’interruption',
        description: 'À fournir lorsque l’arrêt se prolonge au-delà de la date du premier certificat.',
      },
      en: {
        nomCourt: 'Interruption extension',
        nom: 'Interruption extension certificate',
        description: 'Needed when the interruption lasts beyond the date on the first certificate.',
      },
      de: {
        nomCourt: 'Verlängerung der Unterbrechung',
        nom: 'Bescheinigung über die Verlängerung der Unterbrechung',
        description: 'Erforderlich, wenn die Unterbrechung über das Datum der ersten Bescheinigung hinaus andauert.',
      },
      es: {
        nomCourt: 'Prórroga de interrupción',
        nom: 'Certificado de prórroga de la interrupción',
        description: 'Necesario cuando la interrupción se prolonga más allá de la fecha del primer certificado.',
      },
      it: {
        nomCourt: 'Proroga dell’interruzione',
        nom: 'Certificato di proroga dell’interruzione',
        description: 'Da fornire quando l’interruzione prosegue oltre la data del primo certificato.',
      },
      nl: {
        nomCourt: 'Verlenging onderbreking',
        nom: 'Attest van verlenging van de onderbreking',
        description: 'Nodig wanneer de onderbreking langer duurt dan de datum op het eerste attest.',
      },
      pl: {
        nomCourt: 'Przedłużenie przerwy',
        nom: 'Zaświadczenie o przedłużeniu przerwy',
        description: 'Wymagane, gdy przerwa trwa dłużej niż data podana w pierwszym zaświadczeniu.',
      },
      da: {
        nomCourt: 'Forlænget afbrydelse',
        nom: 'Attest for forlænget afbrydelse',
        description: 'Kræves, når afbrydelsen varer ud over datoen i den første attest.',
      },
      pt: {
        nomCourt: 'Prolongamento da interrupção',
        nom: 'Certificado de prolongamento da interrupção',
        description: 'Necessário quando a interrupção se prolonga para além da data do primeiro certificado.',
      },
    },
  },
  {
    id: 19,
    code: 'CERTIFICAT_REMISE_A_NIVEAU',
    texts: {
      fr: {
        nomCourt: 'Certificat de remise à niveau',
        nom: 'Certificat de remise à niveau',
        description: 'Signé par l’enseignant de golf, il liste les cours suivis et leur coût.',
      },
      en: {
        nomCourt: 'Refresher certificate',
        nom: 'Refresher (level-up) certificate',
        description: 'Signed by the golf professional, listing the lessons taken and their cost.',
      },
      de: {
        nomCourt: 'Auffrischungsbescheinigung',
        nom: 'Bescheinigung über den Auffrischungskurs',
        description: 'Vom Golflehrer unterschrieben, mit den besuchten Stunden und ihren Kosten.',
      },
      es: {
        nomCourt: 'Certificado de reciclaje',
        nom: 'Certificado de clases de reciclaje',
        description: 'Firmado por el profesor de golf, enumera las clases recibidas y su coste.',
      },
      it: {
        nomCourt: 'Certificato di ripresa',
        nom: 'Certificato delle lezioni di ripresa',
        description: 'Firmato dal maestro di golf, elenca le lezioni seguite e il loro costo.',
      },
      nl: {
        nomCourt: 'Opfrisattest',
        nom: 'Attest van opfrislessen',
        description: 'Ondertekend door de golfleraar, met de gevolgde lessen en hun kosten.',
      },
      pl: {
        nomCourt: 'Zaświadczenie o lekcjach',
        nom: 'Zaświadczenie o lekcjach przypominających',
        description: 'Podpisane przez instruktora golfa, z listą odbytych lekcji i ich kosztem.',
      },
      da: {
        nomCourt: 'Genopfriskningsattest',
        nom: 'Attest for genopfriskningstimer',
        description: 'Underskrevet af golftræneren med de tagne timer og deres pris.',
      },
      pt: {
        nomCourt: 'Certificado de reciclagem',
        nom: 'Certificado de aulas de reciclagem',
        description: 'Assinado pelo professor de golfe, lista as aulas frequentadas e o respetivo custo.',
      },
    },
  },
  {
    id: 20,
    code: 'CERTIFICAT_TROU_EN_UN',
    texts: {
      fr: {
        nomCourt: 'Certificat de trou en un',
        nom: 'Certificat de trou en un',
        description: 'Signé par le club et deux témoins, avec le numéro du trou, la date et la carte de score.',
      },
      en: {
        nomCourt: 'Hole-in-one certificate',
        nom: 'Hole-in-one certificate',
        description: 'Signed by the club and two witnesses, with the hole number, the date and the scorecard.',
      },
      de: {
        nomCourt: 'Hole-in-One-Bescheinigung',
        nom: 'Hole-in-One-Bescheinigung',
        description: 'Vom Club und zwei Zeugen unterschrieben, mit Lochnummer, Datum und Scorekarte.',
      },
      es: {
        nomCourt: 'Certificado de hoyo en uno',
        nom: 'Certificado de hoyo en uno',
        description: 'Firmado por el club y dos testigos, con el número del hoyo, la fecha y la tarjeta.',
      },
      it: {
        nomCourt: 'Certificato di buca in uno',
        nom: 'Certificato di buca in uno',
        description: 'Firmato dal circolo e da due testimoni, con numero della buca, data e score card.',
      },
      nl: {
        nomCourt: 'Hole-in-one-attest',
        nom: 'Hole-in-one-attest',
        description: 'Ondertekend door de club en twee getuigen, met holenummer, datum en scorekaart.',
      },
      pl: {
        nomCourt: 'Zaświadczenie hole in one',
        nom: 'Zaświadczenie o uzyskaniu hole in one',
        description: 'Podpisane przez klub i dwóch świadków, z numerem dołka, datą i kartą wyników.',
      },
      da: {
        nomCourt: 'Hole in one-attest',
        nom: 'Attest for hole in one',
        description: 'Underskrevet af klubben og to vidner med hulnummer, dato og scorekort.',
      },
      pt: {
        nomCourt: 'Certificado de hole in one',
        nom: 'Certificado de hole in one',
        description: 'Assinado pelo clube e por duas testemunhas, com o número do buraco, a data e o cartão.',
      },
    },
  },
  {
    id: 21,
    code: 'CONVOCATION',
    texts: {
      fr: {
        nomCourt: 'Convocation',
        nom: 'Convocation officielle',
        description: 'La convocation du tribunal ou de l’administration, reçue après la réservation.',
      },
      en: {
        nomCourt: 'Summons',
        nom: 'Official summons',
        description: 'The summons from the court or the authority, received after you booked.',
      },
      de: {
        nomCourt: 'Vorladung',
        nom: 'Amtliche Vorladung',
        description: 'Die Vorladung des Gerichts oder der Behörde, die nach der Buchung eingegangen ist.',
      },
      es: {
        nomCourt: 'Citación',
        nom: 'Citación oficial',
        description: 'La citación del juzgado o de la administración, recibida después de la reserva.',
      },
      it: {
        nomCourt: 'Convocazione',
        nom: 'Convocazione ufficiale',
        description: 'La convocazione del tribunale o dell’amministrazione, ricevuta dopo la prenotazione.',
      },
      nl: {
        nomCourt: 'Oproeping',
        nom: 'Officiële oproeping',
        description: 'De oproeping van de rechtbank of de overheid, ontvangen na de reservering.',
      },
      pl: {
        nomCourt: 'Wezwanie',
        nom: 'Oficjalne wezwanie',
        description: 'Wezwanie sądu lub urzędu otrzymane po dokonaniu rezerwacji.',
      },
      da: {
        nomCourt: 'Indkaldelse',
        nom: 'Officiel indkaldelse',
        description: 'Indkaldelsen fra retten eller myndigheden, modtaget efter bookingen.',
      },
      pt: {
        nomCourt: 'Convocatória',
        nom: 'Convocatória oficial',
        description: 'A convocatória do tribunal ou da administração, recebida depois da reserva.',
      },
    },
  },
  {
    id: 22,
    code: 'RAPPORT_BAGAGES',
    texts: {
      fr: {
        nomCourt: 'Constat bagages',
        nom: 'Constat d’irrégularité bagages',
        description: 'Le rapport établi par le transporteur à l’arrivée (PIR pour un vol).',
      },
      en: {
        nomCourt: 'Baggage report',
        nom: 'Property irregularity report',
        description: 'The report drawn up by the carrier on arrival (PIR for a flight).',
      },
      de: {
        nomCourt: 'Gepäckschadensmeldung',
        nom: 'Schadens- oder Verlustmeldung des Gepäcks',
        description: 'Die bei Ankunft vom Beförderer erstellte Meldung (PIR bei einem Flug).',
      },
      es: {
        nomCourt: 'Parte de equipaje',
        nom: 'Parte de irregularidad de equipaje',
        description: 'El parte que redacta el transportista a la llegada (PIR en un vuelo).',
      },
      it: {
        nomCourt: 'Rapporto bagagli',
        nom: 'Rapporto di irregolarità bagaglio',
        description: 'Il rapporto redatto dal vettore all’arrivo (PIR per un volo).',
      },
      nl: {
        nomCourt: 'Bagagerapport',
        nom: 'Rapport van bagageonregelmatigheid',
        description: 'Het rapport dat de vervoerder bij aankomst opmaakt (PIR bij een vlucht).',
      },
      pl: {
        nomCourt: 'Protokół bagażowy',
        nom: 'Protokół nieprawidłowości bagażu',
        description: 'Protokół sporządzony przez przewoźnika po przyjeździe (PIR w przypadku lotu).',
      },
      da: {
        nomCourt: 'Bagagerapport',
        nom: 'Rapport om bagageuregelmæssighed',
        description: 'Rapporten, som transportøren udfærdiger ved ankomst (PIR ved en flyrejse).',
      },
      pt: {
        nomCourt: 'Relatório de bagagem',
        nom: 'Relatório de irregularidade de bagagem',
        description: 'O relatório elaborado pela transportadora à chegada (PIR num voo).',
      },
    },
  },
  {
    id: OTHER_DOCUMENT_TYPE_ID,
    code: 'AUTRE',
    texts: {
      fr: {
        nomCourt: 'Autre document',
        nom: 'Autre document justificatif',
        description: 'Tout autre document utile à l’étude de votre dossier.',
      },
      en: {
        nomCourt: 'Other document',
        nom: 'Other supporting document',
        description: 'Any other document that helps us assess your claim.',
      },
      de: {
        nomCourt: 'Sonstiges Dokument',
        nom: 'Sonstiger Nachweis',
        description: 'Jedes weitere Dokument, das bei der Prüfung Ihres Falls hilft.',
      },
      es: {
        nomCourt: 'Otro documento',
        nom: 'Otro justificante',
        description: 'Cualquier otro documento útil para estudiar su expediente.',
      },
      it: {
        nomCourt: 'Altro documento',
        nom: 'Altro documento giustificativo',
        description: 'Qualsiasi altro documento utile all’esame della pratica.',
      },
      nl: {
        nomCourt: 'Ander document',
        nom: 'Ander bewijsstuk',
        description: 'Elk ander document dat helpt bij de beoordeling van uw dossier.',
      },
      pl: {
        nomCourt: 'Inny dokument',
        nom: 'Inny dokument potwierdzający',
        description: 'Każdy inny dokument przydatny przy rozpatrywaniu zgłoszenia.',
      },
      da: {
        nomCourt: 'Andet dokument',
        nom: 'Anden dokumentation',
        description: 'Ethvert andet dokument, der kan hjælpe med at behandle din sag.',
      },
      pt: {
        nomCourt: 'Outro documento',
        nom: 'Outro documento comprovativo',
        description: 'Qualquer outro documento útil para a análise do seu processo.',
      },
    },
  },
];

/** Whether documents of this type give bank details (`bankDetails`); false for an unknown type or none. */
export function isBankDetailsDocument(documentTypeId: number | null): boolean {
  return DOCUMENT_TYPES.some((type) => type.id === documentTypeId && type.bankDetails === true);
}

/** The document type with this id; throws when the demo data refers to one that does not exist. */
export function getDocumentType(id: number): DocumentType {
  const documentType = DOCUMENT_TYPES.find((candidate) => candidate.id === id);
  if (!documentType) throw new Error(`Demo data refers to document type ${id}, which does not exist.`);
  return documentType;
}
