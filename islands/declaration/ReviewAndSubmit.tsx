import { useId, useRef, useState } from 'react';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { reportError } from '../api/report-error.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { goTo, hrefOf, redirectTo } from '../lib/navigation.ts';
import { currentLiveSocketId } from '../live/live-id.ts';
import { $submitInFlight, clearClaimDraft, updateClaimDraft } from '../session/claim-draft.store.ts';
import { recordDeclaredClaim, rememberClaimNumber } from '../session/follow-up.store.ts';
import { Spinner, StepPlaceholder } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { asksCancellation, confirmationsGiven, declarationOf, missingPrerequisites } from './logic/declaration.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { ClaimRecap } from './parts/ClaimRecap.tsx';
import { Confirmation } from './parts/Confirmation.tsx';
import { failureOf, type SubmitFailure, SubmitFailureNotice } from './parts/SubmitFailureNotice.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';

/**
 * Step 5 (spec 1 §2, §5, §7): the recap, the confirmations and the submit. The submit sends the
 * draft's `Idempotency-Key`, so a double click, a retry after a network error or a second tab
 * make one claim; a failure keeps the draft; a success clears it and opens the confirmation.
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
  const withCancellation = asksCancellation(rules, draft.claimGroup);
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
    const { declareClaim } = await partnerApi();
    const result = await declareClaim(declaration, draft.idempotencyKey);
    inFlight.current = false;
    if (result.ok) {
      recordDeclaredClaim({
        claimNumber: result.data.data.numero_sinistre,
        lastName: declaration.assure_nom as string,
        createdAt: result.data.data.declaration_date,
      });
      goTo(place, 'confirmation-sinistre');
      clearClaimDraft();
      return;
    }
    $submitInFlight.set(false);
    setSubmitting(false);
    const next = failureOf(result);
    if (next.kind === 'network') reportError(2);
    else reportError('452305E', { status: result.kind === 'http' ? result.status : 0 });
    if (next.kind === 'claim-exists') {
      const number = /SI-\d{7}/.exec(next.message)?.[0];
      if (number) rememberClaimNumber(number);
    }
    setFailure(next);
    requestAnimationFrame(() => failureRef.current?.focus());
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

      {failure ? (
        <div ref={failureRef} tabIndex={-1} className="recap-page__failure">
          <SubmitFailureNotice failure={failure} t={t} claimFollowUpHref={hrefOf(place, 'suivre-dossier')} />
        </div>
      ) : null}

      <div className="form-card__actions">
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => void submit()}
          disabled={submitting}
          aria-describedby={failure ? 'submit-failure' : undefined}
        >
          {submitting ? <Spinner label={t('wizard.step5.submitting')} /> : null}
          {failure && (failure.kind === 'network' || failure.kind === 'server')
            ? t('wizard.common.retry')
            : t('wizard.step5.submit')}
        </button>
      </div>
    </div>
  );
}
