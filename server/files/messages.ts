import { apiMessages } from '../i18n/messages.ts';

/** Refusals of the upload guard (upload-guard.ts), shown to a visitor whose file was not taken. Texts: `locales/<lang>/api.json`, group `uploads`. */
export const uploadGuardMessages = apiMessages('uploads');
