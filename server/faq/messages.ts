import { defineMessages } from '../i18n/messages.ts';

/** The FAQ's answers to visitors (the staff's are French only, as the back office is). */
export const faqMessages = defineMessages({
  /** A rating of an answer that is no longer there (or never was). */
  unknown_question: {
    fr: 'Cette question n’existe plus.',
    en: 'This question no longer exists.',
    de: 'Diese Frage gibt es nicht mehr.',
    es: 'Esta pregunta ya no existe.',
    it: 'Questa domanda non esiste più.',
    nl: 'Deze vraag bestaat niet meer.',
    pl: 'To pytanie już nie istnieje.',
    da: 'Dette spørgsmål findes ikke længere.',
    pt: 'Esta pergunta já não existe.',
  },
});
