import { isLanguage } from '../../contracts/languages.ts';
import { FOLLOW_UP_KEY, pendingProofsOf, storedPendingProofs } from '../session/follow-up-state.ts';
import { drawTurnInFrame, pageClaimRequest } from './turn-frame.ts';

/**
 * client-file's second inline script, bundled into the page at build
 * (site/components/follow-up/turn-frame-script.ts) and placed after the island's frame: as soon as
 * the request sent by the page's first inline script is answered, it draws the whose-turn block,
 * the page's largest text, without waiting for any module. Files chosen in this tab and not sent
 * are read from the follow-up state as the store reads it: with some, the island draws the block.
 */
const sent = pageClaimRequest();
const lang = document.documentElement.lang;
if (sent !== undefined && isLanguage(lang))
  void sent.answer.then((raw) =>
    drawTurnInFrame(
      raw,
      lang,
      (claimNumber) =>
        pendingProofsOf(
          storedPendingProofs(JSON.parse(localStorage.getItem(FOLLOW_UP_KEY) ?? 'null')),
          claimNumber,
          Date.now(),
        ).length > 0,
    ),
  );
