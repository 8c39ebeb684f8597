import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration.ts';
import { isClaimNumber } from '../../contracts/claim-number.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { reportFollowUpAttempt } from '../api/stats-api.ts';
import { Field } from '../ui/Field.tsx';
import { describedField } from '../ui/field.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { goTo } from '../lib/navigation.ts';
import {
  $claimedSubscription,
  $followUp,
  CLAIMED_SUBSCRIPTION_KEY,
  type ClaimedSubscription,
  recordFollowedClaim,
} from '../session/follow-up.store.ts';
import { FOLLOW_UP_KEY } from '../session/follow-up-state.ts';
import { type FollowUpIslandProps, formatWait } from './follow-up-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';

interface FollowValues {
  claimNumber: string;
  lastName: string;
}

type Outcome =
  | { kind: 'notFound' }
  | { kind: 'linkClosed' }
  | { kind: 'rateLimited'; wait: string }
  | { kind: 'failed' };

/**
 * What the form reads when it mounts besides the address (`err=cred`): the claim this browser
 * follows and the subscription it found with a claim. Without them it has nothing to do before the
 * visitor reaches for it (`client:interaction`).
 */
export const FOLLOW_CLAIM_READS_AT_MOUNT = `${FOLLOW_UP_KEY} ${CLAIMED_SUBSCRIPTION_KEY}`;

/**
 * suivre-dossier (spec 2 §2): the claim number and last name open the claim on client-file. Both
 * are kept in the follow-up store; every attempt is reported to the statistics (analyse02).
 * Rendered on the server (usable at once); the number known from this browser is filled in after.
 */
export default function FollowClaim(props: FollowUpIslandProps) {
  const { t, place } = useIslandBasics(props);
  // A refused submit focuses the error summary, which links to each field.
  const form = useForm<FollowValues>({ defaultValues: { claimNumber: '', lastName: '' }, shouldFocusError: false });
  const { errors } = form.formState;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  // After hydration: the claim number this browser knows, and the refusal client-file sent back.
  useEffect(() => {
    const known = $followUp.get();
    if (known.claimNumber && form.getValues('claimNumber') === '') form.setValue('claimNumber', known.claimNumber);
    if (known.lastName && form.getValues('lastName') === '') form.setValue('lastName', known.lastName);
    const query = new URLSearchParams(window.location.search);
    if (query.get('err') === 'cred') setOutcome({ kind: query.get('lien') === '1' ? 'linkClosed' : 'notFound' });
  }, [form]);

  async function follow(values: FollowValues): Promise<void> {
    const claimNumber = values.claimNumber.trim().toUpperCase();
    const lastName = values.lastName.trim();
    setBusy(true);
    setOutcome(null);
    const { getClaim } = await partnerApi();
    const result = await getClaim({ numero: claimNumber, nom: lastName }, props.lang);
    if (result.ok) {
      recordFollowedClaim({ claimNumber: result.data.data.infos_sinistre.dossier_numero, lastName });
      reportFollowUpAttempt({ status: 'success', message: '', claimNumber, lastName }, place);
      goTo(place, 'client-file');
      return;
    }
    const next: Outcome =
      result.kind === 'http' && result.status === 429
        ? { kind: 'rateLimited', wait: formatWait(result.retryAfterSeconds ?? 3600, props.lang) }
        : result.kind === 'http' && result.status === 404
          ? { kind: 'notFound' }
          : { kind: 'failed' };
    reportFollowUpAttempt({ status: 'error', message: messageOf(next), claimNumber, lastName }, place);
    setBusy(false);
    setOutcome(next);
  }

  function messageOf(shown: Outcome): string {
    if (shown.kind === 'notFound') return t('followup.find.notFound');
    if (shown.kind === 'linkClosed') return t('followup.find.linkClosed');
    if (shown.kind === 'rateLimited') return t('followup.rateLimited', { wait: shown.wait });
    return t('followup.find.failed');
  }

  // A refusal is read out (role alert) and brought into view; the typed values stay.
  useEffect(() => {
    if (outcome) noticeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);

  const numberError = errors.claimNumber
    ? t(
        errors.claimNumber.message === 'required'
          ? 'followup.find.claimNumber.required'
          : 'followup.find.claimNumber.invalid',
      )
    : undefined;
  const nameError = errors.lastName ? t('followup.find.lastName.required') : undefined;
  const problems = summaryProblems([
    ['follow-claim-number', numberError],
    ['follow-claim-name', nameError],
  ]);

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef);

  return (
    <form
      ref={formRef}
      className="card form-card follow-claim"
      noValidate
      onSubmit={(event) => {
        // A new attempt takes the last refusal away, whether or not the fields pass their checks.
        setOutcome(null);
        return form.handleSubmit(follow)(event);
      }}
    >
      <ClaimedSubscriptionOffer {...props} />
      <ErrorSummary title={t('wizard.common.errorSummary')} problems={problems} submits={form.formState.submitCount} />
      <div ref={noticeRef}>
        {outcome ? (
          <Notice tone="error" id="follow-claim-outcome">
            {messageOf(outcome)}
          </Notice>
        ) : null}
      </div>
      <Field
        id="follow-claim-number"
        label={t('followup.find.claimNumber.label')}
        hint={t('followup.find.claimNumber.hint')}
        error={numberError}
      >
        <input
          {...form.register('claimNumber', {
            validate: (value) => {
              const typed = value.trim();
              if (typed === '') return 'required';
              return isClaimNumber(typed) || 'invalid';
            },
          })}
          {...describedField('follow-claim-number', { error: numberError, hint: true })}
          className="field__input field__input--large"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="SI-0000000"
          required
        />
      </Field>
      <Field id="follow-claim-name" label={t('followup.find.lastName.label')} error={nameError}>
        <input
          {...form.register('lastName', { validate: (value) => value.trim() !== '' || 'required' })}
          {...describedField('follow-claim-name', { error: nameError })}
          className="field__input field__input--large"
          type="text"
          autoComplete="family-name"
          required
        />
      </Field>
      <div className="form-card__actions">
        <button type="submit" className="button button--primary button--large" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner label={t('wizard.common.loading')} /> : null}
          {t('wizard.common.next')}
        </button>
      </div>
    </form>
  );
}

