import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { goTo, type PagePlace } from '../lib/navigation.ts';
import { reportError } from '../api/report-error.ts';
import { $claimDraft, startClaimDraft } from '../session/claim-draft.store.ts';
import { rememberClaimedSubscription, rememberClaimNumber } from '../session/follow-up.store.ts';
import { rememberLinkedNumber } from '../session/partner-link.ts';
import type { InsuredInfo } from '../../contracts/partner-api.ts';
import type { ApiResult } from '../api/partner-api.ts';
import { resumeStepOf } from './logic/steps.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import type { WizardIslandProps } from './wizard-island.ts';
import { PARTNER_LINK_FRAGMENT } from '../../contracts/partner-api-base.ts';

/** The rules of the typed number (they use the contract's schema): loaded with the first submit. */
function openClaimRules() {
  return import('./logic/open-claim.ts');
}

/** A problem shown under the form, beside the field's own message. */
export type OpenClaimProblem =
  | { kind: 'claim-number' }
  | { kind: 'unavailable'; code: string }
  | { kind: 'server'; message: string }
  | { kind: 'incomplete' }
  /** A brand's signed link that expired, or was altered, cut or not this brand's. */
  | { kind: 'link-expired' }
  | { kind: 'link-invalid' };

/**
 * The open-claim form and what submitting it does: the typed number (or the one the brand sets,
 * sent early, prefilled or carried by a signed link) is looked up, and its answer leads to the
 * follow-up, the draft in progress or a new draft's first step; a refusal stays on the page with
 * its problem.
 */
export function useOpenClaim(props: WizardIslandProps & { automaticNumber: string | null; place: PagePlace }) {
  const { place } = props;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<OpenClaimProblem | null>(null);
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
   * A brand's signed link (`#lien=` in the address): checked by the server, which answers as the
   * look-up answers its number, so the visitor goes on exactly as if they had typed it. Refused
   * (expired, altered), the number step stays with the reason and the number the link carries
   * typed in; a draft in progress is kept.
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

  /** A new attempt takes the last problem away, whether or not the number passes its checks. */
  function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    setProblem(null);
    return form.handleSubmit(open)(event);
  }

  return { form, submit, busy, problem, resumeOffered, setResumeOffered };
}

/** The token of a signed link in the address's fragment (`#lien=…`), or undefined. */
function partnerLinkToken(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(PARTNER_LINK_FRAGMENT);
  return token === null || token === '' ? undefined : token;
}
