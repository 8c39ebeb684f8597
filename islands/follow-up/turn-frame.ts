import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import type { RawAnswer } from '../api/http.ts';
import { createTranslator } from '../lib/translate.ts';
import { proofRowId, whoseTurnOf } from './logic/whose-turn.ts';
import { textsOfTurnFrame } from './turn-texts.ts';

/**
 * client-file's whose-turn block drawn into the page's frame (`WhoseTurnFrame.astro`) from the
 * claim's answer, before React and the island: by the page's inline script as soon as the answer
 * comes (turn-frame-inline.ts, bundled into the page at build), else by the page's early module
 * (early-claim.ts). One drawing for both, free of React, zod and the stores.
 */

/**
 * Where the page's inline script leaves the request it sent, on the page's global object
 * (`Symbol.for` of this name): its address and its answer, read as `sendRequest` reads one.
 */
export const PAGE_CLAIM_REQUEST = 'portal.pageClaimRequest';

type PageClaimRequest = { url: string; answer: Promise<RawAnswer> };

/** The request the page's inline script sent, while the early module has not taken it. */
export function pageClaimRequest(): PageClaimRequest | undefined {
  return (globalThis as { [key: symbol]: PageClaimRequest | undefined })[Symbol.for(PAGE_CLAIM_REQUEST)];
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
 * be sent (`filesWaiting`: the island counts them). Returns the frame it drew in.
 */
export function drawTurnInFrame(
  raw: RawAnswer,
  lang: Language,
  filesWaiting: (claimNumber: string) => boolean,
): HTMLElement | undefined {
  const frame = document.querySelector<HTMLElement>('[data-turn-frame]');
  const spinner = document.querySelector('[data-turn-wait]');
  const claim = claimOf(raw);
  if (!frame || !spinner || !claim) return undefined;
  try {
    if (filesWaiting(claim.dossier_numero)) return undefined;
    const turn = whoseTurnOf(claim, 0);
    const t = createTranslator(textsOfTurnFrame(frame), lang);
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

/** The frame, once the block is drawn in it (by the page's inline script or by the early module); else undefined. */
export function drawnTurnFrame(): HTMLElement | undefined {
  return document.querySelector<HTMLElement>('[data-turn-frame]:not([hidden])') ?? undefined;
}
