import { tabStorage } from '../lib/tab-storage.ts';

/**
 * The insured number a brand's signed link opened the declaration with, kept
 * for this tab: the steps after the open-claim page show it as checked, since the visitor never
 * typed it. Only the number, which the draft holds anyway; never the link's token.
 */

const KEY = 'portal.v1.partner-link-number';

export function rememberLinkedNumber(insuredNumber: string): void {
  try {
    tabStorage()?.setItem(KEY, insuredNumber);
  } catch {
    // Storage full or refused: the steps just do not say the number was checked.
  }
}

/** The number a signed link opened in this tab, or '' when none did. */
export function linkedNumber(): string {
  try {
    return tabStorage()?.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
