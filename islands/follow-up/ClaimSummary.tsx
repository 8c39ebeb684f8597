import type { Language } from '../../contracts/languages.ts';
import type { ClaimInfo } from '../../contracts/partner-api.ts';
import { formatDayInFull } from '../../contracts/dates.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { FollowUpLinkButton } from '../ui/FollowUpLinkButton.tsx';
import { type ClaimProgress, type ClaimStatus, progressOf, statusOf } from './logic/claim-view.ts';
import { IN_INSURER_ZONE } from '../../contracts/time-zone.ts';

/**
 * The head of client-file (spec 2 §2): the status banner, the three progress bars by `etat`, the
 * claim's number, establishment and creation date, and "Recevoir un lien de suivi".
 */
export function ClaimSummary({ claim, lang, t }: { claim: ClaimInfo; lang: Language; t: IslandTranslator }) {
  return (
    <section className="card client-file__summary" aria-labelledby="client-file-status">
      <StatusBanner status={statusOf(claim.etat)} t={t} />
      <ClaimProgressBars progress={progressOf(claim)} t={t} />
      <dl className="client-file__facts">
        <div>
          <dt>{t('followup.facts.claimNumber')}</dt>
          <dd className="client-file__number">{claim.dossier_numero}</dd>
        </div>
        {claim.assurance_destination_materiel ? (
          <div>
            <dt>{t('followup.facts.establishment')}</dt>
            <dd>{claim.assurance_destination_materiel}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('followup.facts.createdAt')}</dt>
          <dd>{formatLongDate(claim.dossier_date, lang)}</dd>
        </div>
      </dl>
      <FollowUpLinkButton claimNumber={claim.dossier_numero} lang={lang} t={t} className="client-file__link" />
    </section>
  );
}

/** The texts of each status: the banner's, and the live announcement's (ClientFile.tsx). */
export const STATUS_TEXTS: Record<
  ClaimStatus,
  {
    title: 'followup.status.closed' | 'followup.status.noFollowUp' | 'followup.status.inTreatment';
    text: 'followup.status.closedText' | 'followup.status.noFollowUpText' | 'followup.status.inTreatmentText';
  }
> = {
  closed: { title: 'followup.status.closed', text: 'followup.status.closedText' },
  noFollowUp: { title: 'followup.status.noFollowUp', text: 'followup.status.noFollowUpText' },
  inTreatment: { title: 'followup.status.inTreatment', text: 'followup.status.inTreatmentText' },
};

/** The claim's status in words: its title (the section's label) and what it means. */
function StatusBanner({ status, t }: { status: ClaimStatus; t: IslandTranslator }) {
  const texts = STATUS_TEXTS[status];
  return (
    <div className={`claim-status claim-status--${status}`}>
      <p className="claim-status__label">{t('followup.status.label')}</p>
      <p className="claim-status__title" id="client-file-status">
        {t(texts.title)}
      </p>
      <p className="claim-status__text">{t(texts.text)}</p>
    </div>
  );
}

/** The three stages as labelled progress bars (1 to 3 of 3 each). */
function ClaimProgressBars({ progress, t }: { progress: ClaimProgress; t: IslandTranslator }) {
  const stages = [
    { key: 'declared', label: t('followup.progress.declared'), value: progress.declared },
    { key: 'documents', label: t('followup.progress.documents'), value: progress.documents },
    { key: 'decision', label: t('followup.progress.decision'), value: progress.decision },
  ] as const;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of progress bars, not of form controls (a fieldset would be one)
    <div className="wizard-progress claim-progress" role="group" aria-label={t('followup.progress.label')}>
      <ol className="wizard-progress__groups">
        {stages.map((stage, index) => {
          const percent = stage.value >= 3 ? 100 : stage.value === 2 ? 66 : 33;
          return (
            <li key={stage.key} className={`wizard-progress__group${percent === 100 ? ' is-done' : ' is-current'}`}>
              <span className="wizard-progress__label">
                <span className="wizard-progress__index" aria-hidden="true">
                  {index + 1}
                </span>
                {stage.label}
              </span>
              <span
                className="wizard-progress__bar"
                role="progressbar"
                aria-label={stage.label}
                aria-valuemin={0}
                aria-valuemax={3}
                aria-valuenow={stage.value}
                aria-valuetext={t('followup.progress.value', { done: stage.value, total: 3 })}
              >
                <span className={`wizard-progress__fill wizard-progress__fill--${percent}`} />
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** An ISO date-time written in full in the page's language ("7 décembre 2026"); '-' when empty or unreadable. */
export function formatLongDate(iso: string, lang: Language): string {
  return formatDayInFull(iso, lang, IN_INSURER_ZONE) || '-';
}
