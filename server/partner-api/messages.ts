import { apiMessages } from '../i18n/messages.ts';

/** Messages shared by every partner API module: the envelope of a refused request and the per-field problems of `fields`. Texts: `locales/<lang>/api.json`, group `common`. */
export const commonMessages = apiMessages('common');

export type CommonMessageKey = keyof typeof commonMessages;
