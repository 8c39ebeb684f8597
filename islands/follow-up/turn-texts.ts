import type { Messages } from '../../site/i18n/types.ts';

/**
 * The texts of client-file's whose-turn block travel once in the page: on its frame
 * (`WhoseTurnFrame.astro`), which the page's scripts draw from before the island loads, and from
 * which the island takes them when it starts (it removes the frame once it draws the file). The
 * island's own props carry the rest: each text sent twice was room taken in the first 14 KB.
 */

/** Whether a text is one the frame carries: the `followup.turn` texts but those of files waiting to be sent, which only the island shows. */
export function isTurnFrameText(key: string): boolean {
  return key.startsWith('followup.turn.') && !key.startsWith('followup.turn.unsent');
}

/** The texts on a whose-turn frame (written by the build); none when it carries none. */
export function textsOfTurnFrame(frame: HTMLElement | null | undefined): Partial<Messages> {
  try {
    const parsed: unknown = JSON.parse(frame?.dataset['turnTexts'] ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Messages>) : {};
  } catch {
    return {};
  }
}

/** The texts on the page's whose-turn frame; none where there is no frame (or no document). */
export function turnFrameTexts(): Partial<Messages> {
  if (typeof document === 'undefined') return {};
  return textsOfTurnFrame(document.querySelector<HTMLElement>('[data-turn-frame]'));
}
