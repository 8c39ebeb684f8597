import { apiMessages } from '../../i18n/messages.ts';

/** Answers of the insured-number lookups. Texts: `locales/<lang>/api.json`, group `insured`. */
export const insuredMessages = apiMessages('insured');
