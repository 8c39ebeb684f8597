import { apiMessages } from '../../i18n/public.ts';

/** Answers of the proofs API. Texts: `locales/<lang>/api.json`, group `proofs`. */
export const proofMessages = apiMessages('proofs');
