import { ONE_TIME_CODE_LIFETIME_MS } from '../../../contracts/partner-api-base.ts';
import { tabStorage } from '../../lib/tab-storage.ts';

/**
 * The one-time code a box of this tab asked for, kept while the code can still be used: a reload
 * shows the code field again with where the code went, instead of asking for another mail. Kept
 * per box (its id prefix) and for what the code was asked for (a subscription, a typed address):
 * a code asked for something else is not offered.
 */
const ASKED_CODE_PREFIX = 'portal.v1.askedCode.';

interface AskedCode {
  /** What the code was asked for. Example: "SO-0000001:1001". */
  askedFor: string;
  /** The server's words on where it went. Example: "Code sent to j•••@example.com". */
  message: string;
  /** When it was asked (epoch milliseconds). */
  at: number;
}

export function rememberAskedCode(box: string, askedFor: string, message: string, now = Date.now()): void {
  try {
    tabStorage()?.setItem(`${ASKED_CODE_PREFIX}${box}`, JSON.stringify({ askedFor, message, at: now }));
  } catch {
    // Storage full or refused: a reload then offers to ask again, as before.
  }
}

/** Where the code this box asked for `askedFor` went, while it can still be used; undefined otherwise. */
export function askedCodeOf(box: string, askedFor: string, now = Date.now()): string | undefined {
  let kept: Partial<AskedCode> | null;
  try {
    kept = JSON.parse(tabStorage()?.getItem(`${ASKED_CODE_PREFIX}${box}`) ?? 'null') as Partial<AskedCode> | null;
  } catch {
    return undefined;
  }
  if (!kept || kept.askedFor !== askedFor || typeof kept.message !== 'string' || typeof kept.at !== 'number')
    return undefined;
  const age = now - kept.at;
  return age >= 0 && age < ONE_TIME_CODE_LIFETIME_MS ? kept.message : undefined;
}

export function forgetAskedCode(box: string): void {
  tabStorage()?.removeItem(`${ASKED_CODE_PREFIX}${box}`);
}
