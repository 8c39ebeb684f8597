import { isLanguage, type Language } from '../../contracts/languages.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import type { RawAnswer } from '../api/http.ts';
import { type ClaimCredentials, claimRequestUrl, requestClaim } from '../api/partner-api-request.ts';
import { releaseHold } from '../lib/island-hold.ts';
import { CLIENT_FILE_HOLD } from './client-file-hold.ts';
import { $followUp, followUpTokenOfTab, keepFollowUpToken } from '../session/follow-up.store.ts';
import { pendingProofsOf } from '../session/follow-up-state.ts';
import { drawnTurnFrame, drawTurnInFrame, PAGE_CLAIM_REQUEST, pageClaimRequest } from './turn-frame.ts';

/**
 * client-file's request for its claim. The page's inline script (`CLIENT_FILE_REQUEST_SCRIPT` in
 * site/components/declaration/frame-scripts.ts) sends it while the page is still parsed, and the
 * page's second inline script (turn-frame-inline.ts) draws the whose-turn block from its answer;
 * this module, loaded once the page has painted its frame (`ClientFileRequest.astro`), takes that
 * request when it is the one it would send (else sends its own), draws the block when the page
 * has not (turn-frame.ts, the same drawing), and only then lets the island load (its hold,
 * `CLIENT_FILE_HOLD`): nothing of the island competes with the answer. The island takes the
 * answer instead of asking again. Free of React and zod.
 */

/** The page's request, taken once, if it was sent to `url`. */
function takePageRequest(url: string): Promise<RawAnswer> | undefined {
  const sent = pageClaimRequest();
  delete (globalThis as { [key: symbol]: unknown })[Symbol.for(PAGE_CLAIM_REQUEST)];
  return sent?.url === url ? sent.answer : undefined;
}

/** The query parameter of a mailed follow-up link that carries its token (`client-file?dossier=<token>`). */
export const FOLLOW_UP_TOKEN_PARAMETER = 'dossier';

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

/**
 * Takes the page's request (or sends it), once; draws the whose-turn block when the answer is the
 * claim, then releases the island, as it does at once when the page has no claim to ask for.
 */
export function requestClaimEarly(): void {
  if (early !== undefined) return;
  const credentials = credentialsOfPage();
  const lang = document.documentElement.lang;
  if (credentials && isLanguage(lang)) {
    const answer = takePageRequest(claimRequestUrl(credentials, lang)) ?? requestClaim(credentials, lang);
    early = { key: requestKey(credentials, lang), answer };
    void answer.then((raw) => {
      // The island loads once the block is on screen: its downloads never delay that frame.
      const frame =
        drawnTurnFrame() ??
        drawTurnInFrame(
          raw,
          lang,
          (claimNumber) => pendingProofsOf($followUp.get().pendingProofs, claimNumber, Date.now()).length > 0,
        );
      if (frame) afterPainted(frame, letIslandLoad);
      else letIslandLoad();
    });
  } else letIslandLoad();
}

/**
 * The longest wait, after the next two frames, for the browser to report the block as the page's
 * largest paint: it reports nothing when the block is smaller than what was painted before, after
 * the visitor's first press or key, or in a browser without the report.
 */
const PAINT_REPORT_MAX_MS = 150;

/**
 * Runs `then` once the browser reports a paint of `frame` as the page's largest, or two frames and
 * `PAINT_REPORT_MAX_MS` after now at the latest. A frame callback runs before its frame is
 * presented: what starts there (the island's downloads) would still compete with the block's paint.
 */
function afterPainted(frame: Element, then: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const finish = (): void => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver((list) => {
      const painted = list.getEntries().some((entry) => {
        const { element } = entry as LargestContentfulPaint;
        return element !== null && frame.contains(element);
      });
      if (painted) finish();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish, PAINT_REPORT_MAX_MS)));
}

/** The island and the client that reads answers load now, after the answer: they are not downloaded beside it. */
function letIslandLoad(): void {
  releaseHold(CLIENT_FILE_HOLD);
  // A head start only: when it fails, the island's own call loads the client again and says what failed.
  partnerApi().catch(() => undefined);
}

/** The answer to the early request, if it was for these credentials; taken once (a reload of the file asks again). */
export function takeEarlyClaim(credentials: ClaimCredentials, lang: Language): Promise<RawAnswer> | undefined {
  const taken = early?.key === requestKey(credentials, lang) ? early.answer : undefined;
  early = undefined;
  return taken;
}
