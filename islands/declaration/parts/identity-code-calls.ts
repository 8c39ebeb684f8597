import type { ApiFailure } from '../../api/partner-api.ts';
import type { IslandTranslator } from '../../lib/translate.ts';

/** The message of a refused or failed code call: the server's own (translated), else the page's. */
export function codeFailureMessage(failure: ApiFailure, t: IslandTranslator): string {
  if (failure.kind === 'http' && failure.error) {
    const fields = failure.error.fields ?? {};
    return fields['code'] ?? fields['email'] ?? failure.error.message;
  }
  return t('wizard.identityCode.failed');
}
