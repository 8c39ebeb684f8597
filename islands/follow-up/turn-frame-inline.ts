import type { Language } from '../../contracts/languages.ts';
import { FIRST_BLOCK, FIRST_BLOCK_MAX_MS } from '../lib/first-block.ts';
import { FOLLOW_UP_KEY, pendingProofsOf, storedPendingProofs } from '../session/follow-up-state.ts';
import { drawTurnInFrame, pageClaimRequest } from './turn-frame.ts';

/**
 * client-file's second inline script, bundled into the page at build
 * (scripts/inline-script.ts) and placed after the island's frame: as soon as
 * the request sent by the page's first inline script is answered, it draws the whose-turn block,
 * the page's largest text, without waiting for any module. Files chosen in this tab and not sent
 * are read from the follow-up state as the store reads it: with some, the island draws the block.
 * The page's loader starts its downloads once the block is on screen (`FIRST_BLOCK`).
 */

/** Settles once the frame being drawn now has been presented: a frame callback runs before its frame is. */
function afterNextFrame(): Promise<void> {
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
}

const sent = pageClaimRequest();
// The page's own language, which its build wrote.
const lang = document.documentElement.lang as Language;
if (sent !== undefined) {
  const drawn = sent.answer.then((raw) => {
    const frame = drawTurnInFrame(
      raw,
      lang,
      (claimNumber) =>
        pendingProofsOf(
          storedPendingProofs(JSON.parse(localStorage.getItem(FOLLOW_UP_KEY) ?? 'null')),
          claimNumber,
          Date.now(),
        ).length > 0,
    );
    return frame && afterNextFrame();
  });
  (globalThis as { [key: symbol]: Promise<unknown> })[Symbol.for(FIRST_BLOCK)] = Promise.race([
    drawn,
    new Promise((done) => setTimeout(done, FIRST_BLOCK_MAX_MS)),
  ]);
}
