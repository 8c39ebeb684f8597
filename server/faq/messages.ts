import { apiMessages } from '../i18n/public.ts';

/** Answers of the FAQ assistant's API. Texts: `locales/<lang>/api.json`, group `faq`. */
export const faqMessages = apiMessages('faq');
