import type { IslandProps } from '../lib/island-basics.ts';
import type { Language } from '../../contracts/languages.ts';

export type FollowUpIslandProps = IslandProps;

/** A wait the API asked for (`Retry-After`), in the page's language: "12 minutes", "40 secondes". */
export function formatWait(seconds: number, lang: Language): string {
  const inMinutes = seconds >= 60;
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: inMinutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(inMinutes ? Math.ceil(seconds / 60) : Math.max(1, Math.ceil(seconds)));
}
