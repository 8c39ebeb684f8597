import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { endpoint } from '../api/partner-api-request.ts';
import { reportError } from '../api/report-error.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { goTo, hrefOf, redirectTo } from '../lib/navigation.ts';
import { currentLiveSocketId } from '../live/live-id.ts';
import { findClaimNumber } from '../../contracts/claim-number.ts';
import type { ClaimDeclarationInput } from '../../contracts/partner-api.ts';
import { $claimDraft, $submitInFlight, clearClaimDraft, updateClaimDraft } from '../session/claim-draft.store.ts';
import {
  $followUp,
  recordDeclaredClaim,
  rememberClaimedSubscription,
  rememberClaimNumber,
} from '../session/follow-up.store.ts';
import { newPendingDeclaration, outcomeOf, type SendOutcome } from '../session/pending-declaration.ts';
import { readPendingDeclaration } from '../session/pending-declaration-db.ts';
import { sendDeclarationOnce } from '../session/pending-declaration-sender.ts';
import {
  $pendingDeclaration,
  forgetDeclaration,
  keepDeclaration,
  sendKeptDeclaration,
  settlePendingDeclarations,
  watchPendingDeclarations,
} from '../session/pending-declaration.store.ts';
import { Spinner, StepPlaceholder } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { asksCancellation, confirmationsGiven, declarationOf, missingPrerequisites } from './logic/declaration.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { ClaimRecap } from './parts/ClaimRecap.tsx';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { codeFailureMessage } from './parts/identity-code-calls.ts';
import { OneTimeCode } from './parts/OneTimeCode.tsx';
import { Confirmation } from './parts/Confirmation.tsx';
import {
  failureOfOutcome,
  failureOfRefusal,
  type StepOutcome,
  statusOfOutcome,
  type SubmitFailure,
  SubmitFailureNotice,
} from './parts/SubmitFailureNotice.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';

/**
 * Step 5 (spec 1 §2, §5, §7): the recap, the confirmations and the submit. The submit keeps the
 * declaration on this device first (IndexedDB, issue 20 item 1), then sends it with the draft's
 * `Idempotency-Key`, so a double click, a replay or a second tab make one claim. Without an
 * answer (offline, timeout, 502/503/504) it stays kept and is sent by itself later (every page,
 * Background Sync) or by "Envoyer maintenant"; a refusal or a server failure keeps the draft and
 * says so; a success clears it and opens the confirmation.
 */
export default function ReviewAndSubmit(props: WizardIslandProps) {
  const { t, place } = useIslandBasics(props);
  const draft = useStepDraft(5, props, place);
  if (!draft) return <StepPlaceholder label={t('wizard.common.loading')} />;
  return <Review {...props} draft={draft} />;
}

