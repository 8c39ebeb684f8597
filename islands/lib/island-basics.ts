import { useMemo } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { Messages } from '../../site/i18n/types.ts';
import type { PagePlace } from './navigation.ts';
import { createTranslator, type IslandTranslator } from './translate.ts';

/** What every island receives from its page. */
export interface IslandProps {
  lang: Language;
  /** Brand slug, '' for the neutral brand. */
  company: string;
  /** The texts of `locales/` the island shows, in the page's language. */
  messages: Partial<Messages>;
}

/** An island's translator and the place (brand, language) its links and redirects keep. */
export function useIslandBasics(props: IslandProps): { t: IslandTranslator; place: PagePlace } {
  const t = useMemo(() => createTranslator(props.messages, props.lang), [props.messages, props.lang]);
  const place = useMemo(() => ({ company: props.company, lang: props.lang }), [props.company, props.lang]);
  return { t, place };
}
