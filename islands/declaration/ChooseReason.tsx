import { renderedInBrowser } from '../lib/rendered-in-browser.tsx';
import { useEffect } from 'react';
import { goTo, redirectTo } from '../lib/navigation.ts';
import { selectReason } from '../session/claim-draft.store.ts';
import { guaranteesOf } from './logic/draft.ts';
import { sortedReasons } from './logic/guarantees.ts';
import { ChoiceSummary } from './parts/ChoiceSummary.tsx';
import { ChoiceButton } from './parts/ChoiceButton.tsx';
import { StepPlaceholder } from '../ui/Notice.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';

/**
 * Step 2 (spec 1 §2, §4): the reason, highest priority first. A group with a single reason, none
 * chosen yet, chooses it and moves on by itself.
 */
function ChooseReason(props: WizardIslandProps) {
  const { t, place } = useIslandBasics(props);
  const draft = useStepDraft(2, props, place);
  const group = draft ? guaranteesOf(draft).find((guarantee) => guarantee.id === draft.claimGroup) : undefined;
  const reasons = group ? sortedReasons(group) : [];
  const [single] = reasons.length === 1 ? reasons : [];
  const autoChoose = draft !== undefined && single !== undefined && draft.claimDetail === null;

  useEffect(() => {
    if (!autoChoose || !single) return;
    selectReason(single);
    // Replaced, not added: the back button from step 3 returns to step 1, not to this page again.
    redirectTo(place, 'declare-step3');
  }, [autoChoose, single, place]);

  if (!draft || autoChoose) return <StepPlaceholder label={t('wizard.common.loading')} />;

  return (
    <div className="card">
      <ChoiceSummary draft={draft} t={t} place={place} withReason={false} />
      <h2 className="step-question" id="reason-question">
        {t('wizard.step2.question')}
      </h2>
      <ul className="choice-list" aria-labelledby="reason-question">
        {reasons.map((reason) => {
          const chosen = reason.id === draft.claimDetail;
          return (
            <li key={reason.id}>
              <ChoiceButton
                chosen={chosen}
                onChoose={() => {
                  selectReason(reason);
                  goTo(place, 'declare-step3');
                }}
                title={reason.nom}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Rendered in the browser only (what it shows is stored in this browser), once the page has painted its frame. */
export default renderedInBrowser(ChooseReason);
