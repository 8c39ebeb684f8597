import type { IslandTranslator } from '../../lib/translate.ts';

/** The offer to resume the draft in progress (its number named), or to discard it and start over. */
export function ResumeCard({
  insuranceNumber,
  resumeHref,
  t,
  onDiscard,
}: {
  insuranceNumber: string;
  /** The step the draft resumes at. */
  resumeHref: string;
  t: IslandTranslator;
  onDiscard: () => void;
}) {
  return (
    <section className="resume-card" aria-labelledby="resume-title">
      <h2 id="resume-title" className="resume-card__title">
        {t('wizard.open.resume.title')}
      </h2>
      <p>{t('wizard.open.resume.text', { number: insuranceNumber })}</p>
      <div className="resume-card__actions">
        <a className="button button--primary" href={resumeHref}>
          {t('wizard.open.resume.continue')}
        </a>
        <button type="button" className="button button--secondary" onClick={onDiscard}>
          {t('wizard.open.resume.discard')}
        </button>
      </div>
    </section>
  );
}
