import type { IslandProps } from '../lib/island-basics.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { isNavigating, type PagePlace, redirectTo } from '../lib/navigation.ts';
import { reportError } from '../api/report-error.ts';
import { $claimDraft, $submitInFlight, refreshDraftLanguage } from '../session/claim-draft.store.ts';
import { $followUp, rememberClaimedSubscription, rememberClaimNumber } from '../session/follow-up.store.ts';
import type { DeclarationRules } from './logic/declaration.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { redirectForStep, type StepRedirect, type WizardStep } from './logic/steps.ts';

/** What the page hands every island of the declaration journey (serialised into the HTML). */
export interface WizardIslandProps extends IslandProps {
  /** The brand file's declaration behaviours. */
  rules: DeclarationRules;
}

/** Where a step goes when another tab of this browser has just declared its draft. */
const TO_CONFIRMATION: StepRedirect = { route: 'confirmation-sinistre' };

/**
 * The draft a step shows, or undefined while the visitor is sent elsewhere (no draft: the open-claim page; a claim already declared:
 * the follow-up; an earlier step not done: that step). A draft fetched in another language is
 * fetched again in the page's, so object and reason names follow the language menu. The steps are
 * rendered in the browser only (`client:only`): the draft is in localStorage, which the build
 * cannot read, so the page shows a placeholder of the step's size until the island runs.
 */
export function useStepDraft(step: WizardStep, props: WizardIslandProps, place: PagePlace): ClaimDraft | undefined {
  const stored = useStore($claimDraft);
  const submitting = useStore($submitInFlight);
  const shown = useRef<ClaimDraft | null>(null);
  // The draft went away under an open step: another tab submitted it. While this tab's own submit
  // of the same draft is on its way, keep showing it; otherwise follow the other tab's success.
  const clearedByOtherTab = stored === null && shown.current !== null;
  const draft = clearedByOtherTab && submitting ? shown.current : stored;
  shown.current = draft;
  const redirect = isNavigating()
    ? undefined
    : clearedByOtherTab && !submitting && $followUp.get().declaSent
      ? TO_CONFIRMATION
      : redirectForStep(step, draft, props.rules);

  useEffect(() => {
    if (!redirect) return;
    if (redirect.claimNumber) rememberClaimNumber(redirect.claimNumber);
    const draft = $claimDraft.get();
    if (redirect.route === 'suivre-dossier' && draft?.souscription_id)
      rememberClaimedSubscription({ insuredNumber: draft.contractNumber, souscriptionId: draft.souscription_id });
    if (redirect.notice) reportError(639);
    redirectTo(place, redirect.route, redirect.notice ? { notice: redirect.notice } : undefined);
  }, [redirect, place]);

  const staleLanguage = draft !== null && draft.infosLang !== props.lang ? draft.insuranceNumber : '';
  useEffect(() => {
    if (!staleLanguage) return;
    void (async () => {
      const { getInsuredInfos } = await partnerApi();
      const result = await getInsuredInfos(staleLanguage, props.lang);
      if (result.ok) refreshDraftLanguage(result.data.data, props.lang);
    })();
  }, [staleLanguage, props.lang]);

  return !redirect && draft ? draft : undefined;
}
