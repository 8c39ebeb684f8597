import { apiMessages } from '../../i18n/messages.ts';

/** Answers of the claims API. Texts: `locales/<lang>/api.json`, group `claims`. */
export const claimMessages = apiMessages('claims');
