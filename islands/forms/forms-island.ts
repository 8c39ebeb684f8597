import type { IslandProps } from '../lib/island-basics.ts';
import type { ApiFailure } from '../api/partner-api.ts';
import type { IslandTranslator } from '../lib/translate.ts';

export type FormsIslandProps = IslandProps;

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
