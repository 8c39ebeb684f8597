import type { Language } from '../../contracts/languages.ts';
import { PARTNER_API_BASE } from '../../contracts/partner-api-base.ts';
import { type HttpRequest, PARTNER_API_ORIGIN, type RawAnswer, sendRequest } from './http.ts';

/**
 * The partner API's requests without their reading: addresses and the raw exchange, free of zod,
 * so a page can send its first request while the client that checks answers against the
 * contract's schemas (`partner-api.ts`) still downloads. `partner-api.ts` reads what comes back.
 */

/** Reads answer within this; a claim upload may be slow on a phone, lookups should not be. */
export const LOOKUP_TIMEOUT_MS = 15_000;
export const SUBMIT_TIMEOUT_MS = 60_000;

export function endpoint(path: string, query?: Record<string, string | number>): string {
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
  return `${PARTNER_API_ORIGIN}${PARTNER_API_BASE}/${path}${search}`;
}

/** One exchange with the partner API, which always answers JSON. */
export function send(url: string, request: HttpRequest & { timeoutMs: number }): Promise<RawAnswer> {
  return sendRequest(url, { ...request, headers: { Accept: 'application/json', ...request.headers } });
}

/** How a claimant opens their claim: number and last name, or a follow-up link's token. */
export type ClaimCredentials = { numero: string; nom: string } | { hash: string };

/** The address of GET sinistres: by number and last name, or by the token of a mailed follow-up link. */
export function claimRequestUrl(credentials: ClaimCredentials, lang: Language): string {
  const query =
    'hash' in credentials
      ? { hash: credentials.hash, lang }
      : { dossier_numero: credentials.numero, dossier_nom: credentials.nom, lang };
  return endpoint('sinistres', query);
}

/** GET sinistres, sent (see `claimRequestUrl`). */
export function requestClaim(credentials: ClaimCredentials, lang: Language): Promise<RawAnswer> {
  return send(claimRequestUrl(credentials, lang), { timeoutMs: LOOKUP_TIMEOUT_MS });
}

/** GET pages: a content page's paragraphs (spec 2 §8), as the API holds them now. */
export function requestContentPage(page: string, lang: string, brand: string): Promise<RawAnswer> {
  const query = brand === '' ? { page, lang } : { page, lang, marque: brand };
  return send(endpoint('pages', query), { timeoutMs: LOOKUP_TIMEOUT_MS });
}
