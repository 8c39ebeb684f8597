import { apiMessages } from '../../i18n/public.ts';

/** Answers of the complaint, contact and find-my-number forms. Texts: `locales/<lang>/api.json`, group `forms`. */
export const formMessages = apiMessages('forms');
