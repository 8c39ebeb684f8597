import type { ApiFailure } from '../../api/partner-api.ts';
import type { IslandTranslator } from '../../lib/translate.ts';

/**
 * What the visitor reads when no answer came (spec 2 §8 find-my-number: the server's message
 * shown as the error, else the default text): the server's own message whenever it gives one (a
 * refusal, the wait of a 429); a refusal without one, the specification's default text; a server
 * failure or no answer at all (network, timeout, an answer that is not the contract's), the forms'
 * server error, never "no number found", which would send the visitor to check details that may
 * be right.
 */
export function findNumberFailureMessage(failure: ApiFailure, t: IslandTranslator): string {
  if (failure.kind === 'http') {
    if (failure.error?.message) return failure.error.message;
    if (failure.status === 429) return t('forms.rateLimited');
    if (failure.status < 500) return t('forms.find.notFound');
  }
  return t('forms.serverError');
}
