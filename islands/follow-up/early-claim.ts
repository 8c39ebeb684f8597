import { isLanguage, type Language } from '../../contracts/languages.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import type { RawAnswer } from '../api/http.ts';
import { type ClaimCredentials, requestClaim } from '../api/partner-api-request.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import type { Messages } from '../../site/i18n/types.ts';
import { createTranslator } from '../lib/translate.ts';
import { $followUp, followUpTokenOfTab, keepFollowUpToken, pendingProofsOf } from '../session/follow-up.store.ts';
import { proofRowId, whoseTurnOf } from './logic/whose-turn.ts';

/**
 * client-file's request for its claim, sent by a small script of the page as soon as the page is
 * parsed (`ClientFileRequest.astro`), while React and the island still download; the island takes
 * the answer instead of asking again. Without that script (or for other credentials) the island
 * asks itself. When the answer is the claim, it draws the whose-turn block into the page's frame
 * (`WhoseTurnFrame.astro`) at once, as the island then draws it. Free of React and zod.
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
  const credentials = credentialsOfPage();
  const lang = document.documentElement.lang;
  if (credentials && isLanguage(lang)) {
    const answer = requestClaim(credentials, lang);
    early = { key: requestKey(credentials, lang), answer };
    void answer.then((raw) => drawTurnInFrame(raw, lang));
  }
  // The client's modules after the request: the request is not queued behind them.
  void partnerApi();
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
 * be sent (the island counts them).
 */
function drawTurnInFrame(raw: RawAnswer, lang: Language): void {
  const frame = document.querySelector<HTMLElement>('[data-turn-frame]');
  const spinner = document.querySelector('[data-turn-wait]');
  const claim = claimOf(raw);
  if (!frame || !spinner || !claim) return;
  try {
    if (pendingProofsOf($followUp.get(), claim.dossier_numero, Date.now()).length > 0) return;
    const turn = whoseTurnOf(claim, 0);
    const t = createTranslator(JSON.parse(frame.dataset['turnTexts'] ?? '{}') as Partial<Messages>, lang);
    const block = frame.querySelector<HTMLElement>(`[data-turn="${turn.turn}"]`);
    if (!block) return;
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
  } catch {
    // An answer the rule cannot read: the island, which checks it, says what it is.
  }
}

/** The answer to the early request, if it was for these credentials; taken once (a reload of the file asks again). */
export function takeEarlyClaim(credentials: ClaimCredentials, lang: Language): Promise<RawAnswer> | undefined {
  const taken = early?.key === requestKey(credentials, lang) ? early.answer : undefined;
  early = undefined;
  return taken;
}
