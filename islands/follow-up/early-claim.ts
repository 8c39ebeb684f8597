import { isLanguage, type Language } from '../../contracts/languages.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { type ClaimCredentials, type RawAnswer, requestClaim } from '../api/partner-api-request.ts';
import { $followUp } from '../session/follow-up.store.ts';

/**
 * client-file's request for its claim, sent by a small script of the page as soon as the page is
 * parsed (`ClientFileRequest.astro`), while React and the island still download; the island takes
 * the answer instead of asking again. Without that script (or for other credentials) the island
 * asks itself. Free of React and zod: a few hundred bytes.
 */

/** The credentials of the page: the mailed link's token, else the number and name of this browser's claim. */
export function credentialsOfPage(): ClaimCredentials | undefined {
  const hash = new URLSearchParams(window.location.search).get('dossier');
  if (hash) return { hash };
  const { claimNumber, lastName } = $followUp.get();
  return claimNumber && lastName ? { numero: claimNumber, nom: lastName } : undefined;
}

const requestKey = (credentials: ClaimCredentials, lang: Language) => JSON.stringify([credentials, lang]);

let early: { key: string; answer: Promise<RawAnswer> } | undefined;

/** Sends the page's request now, once, and starts loading the client that reads its answer. */
export function requestClaimEarly(): void {
  if (early !== undefined) return;
  void partnerApi();
  const credentials = credentialsOfPage();
  const lang = document.documentElement.lang;
  if (credentials && isLanguage(lang))
    early = { key: requestKey(credentials, lang), answer: requestClaim(credentials, lang) };
}

/** The answer to the early request, if it was for these credentials; taken once (a reload of the file asks again). */
export function takeEarlyClaim(credentials: ClaimCredentials, lang: Language): Promise<RawAnswer> | undefined {
  const taken = early?.key === requestKey(credentials, lang) ? early.answer : undefined;
  early = undefined;
  return taken;
}
