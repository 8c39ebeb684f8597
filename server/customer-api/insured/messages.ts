import { apiMessages } from '../../i18n/public.ts';

/** Answers of the insured-number lookups. Texts: `locales/<lang>/api.json`, group `insured`. */
export const insuredMessages = apiMessages('insured');
