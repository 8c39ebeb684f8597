import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import { formatEuros } from '../../contracts/numbers.ts';
import { formatDayInFull } from '../../contracts/dates.ts';
import type { IslandTranslator } from '../lib/translate.ts';

/**
 * client-file's two closed accordions: the request (object, reason, date) and the claimant's
 * information, with the booking details only for brands whose file sets `followUpShowsBooking`;
 * the second only where the page holds the follow-up link.
 */
export function ClaimFacts({
  claim,
  lang,
  t,
  withBooking,
  withClaimant,
}: {
  claim: ClaimInfo;
  lang: Language;
  t: IslandTranslator;
  withBooking: boolean;
  /** The page holds the follow-up link: the claimant's information is shown (number and name get none). */
  withClaimant: boolean;
}) {
  return (
    <>
      <details className="accordion">
        <summary className="accordion__summary">
          <h2 className="accordion__title">{t('followup.section.request')}</h2>
        </summary>
        <div className="accordion__body">
          <dl className="recap">
            <Fact label={t('followup.request.object')} value={claim.sinistre_objet} />
            <Fact label={t('followup.request.reason')} value={claim.sinistre_motif} />
            <Fact label={t('followup.request.date')} value={formatDayInFull(claim.sinistre_date, lang)} />
          </dl>
        </div>
      </details>

      {withClaimant ? <ClaimantFacts claim={claim} lang={lang} t={t} withBooking={withBooking} /> : null}
    </>
  );
}

/** The claimant's information, with the booking details for the brands that show them. */
function ClaimantFacts({
  claim,
  lang,
  t,
  withBooking,
}: {
  claim: ClaimInfo;
  lang: Language;
  t: IslandTranslator;
  withBooking: boolean;
}) {
  const amount = Number(claim.dossier_montant_sejour);
  return (
    <details className="accordion">
      <summary className="accordion__summary">
        <h2 className="accordion__title">{t('followup.section.information')}</h2>
      </summary>
      <div className="accordion__body">
        <dl className="recap">
          <Fact label={t('followup.info.lastName')} value={claim.dossier_nom} />
          <Fact label={t('followup.info.firstName')} value={claim.dossier_prenom} />
          <Fact label={t('followup.info.email')} value={claim.dossier_email} />
          <Fact label={t('followup.info.address')} value={claim.dossier_adresse} />
          <Fact label={t('followup.info.cp')} value={claim.dossier_adresse_cp} />
          <Fact label={t('followup.info.phone')} value={claim.dossier_telephone} />
          {withBooking ? (
            <>
              <Fact label={t('followup.info.establishment')} value={claim.assurance_destination_materiel} />
              <Fact
                label={t('followup.info.amount')}
                value={claim.dossier_montant_sejour !== '' && Number.isFinite(amount) ? formatEuros(amount, lang) : ''}
              />
              <Fact label={t('followup.info.start')} value={formatDayInFull(claim.dossier_sejour_debut_date, lang)} />
              <Fact label={t('followup.info.end')} value={formatDayInFull(claim.dossier_sejour_fin_date, lang)} />
            </>
          ) : null}
        </dl>
      </div>
    </details>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="recap__item">
      <dt>{label}</dt>
      <dd>{value || '-'}</dd>
    </div>
  );
}
