import { useMemo } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { ApiFailure } from '../api/partner-api.ts';
import type { PagePlace } from '../lib/navigation.ts';
import { createTranslator, type IslandTranslator } from '../lib/translate.ts';
import type { Messages } from '../../site/i18n/types.ts';

/** What the page hands every island of the complaint, contact and find-my-number pages. */
export interface FormsIslandProps {
  lang: Language;
  /** Brand slug, '' for the neutral brand. */
  company: string;
  /** The texts of `locales/` the island shows, in the page's language. */
  messages: Partial<Messages>;
}

export function useFormsBasics(props: FormsIslandProps): { t: IslandTranslator; place: PagePlace } {
  const t = useMemo(() => createTranslator(props.messages, props.lang), [props.messages, props.lang]);
  const place = useMemo(() => ({ company: props.company, lang: props.lang }), [props.company, props.lang]);
  return { t, place };
}

/**
 * What the visitor reads when a form could not be sent: too many attempts (the server's
 * translated message, which gives the wait), else the given failure text (spec 2 §8).
 */
export function failureMessage(failure: ApiFailure, t: IslandTranslator, otherwise: string): string {
  if (failure.kind === 'http' && failure.status === 429) return failure.error?.message ?? t('forms.rateLimited');
  return otherwise;
}

/** The path of the page the visitor came from on this site, without query or fragment: no personal data. */
export function referrerPath(referrer: string, origin: string): string {
  try {
    const url = new URL(referrer);
    return url.origin === origin ? url.pathname.slice(0, 300) : '';
  } catch {
    return '';
  }
}
