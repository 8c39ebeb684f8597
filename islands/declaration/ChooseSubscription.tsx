import { goTo, hrefOf } from '../lib/navigation.ts';
import { selectSubscription } from '../session/claim-draft.store.ts';
import { rememberClaimNumber } from '../session/follow-up.store.ts';
import { ChoiceButton } from './parts/ChoiceButton.tsx';
import { StepPlaceholder } from '../ui/Notice.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { CheckedNumber } from './parts/CheckedNumber.tsx';

/**
 * Step 0 (spec 1 §2): the insured person's subscriptions, each 'NOM prénom : guarantee'. Choosing
 * one fills the draft with its details and opens step 1, or the follow-up when it already has a claim.
 */
export default function ChooseSubscription(props: WizardIslandProps) {
  const { t, place } = useIslandBasics(props);
  const draft = useStepDraft(0, props, place);
  if (!draft) return <StepPlaceholder label={t('wizard.common.loading')} />;

  if (draft.subscriptions.length === 0)
    return (
      <div className="card step-error">
        <h2>{t('wizard.common.errorTitle')}</h2>
        <a className="button button--secondary" href={hrefOf(place, 'declare-sinistre')}>
          {t('wizard.common.back')}
        </a>
      </div>
    );

  return (
    <div className="card">
      <CheckedNumber insuranceNumber={draft.insuranceNumber} t={t} />
      <h2 className="step-question" id="subscriptions-question">
        {t('wizard.step0.question')}
      </h2>
      <ul className="choice-list" aria-labelledby="subscriptions-question">
        {draft.subscriptions.map((subscription) => {
          const chosen = subscription.souscription_id === draft.souscription_id;
          return (
            <li key={subscription.souscription_id}>
              <ChoiceButton
                chosen={chosen}
                onChoose={() => {
                  selectSubscription(subscription.souscription_id);
                  if (subscription._numero_sinistre !== '') {
                    rememberClaimNumber(subscription._numero_sinistre);
                    goTo(place, 'suivre-dossier');
                  } else goTo(place, 'declare-step1');
                }}
                title={`${subscription.assure_nom} ${subscription.assure_prenom} : ${subscription._garantie_nom_complet}`}
                detail={
                  subscription._numero_sinistre !== ''
                    ? t('wizard.step0.hasClaim', { number: subscription._numero_sinistre })
                    : undefined
                }
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
