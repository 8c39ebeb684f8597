import { apiMessages } from '../../i18n/public.ts';

/** Answers of the claims API. Texts: `locales/<lang>/api.json`, group `claims`. */
export const claimMessages = apiMessages('claims');

/** The refusal of a contract declared under another brand's page. Texts: `api.json`, group `claimBrand`. */
export const claimBrandMessages = apiMessages('claimBrand');
