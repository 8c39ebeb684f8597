import { defineMessages } from '../../i18n/messages.ts';

/** Answers of `POST attestation` (find my number, spec 2 §2 find-my-number, §8). */
export const attestationMessages = defineMessages({
  number_sent: {
    fr: "Si ces informations correspondent à un contrat, nous venons d'envoyer votre numéro d'assuré à cette adresse e-mail.",
    en: 'If these details match a contract, we have just sent your insured number to this e-mail address.',
    de: 'Wenn diese Angaben zu einem Vertrag passen, haben wir Ihre Versichertennummer soeben an diese E-Mail-Adresse gesendet.',
    es: 'Si estos datos corresponden a un contrato, acabamos de enviar su número de asegurado a esta dirección de correo electrónico.',
    it: 'Se questi dati corrispondono a un contratto, abbiamo appena inviato il suo numero di assicurato a questo indirizzo e-mail.',
    nl: 'Als deze gegevens bij een contract horen, hebben we uw verzekerdennummer zojuist naar dit e-mailadres gestuurd.',
    pl: 'Jeśli te dane odpowiadają umowie, właśnie wysłaliśmy numer ubezpieczonego na ten adres e-mail.',
    da: 'Hvis disse oplysninger passer til en kontrakt, har vi netop sendt dit forsikringsnummer til denne e-mailadresse.',
    pt: 'Se estes dados corresponderem a um contrato, acabámos de enviar o seu número de segurado para este endereço de e-mail.',
  },
  start_after_end: {
    fr: 'La date de début du séjour doit précéder la date de fin du séjour.',
    en: 'The start date of the stay must come before its end date.',
    de: 'Das Anfangsdatum des Aufenthalts muss vor dem Enddatum liegen.',
    es: 'La fecha de inicio de la estancia debe ser anterior a la fecha de fin.',
    it: 'La data di inizio del soggiorno deve precedere la data di fine.',
    nl: 'De begindatum van het verblijf moet vóór de einddatum liggen.',
    pl: 'Data rozpoczęcia pobytu musi być wcześniejsza niż data jego zakończenia.',
    da: 'Opholdets startdato skal ligge før slutdatoen.',
    pt: 'A data de início da estadia deve ser anterior à data de fim.',
  },
});
