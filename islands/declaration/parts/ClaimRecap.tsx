import type { Language } from '../../../contracts/languages.ts';
import { hrefOf, type PagePlace } from '../../lib/navigation.ts';
import type { IslandTranslator } from '../../lib/translate.ts';
import { formatEuros } from '../../../contracts/numbers.ts';
import { formatDayInFull } from '../../../contracts/dates.ts';
import { bookingSectionOf, type DeclarationRules } from '../logic/declaration.ts';
import type { ClaimDraft } from '../logic/draft.ts';

interface RecapProps {
  draft: ClaimDraft;
  rules: DeclarationRules;
  lang: Language;
  t: IslandTranslator;
  place: PagePlace;
}

/**
 * Step 5's recap (spec 1 §2): the request (steps 1 to 3) and the claimant's information (step 4,
 * with the brand's booking section), each an open accordion with its edit link.
 */
export function ClaimRecap({ draft, rules, lang, t, place }: RecapProps) {
  const section = bookingSectionOf(rules, draft.guaranteeType);
  // Typed as the language's pattern, read back in full ("7 décembre 2026").
  const date = (iso: string) => formatDayInFull(iso, lang) || '-';
  return (
    <>
      <details className="accordion" open>
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('wizard.step5.request')}</h2>
        </summary>
        <div className="accordion__body">
          <dl className="recap">
            <RecapItem label={t('wizard.common.summary.object')} value={draft.claimGroupLang} />
            <RecapItem label={t('wizard.common.summary.reason')} value={draft.claimDetailLang} />
            <RecapItem label={t('wizard.step3.claimDate.label')} value={date(draft.claimDate)} />
            {draft.comment.trim() ? <RecapItem label={t('wizard.step3.comment.label')} value={draft.comment} /> : null}
          </dl>
          <a className="button button--secondary button--small" href={hrefOf(place, 'declare-step3')}>
            {t('wizard.common.edit')}
            <span className="visually-hidden"> {t('wizard.step5.request')}</span>
          </a>
        </div>
      </details>

      <details className="accordion" open>
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('wizard.step5.information')}</h2>
        </summary>
        <div className="accordion__body">
          <dl className="recap">
            <RecapItem label={t('wizard.step4.lastName.label')} value={draft.lastName} />
            <RecapItem label={t('wizard.step4.firstName.label')} value={draft.firstName} />
            <RecapItem label={t('wizard.step4.email.label')} value={draft.email} />
            <RecapItem label={t('wizard.step4.address.label')} value={draft.address} />
            <RecapItem label={t('wizard.step4.cp.label')} value={draft.cp} />
            <RecapItem label={t('wizard.step4.city.label')} value={draft.city} />
            <RecapItem label={t('wizard.step4.country.label')} value={draft.countryLabel || draft.country} />
            <RecapItem label={t('wizard.step4.phone.label')} value={draft.phone} />
            {section !== 'hidden' ? (
              <>
                <RecapItem
                  label={t(`wizard.step4.establishment.${rules.establishmentWording}`)}
                  value={draft.companyName}
                />
                {section === 'equipment' ? (
                  <RecapItem label={t('wizard.step4.equipment.label')} value={draft.equipement || '-'} />
                ) : null}
                {/* Spec 1 §step 5: the amount paid for every brand but zenride (no section), '-' when empty (veligo asks none). */}
                <RecapItem label={t('wizard.step5.amountPaid')} value={formatAmount(draft.invoiceAmount, lang)} />
                <RecapItem label={t(`wizard.step4.${section}.start`)} value={date(draft.contractStartDate)} />
                <RecapItem label={t(`wizard.step4.${section}.end`)} value={date(draft.contractEndDate)} />
              </>
            ) : null}
          </dl>
          <a className="button button--secondary button--small" href={hrefOf(place, 'declare-step4')}>
            {t('wizard.common.edit')}
            <span className="visually-hidden"> {t('wizard.step5.information')}</span>
          </a>
        </div>
      </details>
    </>
  );
}

/** An amount paid as the language writes euros ('450,5' → '450,50 €' in French), or '-' when empty. */
function formatAmount(typed: string, lang: Language): string {
  const value = Number(typed.trim().replace(',', '.'));
  if (typed.trim() === '' || Number.isNaN(value)) return '-';
  return formatEuros(value, lang);
}

function RecapItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="recap__item">
      <dt>{label}</dt>
      <dd>{value || '-'}</dd>
    </div>
  );
}
