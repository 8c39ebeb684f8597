import { apiMessages } from '../i18n/public.ts';

/** Refusals of the upload guard (upload-guard.ts), shown to a visitor whose file was not taken. Texts: `locales/<lang>/api.json`, group `uploads`. */
export const uploadGuardMessages = apiMessages('uploads');

/** The refusal of an address group whose share of the hourly upload bytes is spent. Texts: group `uploadShares`. */
export const uploadShareMessages = apiMessages('uploadShares');

/** The refusal of a request body cut for arriving too slowly (body-pace.ts). Texts: group `bodyPace`. */
export const bodyPaceMessages = apiMessages('bodyPace');
