import { defineMessages } from '../../i18n/messages.ts';

/** Answers of `POST attestation` (find my number, spec 2 §2 find-my-number, §8). */
export const attestationMessages = defineMessages({
  number_sent: {
    fr: "Nous vous avons envoyé votre numéro d'assuré par e-mail.",
    en: 'We have sent you your insured number by e-mail.',
    de: 'Wir haben Ihnen Ihre Versichertennummer per E-Mail gesendet.',
    es: 'Le hemos enviado su número de asegurado por correo electrónico.',
    it: 'Le abbiamo inviato il suo numero di assicurato via e-mail.',
    nl: 'We hebben u uw verzekerdennummer per e-mail gestuurd.',
    pl: 'Wysłaliśmy Panu/Pani numer ubezpieczonego e-mailem.',
    da: 'Vi har sendt dig dit forsikringsnummer pr. e-mail.',
    pt: 'Enviámos-lhe o seu número de segurado por e-mail.',
  },
  number_not_found: {
    fr: 'Erreur : Nous ne retrouvons aucun numéro avec les informations soumises. Veuillez vérifier vos informations.',
    en: 'Error: we cannot find any number with the information submitted. Please check your information.',
    de: 'Fehler: Mit den übermittelten Angaben finden wir keine Nummer. Bitte überprüfen Sie Ihre Angaben.',
    es: 'Error: no encontramos ningún número con la información enviada. Compruebe sus datos.',
    it: 'Errore: non troviamo alcun numero con le informazioni inviate. Verifichi le sue informazioni.',
    nl: 'Fout: we vinden geen nummer met de verstrekte gegevens. Controleer uw gegevens.',
    pl: 'Błąd: nie znaleźliśmy żadnego numeru na podstawie podanych informacji. Proszę sprawdzić swoje dane.',
    da: 'Fejl: Vi kan ikke finde noget nummer med de indsendte oplysninger. Kontrollér venligst dine oplysninger.',
    pt: 'Erro: não encontramos nenhum número com as informações enviadas. Verifique as suas informações.',
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
