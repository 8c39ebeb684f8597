import { currentLiveSocketId } from '../live/live-id.ts';
import { useId, useRef, useState } from 'react';
import { partnerApi } from '../api/lazy-partner-api.ts';
import type { ApiFailure } from '../api/partner-api.ts';
import { goTo, hrefOf, redirectTo } from '../lib/navigation.ts';
import { reportError } from '../api/report-error.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { $submitInFlight, clearClaimDraft, updateClaimDraft } from '../session/claim-draft.store.ts';
import { recordDeclaredClaim, rememberClaimNumber } from '../session/follow-up.store.ts';
import {
  asksCancellation,
  bookingSectionOf,
  confirmationsGiven,
  declarationOf,
  missingPrerequisites,
} from './logic/declaration.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { displayOfIso } from '../ui/DateInput.tsx';
import { Notice, Spinner, StepPlaceholder } from '../ui/Notice.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';

/** Why the last submit did not create a claim (spec 1 §8: error 1 refused, error 2 network). */
type SubmitFailure =
  | { kind: 'network' }
  | { kind: 'server' }
  | { kind: 'refused'; message: string; fields: string[] }
  | { kind: 'claim-exists'; message: string }
  | { kind: 'conflict'; message: string };

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

function Review(props: WizardIslandProps & { draft: ClaimDraft }) {
  const { t, place } = useIslandBasics(props);
  const { draft, rules, lang } = props;
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [showUnticked, setShowUnticked] = useState(false);
  const inFlight = useRef(false);
  const certifyRef = useRef<HTMLDivElement | null>(null);
  const cancellationRef = useRef<HTMLDivElement | null>(null);
  const failureRef = useRef<HTMLDivElement | null>(null);
  const withCancellation = asksCancellation(rules, draft.claimGroup);
  const section = bookingSectionOf(rules, draft.guaranteeType);
  const untickedId = useId();
  const unticked = showUnticked && !confirmationsGiven(draft, rules);

  async function submit(): Promise<void> {
    if (inFlight.current) return;
    setFailure(null);
    if (!confirmationsGiven(draft, rules)) {
      setShowUnticked(true);
      focusVisibleInput((draft.certified !== true ? certifyRef : cancellationRef).current);
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

  const date = (iso: string) => (iso ? displayOfIso(iso, lang) : '-');

  return (
    <div className="recap-page">
      <details className="accordion" open>
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('wizard.step5.request')}</h2>
        </summary>
        <div className="accordion__body">
          <dl className="recap">
            <RecapItem label={t('wizard.common.summary.object')} value={draft.claimGroupLang} />
            <RecapItem label={t('wizard.common.summary.reason')} value={draft.claimDetailLang} />
            <RecapItem label={t('wizard.step3.claimDate.label')} value={date(draft.claimDate)} />
            {draft.comment.trim() ? <RecapItem label={t('wizard.step3.comment.label')} value={draft.comment} /> : null}
          </dl>
          <a className="button button--secondary button--small" href={hrefOf(place, 'declare-step3')}>
            {t('wizard.common.edit')}
            <span className="visually-hidden"> {t('wizard.step5.request')}</span>
          </a>
        </div>
      </details>

      <details className="accordion" open>
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('wizard.step5.information')}</h2>
        </summary>
        <div className="accordion__body">
          <dl className="recap">
            <RecapItem label={t('wizard.step4.lastName.label')} value={draft.lastName} />
            <RecapItem label={t('wizard.step4.firstName.label')} value={draft.firstName} />
            <RecapItem label={t('wizard.step4.email.label')} value={draft.email} />
            <RecapItem label={t('wizard.step4.address.label')} value={draft.address} />
            <RecapItem label={t('wizard.step4.cp.label')} value={draft.cp} />
            <RecapItem label={t('wizard.step4.city.label')} value={draft.city} />
            <RecapItem label={t('wizard.step4.country.label')} value={draft.countryLabel || draft.country} />
            <RecapItem label={t('wizard.step4.phone.label')} value={draft.phone} />
            {section !== 'hidden' ? (
              <>
                <RecapItem
                  label={t(`wizard.step4.establishment.${rules.establishmentWording}`)}
                  value={draft.companyName}
                />
                {section === 'equipment' ? (
                  <RecapItem label={t('wizard.step4.equipment.label')} value={draft.equipement || '-'} />
                ) : null}
                {rules.amountField ? (
                  <RecapItem label={t('wizard.step5.amountPaid')} value={formatAmount(draft.invoiceAmount, lang)} />
                ) : null}
                <RecapItem label={t(`wizard.step4.${section}.start`)} value={date(draft.contractStartDate)} />
                <RecapItem label={t(`wizard.step4.${section}.end`)} value={date(draft.contractEndDate)} />
              </>
            ) : null}
          </dl>
          <a className="button button--secondary button--small" href={hrefOf(place, 'declare-step4')}>
            {t('wizard.common.edit')}
            <span className="visually-hidden"> {t('wizard.step5.information')}</span>
          </a>
        </div>
      </details>

      <div className="card confirmations">
        <Confirmation
          name="certified"
          text={t('wizard.step5.certify')}
          value={draft.certified}
          onChange={(certified) => updateClaimDraft({ certified })}
          containerRef={certifyRef}
          invalid={unticked && draft.certified !== true}
          errorId={untickedId}
          t={t}
        />
        {withCancellation ? (
          <Confirmation
            name="cancellation"
            text={t('wizard.step5.cancellation')}
            value={draft.cancellationConfirmed}
            onChange={(cancellationConfirmed) => updateClaimDraft({ cancellationConfirmed })}
            containerRef={cancellationRef}
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
          <FailureNotice failure={failure} t={t} claimFollowUpHref={hrefOf(place, 'suivre-dossier')} />
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

function failureOf(result: ApiFailure): SubmitFailure {
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

function FailureNotice({
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

/** An amount paid as the language writes euros ('450,5' → '450,50 €' in French), or '-' when empty. */
export function formatAmount(typed: string, lang: string): string {
  const value = Number(typed.trim().replace(',', '.'));
  if (typed.trim() === '' || Number.isNaN(value)) return '-';
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(value);
}

/** Focuses the first input of a confirmation that shows at this width (checkbox, or the 'Oui' radio on phones). */
function focusVisibleInput(container: HTMLElement | null): void {
  for (const input of container?.querySelectorAll('input') ?? []) {
    if (input.offsetParent !== null) {
      input.focus();
      return;
    }
  }
}

function RecapItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="recap__item">
      <dt>{label}</dt>
      <dd>{value || '-'}</dd>
    </div>
  );
}

/**
 * One confirmation: a checkbox on wide screens, Oui/Non radios on phones (spec 1 §5), both bound
 * to the same draft field so they never disagree; only a tick or 'Oui' counts.
 */
function Confirmation({
  name,
  text,
  value,
  onChange,
  containerRef,
  invalid,
  errorId,
  t,
}: {
  name: string;
  text: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  containerRef: React.RefObject<HTMLDivElement | null>;
  invalid: boolean;
  errorId: string;
  t: IslandTranslator;
}) {
  const id = useId();
  const describedBy = invalid ? errorId : undefined;
  return (
    <div ref={containerRef} className={`confirmation${invalid ? ' confirmation--invalid' : ''}`}>
      <div className="confirmation__checkbox">
        <input
          id={`${id}-check`}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={`${id}-check`}>{text}</label>
      </div>
      <fieldset className="confirmation__radios" aria-describedby={describedBy}>
        <legend>{text}</legend>
        <div className="confirmation__choices">
          <label className="radio-choice">
            <input
              type="radio"
              name={`${name}-${id}`}
              checked={value === true}
              onChange={() => onChange(true)}
              aria-invalid={invalid || undefined}
            />
            {t('wizard.step5.yes')}
          </label>
          <label className="radio-choice">
            <input type="radio" name={`${name}-${id}`} checked={value === false} onChange={() => onChange(false)} />
            {t('wizard.step5.no')}
          </label>
        </div>
      </fieldset>
    </div>
  );
}
