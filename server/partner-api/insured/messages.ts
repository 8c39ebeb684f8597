import { defineMessages } from '../../i18n/messages.ts';

/** Answers of the insured-person lookups and reference data (infos_dossier, garantie, pays, pages). */
export const insuredMessages = defineMessages({
  /** Spec 1 §8: unknown or invalid insured number. */
  unknown_insured_number: {
    fr: "Erreur : N° d'assuré ou N° de contrat incorrect",
    en: 'Error: incorrect insured number or contract number',
    de: 'Fehler: Versicherten- oder Vertragsnummer ist falsch',
    es: 'Error: número de asegurado o número de contrato incorrecto',
    it: 'Errore: numero di assicurato o numero di contratto errato',
    nl: 'Fout: onjuist verzekerdennummer of contractnummer',
    pl: 'Błąd: nieprawidłowy numer ubezpieczonego lub numer umowy',
    da: 'Fejl: forkert forsikringsnummer eller kontraktnummer',
    pt: 'Erro: número de segurado ou número de contrato incorreto',
  },
  unknown_guarantee: {
    fr: "Cet objet de demande n'existe pas.",
    en: 'This request type does not exist.',
    de: 'Diese Art von Anfrage gibt es nicht.',
    es: 'Este objeto de solicitud no existe.',
    it: 'Questo oggetto di richiesta non esiste.',
    nl: 'Dit onderwerp van aanvraag bestaat niet.',
    pl: 'Taki przedmiot wniosku nie istnieje.',
    da: 'Denne type anmodning findes ikke.',
    pt: 'Este objeto de pedido não existe.',
  },
  unknown_page: {
    fr: "Cette page n'existe pas.",
    en: 'This page does not exist.',
    de: 'Diese Seite existiert nicht.',
    es: 'Esta página no existe.',
    it: 'Questa pagina non esiste.',
    nl: 'Deze pagina bestaat niet.',
    pl: 'Ta strona nie istnieje.',
    da: 'Denne side findes ikke.',
    pt: 'Esta página não existe.',
  },
});