/** The recap, the confirmations (one more for a cancellation), the failure of the last submit and the submit. */
function Review(props: WizardIslandProps & { draft: ClaimDraft }) {
  const { t, place } = useIslandBasics(props);
  const { draft, rules, lang } = props;
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [showUnticked, setShowUnticked] = useState(false);
  // Refused submits, counted: each one moves the focus to the error summary.
  const [refusals, setRefusals] = useState(0);
  const inFlight = useRef(false);
  const failureRef = useRef<HTMLDivElement | null>(null);
  const pending = useStore($pendingDeclaration);
  const kept = pending?.idempotencyKey === draft.idempotencyKey ? pending : undefined;
  // What this device keeps for the draft, followed as other tabs and the worker change it.
  useEffect(() => {
    void settlePendingDeclarations();
    watchPendingDeclarations({ tryNow: false });
  }, []);
  // Kept and waiting after a try without answer (here, in another tab, or before a reload): say so,
  // offer to send now (a record never tried yet is one another tab is sending). Kept and refused
  // (here, or by a send from another page or the worker): say why; it stays kept, not sent again,
  // until the visitor submits the changed draft.
  const shownFailure: SubmitFailure | null =
    failure ??
    (kept?.state === 'waiting' && kept.attempts > 0
      ? { kind: 'waiting' }
      : kept?.state === 'refused' && kept.refusal
        ? failureOfRefusal(kept.refusal)
        : null);
  const withCancellation = asksCancellation(rules, draft.claimGroup);
  // A group contract's shared number (the brand's automatic number): the member confirms the
  // address they typed with a mailed code before the claim is sent (the server requires it).
  const groupNumber = rules.automaticInsuredNumber;
  const onGroupContract =
    groupNumber !== null && draft.contractNumber.trim().toUpperCase() === groupNumber.trim().toUpperCase();
  const [emailConfirmation, setEmailConfirmation] = useState<{ email: string; jeton: string } | null>(null);
  const typedEmail = draft.email.trim();
  const emailConfirmed = emailConfirmation !== null && emailConfirmation.email === typedEmail;
  const [showConfirmNeeded, setShowConfirmNeeded] = useState(false);
  const confirmRef = useRef<HTMLDivElement | null>(null);
  const untickedId = useId();
  const unticked = showUnticked && !confirmationsGiven(draft, rules);
  // One message under the boxes, so one problem, linked to the first box left unticked.
  const problems = summaryProblems([
    [
      draft.certified !== true ? 'confirmation-certified' : 'confirmation-cancellation',
      unticked ? t('wizard.step5.unticked') : undefined,
    ],
  ]);

  async function submit(): Promise<void> {
    if (inFlight.current) return;
    setFailure(null);
    if (!confirmationsGiven(draft, rules)) {
      setShowUnticked(true);
      setRefusals((count) => count + 1);
      return;
    }
    if (onGroupContract && !emailConfirmed) {
      setShowConfirmNeeded(true);
      requestAnimationFrame(() => confirmRef.current?.focus());
      return;
    }
    if (missingPrerequisites(draft, rules).length > 0) {
      reportError(639);
      redirectTo(place, 'declare-sinistre', { notice: 'incomplete' });
      return;
    }
    const { declaration, usedAcquisitionFallback } = declarationOf(draft, {
      rules,
      company: props.company,
      lang,
      socketId: currentLiveSocketId(),
    });
    if (usedAcquisitionFallback) reportError(640);
    inFlight.current = true;
    $submitInFlight.set(true);
    setSubmitting(true);
    const outcome = await keepAndSend(
      onGroupContract && emailConfirmation ? { ...declaration, jeton_email: emailConfirmation.jeton } : declaration,
    );
    inFlight.current = false;
    if (outcome.kind === 'sent' || (outcome.kind === 'gone' && $followUp.get().declaSent)) {
      goTo(place, 'confirmation-sinistre');
      // Already done when the declaration was kept (pending-declaration.store.ts settles it); not otherwise.
      if ($claimDraft.get()?.idempotencyKey === draft.idempotencyKey) clearClaimDraft();
      return;
    }
    $submitInFlight.set(false);
    setSubmitting(false);
    const next = failureOfOutcome(outcome);
    if (next.kind === 'waiting' || next.kind === 'network') reportError(2);
    else reportError('452305E', { status: statusOfOutcome(outcome) });
    if (next.kind === 'claim-exists') {
      const number = findClaimNumber(next.message);
      if (number) rememberClaimNumber(number);
      if (draft.souscription_id)
        rememberClaimedSubscription({ insuredNumber: draft.contractNumber, souscriptionId: draft.souscription_id });
    }
    setFailure(next);
    requestAnimationFrame(() => failureRef.current?.focus());
  }

  /**
   * Keeps the declaration on this device, then sends it under the one-sender lock. Where nothing
   * can be kept (IndexedDB refused), it is sent once as before, the draft alone staying here.
   */
  async function keepAndSend(declaration: ClaimDeclarationInput): Promise<StepOutcome> {
    const fields = Object.fromEntries(
      Object.entries(declaration).map(([name, value]) => [name, value == null ? '' : String(value)]),
    );
    const record = newPendingDeclaration({
      draft,
      fields,
      url: endpoint('sinistres'),
      company: props.company,
      lang,
      now: Date.now(),
    });
    // Sent meanwhile by another tab or the worker: never put it back to waiting.
    if ((await readPendingDeclaration(record.idempotencyKey))?.state === 'sent') {
      await settlePendingDeclarations();
      return { kind: 'gone' };
    }
    if (!(await keepDeclaration(record))) {
      const outcome = outcomeOf(await sendDeclarationOnce(record));
      if (outcome.kind === 'sent')
        recordDeclaredClaim({
          claimNumber: outcome.claimNumber,
          lastName: fields['assure_nom'] ?? '',
          createdAt: outcome.declarationDate,
          followUpToken: outcome.followUpToken,
        });
      return outcome.kind === 'unreachable' ? { kind: 'not-kept' } : outcome;
    }
    const result = await sendKeptDeclaration(record.idempotencyKey);
    // No outcome: another sender had it under the lock; it is sent (and settled) or refused.
    const outcome: SendOutcome | undefined =
      result?.outcome ??
      (result?.record.state === 'refused' && result.record.refusal
        ? { kind: 'refused', refusal: result.record.refusal }
        : undefined);
    if (!outcome) return { kind: 'gone' };
    if (outcome.kind === 'unreachable' || outcome.kind === 'refused') watchPendingDeclarations({ tryNow: false });
    // The server failed on it: the specification's message asks to start again, so nothing is
    // promised to be sent by itself (the draft stays on the page and in this browser).
    else if (outcome.kind === 'server-error') await forgetDeclaration(record.idempotencyKey);
    return outcome;
  }

  return (
    <div className="recap-page">
      <ErrorSummary title={t('wizard.common.errorSummary')} problems={problems} submits={refusals} />
      <ClaimRecap draft={draft} rules={rules} lang={lang} t={t} place={place} />

      <div className="card confirmations">
        <Confirmation
          name="certified"
          id="confirmation-certified"
          text={t('wizard.step5.certify')}
          value={draft.certified}
          onChange={(certified) => updateClaimDraft({ certified })}
          invalid={unticked && draft.certified !== true}
          errorId={untickedId}
          t={t}
        />
        {withCancellation ? (
          <Confirmation
            name="cancellation"
            id="confirmation-cancellation"
            text={t('wizard.step5.cancellation')}
            value={draft.cancellationConfirmed}
            onChange={(cancellationConfirmed) => updateClaimDraft({ cancellationConfirmed })}
            invalid={unticked && draft.cancellationConfirmed !== true}
            errorId={untickedId}
            t={t}
          />
        ) : null}
        {unticked ? (
          <p className="field__error" id={untickedId}>
            {t('wizard.step5.unticked')}
          </p>
        ) : null}
      </div>

      {onGroupContract ? (
        <div ref={confirmRef} tabIndex={-1} className="card group-email">
          <h2 className="group-email__title">{t('wizard.identityCode.confirmTitle')}</h2>
          {showConfirmNeeded && !emailConfirmed ? (
            <p className="field__error" role="alert">
              {t('wizard.identityCode.confirmNeeded')}
            </p>
          ) : null}
          <OneTimeCode
            key={typedEmail}
            t={t}
            idPrefix="group-email"
            offer={t('wizard.identityCode.confirmIntro', { email: typedEmail })}
            askLabel={t('wizard.identityCode.confirmButton')}
            done={emailConfirmed ? t('wizard.identityCode.confirmed') : undefined}
            onAsk={async () => {
              const { askIdentityCode } = await partnerApi();
              const result = await askIdentityCode({
                numero: draft.contractNumber,
                souscriptionId: draft.souscription_id ?? 0,
                email: typedEmail,
                lang,
                company: props.company ?? '',
              });
              return result.ok
                ? { ok: true, message: result.data.message }
                : { ok: false, message: codeFailureMessage(result, t) };
            }}
            onVerify={async (code) => {
              const { verifyIdentityCode } = await partnerApi();
              const result = await verifyIdentityCode({
                numero: draft.contractNumber,
                souscriptionId: draft.souscription_id ?? 0,
                email: typedEmail,
                code,
                lang,
              });
              if (!result.ok) return { ok: false, message: codeFailureMessage(result, t) };
              setEmailConfirmation({ email: typedEmail, jeton: result.data.data.jeton_email });
              return { ok: true };
            }}
          />
        </div>
      ) : null}

      {shownFailure ? (
        <div ref={failureRef} tabIndex={-1} className="recap-page__failure">
          <SubmitFailureNotice failure={shownFailure} t={t} claimFollowUpHref={hrefOf(place, 'suivre-dossier')} />
        </div>
      ) : null}

      <div className="form-card__actions">
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => void submit()}
          disabled={submitting}
          aria-describedby={shownFailure ? 'submit-failure' : undefined}
        >
          {submitting ? <Spinner label={t('wizard.step5.submitting')} /> : null}
          {shownFailure?.kind === 'waiting'
            ? t('wizard.step5.sendNow')
            : shownFailure && (shownFailure.kind === 'network' || shownFailure.kind === 'server')
              ? t('wizard.common.retry')
              : t('wizard.step5.submit')}
        </button>
      </div>
    </div>
  );
}
