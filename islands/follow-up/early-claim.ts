import { isLanguage, type Language } from '../../contracts/languages.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import type { RawAnswer } from '../api/http.ts';
import { type ClaimCredentials, requestClaim } from '../api/partner-api-request.ts';
import { $followUp, followUpTokenOfTab, keepFollowUpToken } from '../session/follow-up.store.ts';

/**
 * client-file's request for its claim, sent by a small script of the page as soon as the page is
 * parsed (`ClientFileRequest.astro`), while React and the island still download; the island takes
 * the answer instead of asking again. Without that script (or for other credentials) the island
 * asks itself. Free of React and zod: a few hundred bytes.
 */

/** The query parameter of a mailed follow-up link that carries its token (`client-file?dossier=<token>`). */
const FOLLOW_UP_TOKEN_PARAMETER = 'dossier';

/**
 * Takes the mailed link's token out of the address bar (`history.replaceState`, other parameters
 * and the fragment kept) and keeps it for the tab (follow-up.store.ts): scripts that run later on
 * the page, analytics loaded after consent, a shared screen or a copied address never see it.
 * Returns the token, or undefined when the address carries none.
 */
function takeTokenFromAddress(): string | undefined {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(FOLLOW_UP_TOKEN_PARAMETER);
  if (token === null) return undefined;
  url.searchParams.delete(FOLLOW_UP_TOKEN_PARAMETER);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (token === '') return undefined;
  keepFollowUpToken(token);
  return token;
}

/**
 * The credentials of the page: the mailed link's token (from the address, which it then leaves,
 * or kept by this tab since), else the number and name of this browser's claim.
 */
export function credentialsOfPage(): ClaimCredentials | undefined {
  const hash = takeTokenFromAddress() ?? followUpTokenOfTab();
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
