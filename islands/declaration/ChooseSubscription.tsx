import { renderedInBrowser } from '../lib/rendered-in-browser.tsx';
import { goTo, hrefOf } from '../lib/navigation.ts';
import { selectSubscription } from '../session/claim-draft.store.ts';
import { rememberClaimedSubscription, rememberClaimNumber } from '../session/follow-up.store.ts';
import type { InsuredInfo } from '../../contracts/partner-api.ts';
import { ChoiceButton } from './parts/ChoiceButton.tsx';
import { StepPlaceholder } from '../ui/Notice.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { CheckedNumber } from './parts/CheckedNumber.tsx';

/** Whether a subscription already has a claim (open-claim.ts hasClaim, kept here without its zod import). */
function hasClaim(info: Pick<InsuredInfo, '_a_sinistre' | '_numero_sinistre'>): boolean {
  return info._a_sinistre === 1 || info._numero_sinistre !== '';
}

/**
 * Who a subscription is for, as step 0 shows it: the masked name ("M*** F***", the look-up tells no
 * more), or the name when the answer holds it (after a signed link, or an API of the spec).
 */
function holderOf(subscription: InsuredInfo): string {
  const named = `${subscription.assure_nom} ${subscription.assure_prenom}`.trim();
  return named || (subscription.assure_nom_masque ?? '');
}

/**
 * Step 0 (spec 1 §2): the insured person's subscriptions, each 'M*** F*** : guarantee' (masked). Choosing
 * one fills the draft with its details and opens step 1, or the follow-up when it already has a claim.
 */
function ChooseSubscription(props: WizardIslandProps) {
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
                  if (hasClaim(subscription)) {
                    if (subscription._numero_sinistre !== '') rememberClaimNumber(subscription._numero_sinistre);
                    rememberClaimedSubscription({
                      insuredNumber: subscription.assure_numero,
                      souscriptionId: subscription.souscription_id,
                    });
                    goTo(place, 'suivre-dossier');
                  } else goTo(place, 'declare-step1');
                }}
                title={`${holderOf(subscription)} : ${subscription._garantie_nom_complet}`}
                detail={hasClaim(subscription) ? t('wizard.identityCode.claimOpened') : undefined}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Rendered in the browser only (what it shows is stored in this browser), once the page has painted its frame. */
export default renderedInBrowser(ChooseSubscription);
