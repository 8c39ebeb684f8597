import { isLanguage, type Language } from '../../contracts/languages.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import type { RawAnswer } from '../api/http.ts';
import { type ClaimCredentials, claimRequestUrl, requestClaim } from '../api/partner-api-request.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import type { Messages } from '../../site/i18n/types.ts';
import { releaseHold } from '../lib/island-hold.ts';
import { CLIENT_FILE_HOLD } from './client-file-hold.ts';
import { createTranslator } from '../lib/translate.ts';
import { $followUp, followUpTokenOfTab, keepFollowUpToken, pendingProofsOf } from '../session/follow-up.store.ts';
import { proofRowId, whoseTurnOf } from './logic/whose-turn.ts';

/**
 * client-file's request for its claim. The page's inline script (`CLIENT_FILE_REQUEST_SCRIPT` in
 * site/components/declaration/frame-scripts.ts) sends it while the page is still parsed; this
 * module, loaded once the page has painted its frame (`ClientFileRequest.astro`), takes that request when it is
 * the one it would send (else sends its own), draws the whose-turn block into the page's frame
 * (`WhoseTurnFrame.astro`) from the answer, as the island then draws it, and only then lets the
 * island load (its hold, `CLIENT_FILE_HOLD`): nothing of the island competes with the answer. The
 * island takes the answer instead of asking again. Free of React and zod.
 */

/**
 * Where the page's inline script leaves the request it sent, on the page's global object
 * (`Symbol.for` of this name): its address and its answer, read as `sendRequest` reads one.
 */
export const PAGE_CLAIM_REQUEST = 'portal.pageClaimRequest';

type PageClaimRequest = { url: string; answer: Promise<RawAnswer> };

/** The page's request, taken once, if it was sent to `url`. */
function takePageRequest(url: string): Promise<RawAnswer> | undefined {
  const key = Symbol.for(PAGE_CLAIM_REQUEST);
  const sent = (globalThis as { [key]?: PageClaimRequest })[key];
  delete (globalThis as { [key]?: PageClaimRequest })[key];
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
      const frame = drawTurnInFrame(raw, lang);
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
    observer.observe({ type: 'largest-contentful-paint' });
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish, PAINT_REPORT_MAX_MS)));
}

/** The island and the client that reads answers load now, after the answer: they are not downloaded beside it. */
function letIslandLoad(): void {
  releaseHold(CLIENT_FILE_HOLD);
  // A head start only: when it fails, the island's own call loads the client again and says what failed.
  partnerApi().catch(() => undefined);
}

type TurnClaim = Pick<ClaimInfo, 'dossier_numero' | 'etat' | 'a_justificatif_non_lu' | 'justificatifs_manquants'>;

/**
 * The claim of a successful answer, when it has what the whose-turn rule reads; else undefined.
 * Unchecked by the contract (zod comes with the island), so checked enough for the rule to run.
 */
function claimOf(raw: RawAnswer): TurnClaim | undefined {
  if (!raw.answered || raw.status !== 200) return undefined;
  const claim = (raw.body as { data?: { infos_sinistre?: Partial<TurnClaim> } } | undefined)?.data?.infos_sinistre;
  const proofs = claim?.justificatifs_manquants;
  const unread = claim?.a_justificatif_non_lu;
  if (typeof claim?.etat !== 'string' || typeof claim.dossier_numero !== 'string') return undefined;
  if (typeof proofs !== 'object' || proofs === null || (unread !== false && typeof unread !== 'object'))
    return undefined;
  return claim as TurnClaim;
}

/** Sets an element's text (never markup: the proofs' names come from the answer). */
function write(element: Element | null, text: string): void {
  if (element) element.textContent = text;
}

/**
 * Draws the whose-turn block of `WhoseTurn.tsx` into the page's frame, from the early answer, with
 * the same rule (`whoseTurnOf`) and the texts the server put in the frame, then shows the frame in
 * place of the spinner. Nothing when the answer is not a claim (the island shows the error), when
 * the island already drew the page (the frame is gone), or when files chosen in this tab wait to
 * be sent (the island counts them). Returns the frame it drew in.
 */
function drawTurnInFrame(raw: RawAnswer, lang: Language): HTMLElement | undefined {
  const frame = document.querySelector<HTMLElement>('[data-turn-frame]');
  const spinner = document.querySelector('[data-turn-wait]');
  const claim = claimOf(raw);
  if (!frame || !spinner || !claim) return undefined;
  try {
    if (pendingProofsOf($followUp.get(), claim.dossier_numero, Date.now()).length > 0) return undefined;
    const turn = whoseTurnOf(claim, 0);
    const t = createTranslator(JSON.parse(frame.dataset['turnTexts'] ?? '{}') as Partial<Messages>, lang);
    const block = frame.querySelector<HTMLElement>(`[data-turn="${turn.turn}"]`);
    if (!block) return undefined;
    const title = block.querySelector('.whose-turn__title');
    const text = block.querySelector('.whose-turn__text');
    if (turn.turn === 'insurer') {
      write(title, t('followup.turn.nothing'));
      write(text, t(`followup.turn.${turn.next}`));
      const more = block.querySelector('[data-turn-closed]');
      if (turn.next === 'closed') write(more?.firstElementChild ?? null, t('followup.turn.complain'));
      else more?.remove();
    } else {
      // Files waiting are skipped above: the claimant's turn here is documents to send.
      write(title, t('followup.turn.action', { count: turn.missing.length }));
      write(text, t('followup.turn.actionText'));
      const list = block.querySelector('.whose-turn__list');
      for (const proof of turn.missing) write(list?.appendChild(document.createElement('li')) ?? null, proof.nom_court);
      const go = block.querySelector('.whose-turn__go');
      write(go, t('followup.turn.go'));
      if (turn.missing[0]) go?.setAttribute('href', `#${proofRowId(turn.missing[0].id)}`);
    }
    for (const other of frame.querySelectorAll('[data-turn]')) if (other !== block) other.remove();
    title?.setAttribute('id', 'whose-turn-title');
    block.setAttribute('aria-labelledby', 'whose-turn-title');
    block.hidden = false;
    frame.hidden = false;
    spinner.remove();
    return frame;
  } catch {
    // An answer the rule cannot read: the island, which checks it, says what it is.
    return undefined;
  }
}

/** The answer to the early request, if it was for these credentials; taken once (a reload of the file asks again). */
export function takeEarlyClaim(credentials: ClaimCredentials, lang: Language): Promise<RawAnswer> | undefined {
  const taken = early?.key === requestKey(credentials, lang) ? early.answer : undefined;
  early = undefined;
  return taken;
}
