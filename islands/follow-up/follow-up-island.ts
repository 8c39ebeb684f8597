import { useMemo } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { Messages } from '../../site/i18n/types.ts';
import type { PagePlace } from '../lib/navigation.ts';
import { createTranslator, type IslandTranslator } from '../lib/translate.ts';

/** What the follow-up pages hand their islands (serialised into the HTML). */
export interface FollowUpIslandProps {
  lang: Language;
  /** Brand slug, '' for the neutral brand. */
  company: string;
  /** The texts of `locales/` the island shows, in the page's language. */
  messages: Partial<Messages>;
}

export function useFollowUpBasics(props: FollowUpIslandProps): { t: IslandTranslator; place: PagePlace } {
  const t = useMemo(() => createTranslator(props.messages, props.lang), [props.messages, props.lang]);
  const place = useMemo(() => ({ company: props.company, lang: props.lang }), [props.company, props.lang]);
  return { t, place };
}

/** A wait the API asked for (`Retry-After`), in the page's language: "12 minutes", "40 secondes". */
export function formatWait(seconds: number, lang: Language): string {
  const inMinutes = seconds >= 60;
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: inMinutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(inMinutes ? Math.ceil(seconds / 60) : Math.max(1, Math.ceil(seconds)));
}