/**
 * The open-claim page found the visitor's subscription with a claim already declared: the anonymous
 * look-up does not tell its number, so the page offers to mail its follow-up link (POST lien_suivi
 * by insured number) to the address declared with it. The answer is the same whatever exists.
 */
function ClaimedSubscriptionOffer(props: FollowUpIslandProps) {
  const { t } = useIslandBasics(props);
  const [claimed, setClaimed] = useState<ClaimedSubscription | null>(null);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'failed' } | { kind: 'sent'; message: string }>({
    kind: 'idle',
  });
  // After hydration: the subscription this browser found with a claim (never in the server's HTML).
  useEffect(() => setClaimed($claimedSubscription.get()), []);
  if (!claimed) return null;

  async function send(subscription: ClaimedSubscription): Promise<void> {
    setState({ kind: 'busy' });
    const { sendFollowUpLinkOfSubscription } = await partnerApi();
    const result = await sendFollowUpLinkOfSubscription(
      subscription.insuredNumber,
      subscription.souscriptionId,
      props.lang,
    );
    setState(
      result.ok ? { kind: 'sent', message: result.data.message ?? t('confirmation.linkSent') } : { kind: 'failed' },
    );
  }

  return (
    <div className="follow-claim__claimed" data-testid="claimed-subscription">
      <Notice tone="info" id="claimed-subscription-intro">
        {t('followup.claimedSubscription.intro')}
      </Notice>
      {state.kind === 'sent' ? (
        <Notice tone="success" id="claimed-subscription-sent">
          {state.message}
        </Notice>
      ) : (
        <>
          {state.kind === 'failed' ? (
            <Notice tone="error" id="claimed-subscription-failed">
              {t('confirmation.linkFailed')}
            </Notice>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            disabled={state.kind === 'busy'}
            onClick={() => void send(claimed)}
          >
            {state.kind === 'busy' ? <Spinner label={t('wizard.common.loading')} /> : null}
            {t('confirmation.sendLink')}
          </button>
        </>
      )}
    </div>
  );
}
