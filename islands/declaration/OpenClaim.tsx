import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { goTo, hrefOf, type PagePlace } from '../lib/navigation.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { reportError } from '../api/report-error.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { $claimDraft, clearClaimDraft, startClaimDraft } from '../session/claim-draft.store.ts';
import { rememberClaimedSubscription, rememberClaimNumber } from '../session/follow-up.store.ts';
import { rememberLinkedNumber } from '../session/partner-link.ts';
import type { InsuredInfo } from '../../contracts/partner-api.ts';
import type { ApiResult } from '../api/partner-api.ts';
import { resumeStepOf } from './logic/steps.ts';
import { describedField } from '../ui/field.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';
import { ErrorSummary } from '../ui/ErrorSummary.tsx';
import { summaryProblems } from '../ui/error-summary.ts';
import { ResumeCard } from './parts/ResumeCard.tsx';
import type { WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { PARTNER_LINK_FRAGMENT } from '../../contracts/partner-api-base.ts';

/** The rules of the typed number (they use the contract's schema): loaded with the first submit. */
function openClaimRules() {
  return import('./logic/open-claim.ts');
}

/** A problem shown under the form, beside the field's own message. */
type Problem =
  | { kind: 'claim-number' }
  | { kind: 'unavailable'; code: string }
  | { kind: 'server'; message: string }
  | { kind: 'incomplete' }
  /** A brand's signed link that expired, or was altered, cut or not this brand's. */
  | { kind: 'link-expired' }
  | { kind: 'link-invalid' };

/** Problems shown above the form, as the page opens, rather than under it. */
type OpeningProblem = Extract<Problem, { kind: 'incomplete' | 'link-expired' | 'link-invalid' }>;
const OPENING_PROBLEMS: readonly Problem['kind'][] = ['incomplete', 'link-expired', 'link-invalid'];

type Props = WizardIslandProps & {
  /** The brand's insured number set and submitted on load (golfy), or null. */
  automaticNumber: string | null;
};

/**
 * The open-claim page (spec 1 §2, §4, §5): one insured number or contract number, then step 0,
 * step 1 or the follow-up. Only the characters and length of the number are checked before the
 * call (a partner's contract number has its own format, which the look-up knows); the call's
 * answer decides whether it is known and the next page.
 */
export default function OpenClaim(props: Props) {
  const { t, place } = useIslandBasics(props);
  const hydrated = useHydrated();
  const draft = useStore($claimDraft);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [resumeOffered, setResumeOffered] = useState(true);
  const started = useRef(false);
  const prefix = props.rules.insuredNumberPrefix;

  const resolver = useMemo(
    () => lazyZodResolver<{ numero: string }>(async () => (await openClaimRules()).openClaimSchema(prefix)),
    [prefix],
  );
  const form = useForm<{ numero: string }, unknown, { numero: string }>({
    defaultValues: { numero: '' },
    resolver,
    // A refused submit focuses the error summary, which links to the field.
    shouldFocusError: false,
  });
  const fieldError = form.formState.errors.numero?.message;
  const problems = summaryProblems([
    [
      'insured-number',
      fieldError === undefined
        ? undefined
        : t(fieldError === 'required' ? 'wizard.open.required' : 'wizard.open.incorrect'),
    ],
  ]);

  async function open({ numero: typed }: { numero: string }): Promise<void> {
    setProblem(null);
    const { readTypedNumber } = await openClaimRules();
    const number = readTypedNumber(typed, prefix);
    if (number.kind === 'claim-number') {
      // Spec 1 §5: kept as the claim number for the follow-up page, and the field is cleared.
      rememberClaimNumber(number.claimNumber);
      form.setValue('numero', '');
      setProblem({ kind: 'claim-number' });
      return;
    }
    if (number.kind !== 'number') return;
    setBusy(true);
    const { getInsuredInfos } = await partnerApi();
    await proceed(number.numero, await getInsuredInfos(number.numero, props.lang));
  }

  /**
   * A brand's signed link (`#lien=` in the address): checked by the server, which
   * answers as the look-up answers its number, so the visitor goes on exactly as if they had typed
   * it. Refused (expired, altered), the number step stays with the reason and the number the link
   * carries typed in; a draft in progress is kept.
   */
  async function openLink(token: string): Promise<void> {
    setBusy(true);
    const [{ numberInPartnerLink }, { openPartnerLink }] = await Promise.all([openClaimRules(), partnerApi()]);
    const result = await openPartnerLink(token, props.company, props.lang);
    const carried = result.ok ? result.data.data[0]?.assure_numero : numberInPartnerLink(token);
    if (carried) form.setValue('numero', carried);
    if (!result.ok && result.kind === 'http' && result.status === 400) {
      setBusy(false);
      setProblem({ kind: result.error?.code === 'expired_partner_link' ? 'link-expired' : 'link-invalid' });
      return;
    }
    if (result.ok && carried) rememberLinkedNumber(carried);
    await proceed(carried ?? '', result);
  }

  /** Goes on with a look-up's answer for `numero`: the follow-up, the draft in progress, or a new draft's first step. */
  async function proceed(numero: string, result: ApiResult<{ data: InsuredInfo[] }>): Promise<void> {
    const { outcomeOfInfos } = await openClaimRules();
    if (!result.ok) {
      setBusy(false);
      if (result.kind === 'http' && (result.status === 404 || result.status === 400)) {
        form.setError('numero', { message: 'incorrect' }, { shouldFocus: true });
      } else if (result.kind === 'http' && result.status === 429 && result.error) {
        setProblem({ kind: 'server', message: result.error.message });
      } else {
        reportError('562321E', { status: result.kind === 'network' ? 0 : result.status });
        setProblem({ kind: 'unavailable', code: '562321E' });
      }
      return;
    }
    const infos = result.data.data;
    const outcome = outcomeOfInfos(infos);
    if (outcome.next === 'error') {
      reportError(outcome.code);
      setBusy(false);
      form.setError('numero', { message: 'incorrect' }, { shouldFocus: true });
      return;
    }
    if (outcome.next === 'suivre-dossier') {
      if (outcome.claimNumber !== '') rememberClaimNumber(outcome.claimNumber);
      rememberClaimedSubscription({ insuredNumber: outcome.insuredNumber, souscriptionId: outcome.souscriptionId });
      goTo(place, 'suivre-dossier');
      return;
    }
    // Typing the number of the draft in progress resumes it rather than starting over.
    const current = $claimDraft.get();
    if (current?.insuranceNumber === numero) {
      goTo(place, resumeStepOf(current, props.rules));
      return;
    }
    startClaimDraft(numero, infos, props.lang);
    goTo(place, outcome.next);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render in the browser
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    if (query.get('notice') === 'incomplete') setProblem({ kind: 'incomplete' });
    // A form sent before this island ran (a fast Enter) reloads the page with `?numero=`: go on with it.
    const sentEarly = query.get('numero');
    if (sentEarly !== null) {
      query.delete('numero');
      window.history.replaceState(null, '', `${window.location.pathname}${query.size > 0 ? `?${query}` : ''}`);
    }
    // A signed link's token is read once and taken out of the address (history, referrers).
    const linkToken = partnerLinkToken(window.location.hash);
    if (linkToken !== undefined) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      void openLink(linkToken);
      return;
    }
    const prefill = props.automaticNumber ?? sentEarly ?? query.get('prefill_numero_assure');
    if (prefill) form.setValue('numero', prefill);
    if (props.automaticNumber || sentEarly) {
      setResumeOffered(false);
      void form.handleSubmit(open)();
    }
  }, []);

  const resumable = hydrated && resumeOffered && draft !== null && !busy;

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

      <form className="card form-card" noValidate onSubmit={form.handleSubmit(open)} aria-busy={busy}>
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
            <>
              {t('wizard.open.incorrect')} <a href={hrefOf(place, 'find-my-number')}>{t('wizard.open.forgotten')}</a>
            </>
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

/** The token of a signed link in the address's fragment (`#lien=…`), or undefined. */
function partnerLinkToken(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(PARTNER_LINK_FRAGMENT);
  return token === null || token === '' ? undefined : token;
}
