import type { ApiFailure } from '../../api/partner-api.ts';
import type { IslandTranslator } from '../../lib/translate.ts';
import { Notice } from '../../ui/Notice.tsx';

/** Why the last submit did not create a claim (spec 1 §8: error 1 refused, error 2 network). */
export type SubmitFailure =
  | { kind: 'network' }
  | { kind: 'server' }
  | { kind: 'refused'; message: string; fields: string[] }
  | { kind: 'claim-exists'; message: string }
  | { kind: 'conflict'; message: string };

/** The failure an unsuccessful answer of `declareClaim` means. */
export function failureOf(result: ApiFailure): SubmitFailure {
  if (result.kind === 'network') return { kind: 'network' };
  if (result.kind === 'http' && result.error) {
    const { error } = result;
    if (result.status === 409 && error.code === 'claim_exists') return { kind: 'claim-exists', message: error.message };
    if (result.status === 409) return { kind: 'conflict', message: error.message };
    if (result.status === 400 && error.fields)
      return { kind: 'refused', message: error.message, fields: Object.values(error.fields) };
    if (result.status < 500) return { kind: 'refused', message: error.message, fields: [] };
  }
  return { kind: 'server' };
}

/** What the visitor reads after a failed submit (`submit-failure`, which the submit button refers to). */
export function SubmitFailureNotice({
  failure,
  t,
  claimFollowUpHref,
}: {
  failure: SubmitFailure;
  t: IslandTranslator;
  claimFollowUpHref: string;
}) {
  switch (failure.kind) {
    case 'network':
      return (
        <Notice tone="error" id="submit-failure">
          {t('wizard.step5.networkError')}
        </Notice>
      );
    case 'server':
      return (
        <Notice
          tone="error"
          id="submit-failure"
          code="452305E"
          codeLabel={t('wizard.common.errorCode', { code: '452305E' })}
        >
          {t('wizard.step5.serverError')}
        </Notice>
      );
    case 'refused':
      return (
        <Notice tone="error" id="submit-failure">
          <p>{t('wizard.step5.refused')}</p>
          {failure.fields.length > 0 ? (
            <ul>
              {[...new Set(failure.fields)].map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : (
            <p>{failure.message}</p>
          )}
        </Notice>
      );
    case 'claim-exists':
      return (
        <Notice tone="error" id="submit-failure">
          {failure.message} <a href={claimFollowUpHref}>{t('wizard.step5.followClaim')}</a>
        </Notice>
      );
    case 'conflict':
      return (
        <Notice tone="error" id="submit-failure">
          {failure.message}
        </Notice>
      );
  }
}
