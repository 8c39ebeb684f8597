import { useId } from 'react';
import { RELEASE_MARKERS } from '../../contracts/analysis.ts';
import { t } from '../lib/texts.ts';
import { DateTimePicker } from './DateTimePicker.tsx';
import { type AnalysisRange, showsStep6 } from './date-rules.ts';

const RELEASE_DATES = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/** The period to analyse (start, end, GO), the release markers, and the V2 note when the start is before V3. */
export function PeriodCard({
  range,
  onStart,
  onEnd,
  onGo,
}: {
  range: AnalysisRange;
  onStart: (date: Date) => void;
  onEnd: (date: Date) => void;
  onGo: () => void;
}) {
  const titleId = `${useId()}-period`;
  return (
    <section className="an-card an-period" aria-labelledby={titleId}>
      <h2 className="an-card__title" id={titleId}>
        {t('common.period')}
      </h2>
      <div className="an-period__fields">
        <DateTimePicker label={t('common.start')} value={range.start} maxDate={new Date()} onChange={onStart} />
        <DateTimePicker label={t('analysis.period.end')} value={range.end} maxDate={range.maxEnd} onChange={onEnd} />
        <button type="button" className="an-go" onClick={onGo}>
          {t('common.go')}
        </button>
      </div>
      <ul className="an-releases" aria-label={t('analysis.period.releases')}>
        {RELEASE_MARKERS.map((release) => (
          <li key={release.version}>
            <span className="an-releases__dot" aria-hidden="true" />
            <strong>{release.version}</strong>{' '}
            <span className="an-muted">
              {RELEASE_DATES.format(new Date(release.at.replace(' ', 'T')))} · {release.label}
            </span>
          </li>
        ))}
      </ul>
      {showsStep6(range.start) && <p className="an-note">{t('analysis.period.v2Note')}</p>}
    </section>
  );
}
