import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { Messages } from '../../site/i18n/types.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { isNavigating, type PagePlace, redirectTo } from '../lib/navigation.ts';
import { reportError } from '../lib/report-error.ts';
import { createTranslator, type IslandTranslator } from '../lib/translate.ts';
import { $claimDraft, refreshDraftLanguage } from '../session/claim-draft.store.ts';
import { rememberClaimNumber } from '../session/follow-up.store.ts';
import type { DeclarationRules } from './logic/declaration.ts';
import type { ClaimDraft } from './logic/draft.ts';
import { redirectForStep, type WizardStep } from './logic/steps.ts';

/** What the page hands every island of the declaration journey (serialised into the HTML). */
export interface WizardIslandProps {
  lang: Language;
  /** Brand slug, '' for the neutral brand. */
  company: string;
  /** The brand file's declaration behaviours. */
  rules: DeclarationRules;
  /** The strings of `site/i18n/` the island shows, in the page's language. */
  messages: Partial<Messages>;
}

export function useIslandBasics(props: WizardIslandProps): { t: IslandTranslator; place: PagePlace } {
  const t = useMemo(() => createTranslator(props.messages), [props.messages]);
  const place = useMemo(() => ({ company: props.company, lang: props.lang }), [props.company, props.lang]);
  return { t, place };
}

/**
 * The draft a step shows, or undefined while the visitor is sent elsewhere (no draft: the open-claim page; a claim already declared:
 * the follow-up; an earlier step not done: that step). A draft fetched in another language is
 * fetched again in the page's, so object and reason names follow the language menu. The steps are
 * rendered in the browser only (`client:only`): the draft is in localStorage, which the build
 * cannot read, so the page shows a placeholder of the step's size until the island runs.
 */
export function useStepDraft(step: WizardStep, props: WizardIslandProps, place: PagePlace): ClaimDraft | undefined {
  const draft = useStore($claimDraft);
  const redirect = isNavigating() ? undefined : redirectForStep(step, draft, props.rules);

  useEffect(() => {
    if (!redirect) return;
    if (redirect.claimNumber) rememberClaimNumber(redirect.claimNumber);
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
