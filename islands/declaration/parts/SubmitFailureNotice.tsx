import type { IslandTranslator } from '../../lib/translate.ts';
import type { PendingRefusal, SendOutcome } from '../../offline/pending-declaration.ts';
import { Notice } from '../../ui/Notice.tsx';

/**
 * Why the last submit did not create a claim (spec 1 §8: error 1 refused, error 2 network).
 * `waiting`: no answer, and the declaration is kept on this device, to be sent by itself;
 * `network`: no answer and nothing could be kept (IndexedDB refused): the draft alone stays.
 */
export type SubmitFailure =
  | { kind: 'waiting' }
  | { kind: 'network' }
  | { kind: 'server' }
  | { kind: 'refused'; message: string; fields: string[] }
  | { kind: 'claim-exists'; message: string }
  | { kind: 'conflict'; message: string };

/** What a submit of step 5 came to: an answer's meaning, or `gone` (another sender had it), or `not-kept`. */
export type StepOutcome = SendOutcome | { kind: 'gone' } | { kind: 'not-kept' };

/** The failure a step 5 outcome other than a success means. */
export function failureOfOutcome(outcome: StepOutcome): SubmitFailure {
  switch (outcome.kind) {
    case 'unreachable':
    case 'sent':
    case 'gone':
      return { kind: 'waiting' };
    case 'not-kept':
      return { kind: 'network' };
    case 'server-error':
      return { kind: 'server' };
    case 'refused':
      return failureOfRefusal(outcome.refusal);
  }
}

/** The HTTP status behind an outcome, for the error report (0 without one). */
export function statusOfOutcome(outcome: StepOutcome): number {
  if (outcome.kind === 'server-error') return outcome.status;
  if (outcome.kind === 'refused') return outcome.refusal.status;
  return 0;
}

/** The failure a 4xx refusal means, with the server's own messages (which say what to change). */
export function failureOfRefusal(refusal: PendingRefusal): SubmitFailure {
  if (refusal.status === 409 && refusal.code === 'claim_exists')
    return { kind: 'claim-exists', message: refusal.message };
  if (refusal.status === 409) return { kind: 'conflict', message: refusal.message };
  return { kind: 'refused', message: refusal.message, fields: refusal.fields };
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
    case 'waiting':
      return (
        <Notice tone="info" id="submit-failure">
          <p>
            <strong>{t('wizard.step5.savedOnDevice.title')}</strong>
          </p>
          <p>{t('wizard.step5.savedOnDevice.text')}</p>
        </Notice>
      );
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
