import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { hrefOf, type PagePlace } from '../lib/navigation.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration.ts';
import { $claimDraft, CLAIM_DRAFT_KEY, clearClaimDraft } from '../session/claim-draft.store.ts';
import { resumeStepOf } from './logic/steps.ts';
import { describedField } from '../ui/field.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { ResumeCard } from './parts/ResumeCard.tsx';
import { type OpenClaimProblem as Problem, useOpenClaim } from './use-open-claim.ts';
import type { WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';

/** Problems shown above the form, as the page opens, rather than under it. */
type OpeningProblem = Extract<Problem, { kind: 'incomplete' | 'link-expired' | 'link-invalid' }>;
const OPENING_PROBLEMS: readonly Problem['kind'][] = ['incomplete', 'link-expired', 'link-invalid'];

type Props = WizardIslandProps & {
  /** The brand's insured number set and submitted on load (golfy), or null. */
  automaticNumber: string | null;
};

/**
 * What the form reads when it mounts besides the address (a partner's link, a number sent before
 * it ran): the draft in progress, offered to resume. Without either, and without a brand's
 * automatic number, it has nothing to do before the visitor reaches for it (`client:interaction`).
 */
export const OPEN_CLAIM_READS_AT_MOUNT = CLAIM_DRAFT_KEY;

/**
 * The open-claim page (spec 1 §2, §4, §5): one insured number or contract number, then step 0,
 * step 1 or the follow-up. Only the characters and length of the number are checked before the
 * call (a partner's contract number has its own format, which the look-up knows); the call's
 * answer decides whether it is known and the next page (useOpenClaim holds the submit).
 */
export default function OpenClaim(props: Props) {
  const { t, place } = useIslandBasics(props);
  const hydrated = useHydrated();
  const draft = useStore($claimDraft);
  const { form, submit, busy, problem, resumeOffered, setResumeOffered } = useOpenClaim({ ...props, place });
  const fieldError = form.formState.errors.numero?.message;
  const problems = summaryProblems([
    [
      'insured-number',
      fieldError === undefined
        ? undefined
        : t(fieldError === 'required' ? 'wizard.open.required' : 'wizard.open.incorrect'),
    ],
  ]);

  const resumable = hydrated && resumeOffered && draft !== null && !busy;
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef);

  return (
    <div className="open-claim">
      {resumable ? (
        <ResumeCard
          insuranceNumber={draft.insuranceNumber}
          resumeHref={hrefOf(place, resumeStepOf(draft, props.rules))}
          t={t}
          onDiscard={() => {
            clearClaimDraft();
            setResumeOffered(false);
          }}
        />
      ) : null}

      {problem && isOpeningProblem(problem) ? <OpeningNotice problem={problem} t={t} /> : null}

      <form ref={formRef} className="card form-card" noValidate onSubmit={submit} aria-busy={busy}>
        <ErrorSummary
          title={t('wizard.common.errorSummary')}
          problems={problems}
          submits={form.formState.submitCount}
        />
        <InsuredNumberField
          form={form}
          error={fieldError}
          place={place}
          t={t}
          contractExample={props.rules.contractNumberFormat?.example ?? null}
        />

        {problem && !isOpeningProblem(problem) ? <OpenClaimProblem problem={problem} place={place} t={t} /> : null}

        <div className="form-card__actions">
          <button type="submit" className="button button--primary button--large" disabled={busy}>
            {busy ? <Spinner label={t('wizard.open.searching')} /> : null}
            {t('wizard.common.next')}
          </button>
          <a className="form-card__link" href={hrefOf(place, 'find-my-number')}>
            {t('wizard.open.forgotten')}
          </a>
        </div>
      </form>
    </div>
  );
}

/**
 * The number's field: label, hint (with the brand's contract number example when it has a format),
 * the large input, and its message (required, or unknown with the way to find it).
 */
function InsuredNumberField({
  form,
  error,
  place,
  t,
  contractExample,
}: {
  form: UseFormReturn<{ numero: string }, unknown, { numero: string }>;
  error: string | undefined;
  place: PagePlace;
  t: IslandTranslator;
  contractExample: string | null;
}) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor="insured-number">
        {t('wizard.open.label')}
      </label>
      <p className="field__hint" id="insured-number-hint">
        {contractExample === null ? t('wizard.open.hint') : t('wizard.open.hintContract', { example: contractExample })}
      </p>
      <input
        {...form.register('numero')}
        {...describedField('insured-number', { error, hint: true })}
        className="field__input field__input--large"
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="SO-0000000"
      />
      {error ? (
        <p className="field__error" id="insured-number-error">
          {error === 'required' ? (
            t('wizard.open.required')
          ) : (
            // One line of text: the error line lays out its parts side by side.
            <span>
              {t('wizard.open.incorrect')} <a href={hrefOf(place, 'find-my-number')}>{t('wizard.open.forgotten')}</a>
            </span>
          )}
        </p>
      ) : null}
    </div>
  );
}

/** Why the last try did not open a claim, under the form: a claim number, the service down, the server's word. */
function OpenClaimProblem({
  problem,
  place,
  t,
}: {
  problem: Exclude<Problem, OpeningProblem>;
  place: PagePlace;
  t: IslandTranslator;
}) {
  if (problem.kind === 'claim-number')
    return (
      <Notice tone="error">
        {t('wizard.open.claimNumber')} <a href={hrefOf(place, 'suivre-dossier')}>{t('wizard.open.claimNumberLink')}</a>
      </Notice>
    );
  if (problem.kind === 'unavailable')
    return (
      <Notice tone="error" code={problem.code} codeLabel={t('wizard.common.errorCode', { code: problem.code })}>
        {t('wizard.open.unavailable')}
      </Notice>
    );
  return <Notice tone="error">{problem.message}</Notice>;
}

function isOpeningProblem(problem: Problem): problem is OpeningProblem {
  return OPENING_PROBLEMS.includes(problem.kind);
}

/** Above the form: a declaration sent back incomplete, or a signed link refused (expired, or not valid). */
function OpeningNotice({ problem, t }: { problem: OpeningProblem; t: IslandTranslator }) {
  if (problem.kind === 'incomplete') return <Notice tone="info">{t('wizard.open.incomplete')}</Notice>;
  return (
    <Notice tone="error" id="partner-link-problem">
      {t(problem.kind === 'link-expired' ? 'wizard.open.link.expired' : 'wizard.open.link.invalid')}
    </Notice>
  );
}
