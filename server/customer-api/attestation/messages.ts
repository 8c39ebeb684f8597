import { apiMessages } from '../../i18n/public.ts';

/** Answers of the attestation API. Texts: `locales/<lang>/api.json`, group `attestation`. */
export const attestationMessages = apiMessages('attestation');
