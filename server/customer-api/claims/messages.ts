import { apiMessages } from '../../i18n/public.ts';

/** Answers of the claims API. Texts: `locales/<lang>/api.json`, group `claims`. */
export const claimMessages = apiMessages('claims');
