import type { IslandTranslator } from '../../lib/translate.ts';
import { hrefOf, type PagePlace } from '../../lib/navigation.ts';
import type { ClaimDraft } from '../logic/draft.ts';

/** The object (and reason) chosen so far, each with its edit link (spec 1 §2, steps 2 and 3). */
export function ChoiceSummary({
  draft,
  t,
  place,
  withReason,
}: {
  draft: ClaimDraft;
  t: IslandTranslator;
  place: PagePlace;
  withReason: boolean;
}) {
  return (
    <dl className="choice-summary">
      <div className="choice-summary__item">
        <dt>{t('wizard.common.summary.object')}</dt>
        <dd>
          <span>{draft.claimGroupLang}</span>
          <a className="choice-summary__edit" href={hrefOf(place, 'declare-step1')}>
            {t('wizard.common.edit')}
            <span className="visually-hidden"> {t('wizard.common.summary.object')}</span>
          </a>
        </dd>
      </div>
      {withReason ? (
        <div className="choice-summary__item">
          <dt>{t('wizard.common.summary.reason')}</dt>
          <dd>
            <span>{draft.claimDetailLang}</span>
            <a className="choice-summary__edit" href={hrefOf(place, 'declare-step2')}>
              {t('wizard.common.edit')}
              <span className="visually-hidden"> {t('wizard.common.summary.reason')}</span>
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
