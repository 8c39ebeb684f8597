import { renderedInBrowser } from '../lib/rendered-in-browser.tsx';
import { useId } from 'react';
import { useIslandBasics } from '../lib/island-basics.ts';
import { hrefOf } from '../lib/navigation.ts';
import { updateClaimDraft } from '../session/claim-draft.store.ts';
import { Spinner, StepPlaceholder } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { ClaimRecap } from './parts/ClaimRecap.tsx';
import { Confirmation } from './parts/Confirmation.tsx';
import { GroupEmailConfirmation } from './parts/GroupEmailConfirmation.tsx';
import { SubmitFailureNotice } from './parts/SubmitFailureNotice.tsx';
import { useReviewSubmit } from './use-review-submit.ts';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';

/**
 * Step 5 (spec 1 §2, §5, §7): the recap, the confirmations and the submit. The submit keeps the
 * declaration on this device first (IndexedDB), then sends it with the draft's
 * `Idempotency-Key`, so a double click, a replay or a second tab make one claim. Without an
 * answer (offline, timeout, 502/503/504) it stays kept and is sent by itself later (every page,
 * Background Sync) or by "Envoyer maintenant"; a refusal or a server failure keeps the draft and
 * says so; a success clears it and opens the confirmation (useReviewSubmit holds the submit).
 */
function ReviewAndSubmit(props: WizardIslandProps) {
  const { t, place } = useIslandBasics(props);
  const draft = useStepDraft(5, props, place);
  if (!draft) return <StepPlaceholder label={t('wizard.common.loading')} />;
  return <Review {...props} draft={draft} />;
}

/** The recap, the confirmations (one more for a cancellation), the failure of the last submit and the submit. */
function Review(props: WizardIslandProps & { draft: ClaimDraft }) {
  const { t, place } = useIslandBasics(props);
  const { draft, rules, lang } = props;
  const review = useReviewSubmit({ ...props, place });
  const { shownFailure, unticked } = review;
  const untickedId = useId();
  // One message under the boxes, so one problem, linked to the first box left unticked.
  const problems = summaryProblems([
    [
      draft.certified !== true ? 'confirmation-certified' : 'confirmation-cancellation',
      unticked ? t('wizard.step5.unticked') : undefined,
    ],
  ]);

  return (
    <div className="recap-page">
      <ErrorSummary title={t('wizard.common.errorSummary')} problems={problems} submits={review.refusals} />
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
        {review.withCancellation ? (
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

      {review.onGroupContract ? (
        <GroupEmailConfirmation
          containerRef={review.confirmRef}
          draft={draft}
          typedEmail={review.typedEmail}
          confirmed={review.emailConfirmed}
          showNeeded={review.showConfirmNeeded}
          onConfirmed={review.setEmailConfirmation}
          lang={lang}
          company={props.company}
          t={t}
        />
      ) : null}

      {shownFailure ? (
        <div ref={review.failureRef} tabIndex={-1} className="recap-page__failure">
          <SubmitFailureNotice failure={shownFailure} t={t} claimFollowUpHref={hrefOf(place, 'suivre-dossier')} />
        </div>
      ) : null}

      <div className="form-card__actions">
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => void review.submit()}
          // Not `disabled`: the focus stays on the button while it sends (the submit ignores a second press).
          aria-disabled={review.submitting}
          aria-describedby={shownFailure ? 'submit-failure' : undefined}
        >
          {review.submitting ? <Spinner label={t('wizard.step5.submitting')} /> : null}
          {shownFailure?.kind === 'waiting'
            ? t('wizard.step5.sendNow')
            : shownFailure && (shownFailure.kind === 'network' || shownFailure.kind === 'server')
              ? t('wizard.common.retry')
              : t('wizard.step5.submit')}
        </button>
        {/* Always in the page, so that each retry still without answer is announced again. */}
        <div role="status" className="recap-page__retry-status">
          {review.stillWaiting ? <p className="notice notice--info">{t('wizard.common.stillOffline')}</p> : null}
        </div>
      </div>
    </div>
  );
}

/** Rendered in the browser only (what it shows is stored in this browser), once the page has painted its frame. */
export default renderedInBrowser(ReviewAndSubmit);
