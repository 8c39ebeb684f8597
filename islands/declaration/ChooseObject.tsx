import { renderedInBrowser } from '../lib/rendered-in-browser.tsx';
import { useRef, useState } from 'react';
import type { Guarantee } from '../../contracts/partner-api.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { goTo } from '../lib/navigation.ts';
import { reportError } from '../api/report-error.ts';
import { selectClaimGroup } from '../session/claim-draft.store.ts';
import { guaranteesOf } from './logic/draft.ts';
import { visibleGuarantees } from './logic/guarantees.ts';
import { GuaranteePicture } from './parts/GuaranteePicture.tsx';
import { Notice, Spinner, StepPlaceholder } from '../ui/Notice.tsx';
import { useStepDraft, type WizardIslandProps } from './wizard-island.ts';
import { useIslandBasics } from '../lib/island-basics.ts';
import { CheckedNumber } from './parts/CheckedNumber.tsx';

/**
 * Step 1 (spec 1 §2, §4): the object of the request. Priority tiles first (at most five), then
 * 'Plus / Voir plus' for all. Choosing a tile asks the guarantee's type (step 4 titles its
 * section by it) and opens step 2.
 */
function ChooseObject(props: WizardIslandProps) {
  const { t, place } = useIslandBasics(props);
  const draft = useStepDraft(1, props, place);
  const [expanded, setExpanded] = useState(false);
  const [pending, setPending] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ code: string } | null>(null);
  const firstRevealed = useRef<HTMLButtonElement | null>(null);
  if (!draft) return <StepPlaceholder label={t('wizard.common.loading')} />;

  const guarantees = guaranteesOf(draft);
  // A chosen object hidden behind 'Voir plus' is shown: the visitor must see what they chose.
  const chosenHidden =
    draft.claimGroup !== null &&
    !visibleGuarantees(guarantees, false).tiles.some((tile) => tile.id === draft.claimGroup);
  const { tiles, hasMore } = visibleGuarantees(guarantees, expanded || chosenHidden);
  const priorityCount = visibleGuarantees(guarantees, false).tiles.length;

  async function choose(guarantee: Guarantee): Promise<void> {
    setFailure(null);
    setPending(guarantee.id);
    const { getGuarantee } = await partnerApi();
    const result = await getGuarantee(guarantee.id, props.lang);
    if (!result.ok) {
      setPending(null);
      const code = result.kind === 'http' ? `6548 (${guarantee.id})` : '6549';
      reportError(code);
      setFailure({ code });
      return;
    }
    selectClaimGroup({ id: guarantee.id, nom: result.data.data.nom || guarantee.nom, type: result.data.data.type });
    goTo(place, 'declare-step2');
  }

  if (tiles.length === 0)
    return (
      <Notice tone="info">
        <p>{t('wizard.step1.none')}</p>
      </Notice>
    );

  return (
    <div className="card">
      <CheckedNumber insuranceNumber={draft.insuranceNumber} t={t} />
      <h2 className="step-question" id="object-question">
        {t('wizard.step1.question')}
      </h2>
      {failure ? (
        <Notice tone="error" code={failure.code} codeLabel={t('wizard.common.errorCode', { code: failure.code })}>
          {t('wizard.step1.guaranteeError')}
        </Notice>
      ) : null}
      <ul className="tiles" aria-labelledby="object-question">
        {tiles.map((guarantee, index) => {
          const chosen = guarantee.id === draft.claimGroup;
          return (
            <li key={guarantee.id}>
              <button
                ref={expanded && index === priorityCount ? firstRevealed : undefined}
                type="button"
                className={`tile${chosen ? ' is-chosen' : ''}`}
                aria-current={chosen ? 'true' : undefined}
                disabled={pending !== null}
                onClick={() => void choose(guarantee)}
              >
                <GuaranteePicture logo={guarantee.logo} />
                <span className="tile__name">{guarantee.nom}</span>
                <span className="tile__action">
                  {pending === guarantee.id ? <Spinner label={t('wizard.common.loading')} /> : null}
                  {chosen ? t('wizard.common.selected') : t('wizard.step1.choose')}
                </span>
              </button>
            </li>
          );
        })}
        {hasMore ? (
          <li>
            <button
              type="button"
              className="tile tile--more"
              onClick={() => {
                setExpanded(true);
                // Focus moves to the first tile revealed, so keyboard users continue from there.
                requestAnimationFrame(() => firstRevealed.current?.focus());
              }}
            >
              <span className="tile__plus" aria-hidden="true">
                +
              </span>
              <span className="tile__name">{t('wizard.step1.more')}</span>
              <span className="tile__action">{t('wizard.step1.showMore')}</span>
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** Rendered in the browser only (what it shows is stored in this browser), once the page has painted its frame. */
export default renderedInBrowser(ChooseObject);
