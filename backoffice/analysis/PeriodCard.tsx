import { useId } from 'react';
import { RELEASE_MARKERS } from '../../contracts/analysis.ts';
import { t } from '../lib/texts.ts';
import { DatePicker, type MarkedDay } from '../lib/DatePicker.tsx';
import { formatLongLocal, insurerWallClockNow, localDateOf, localHourMinute } from '../lib/dates.ts';
import { type AnalysisRange, MINIMUM, showsStep6 } from './date-rules.ts';

/** The release markers on the calendars' days. Example of a title: "v3.3.4 à 15:42 : bouton suivant déplacé". */
const RELEASE_DAYS: readonly MarkedDay[] = RELEASE_MARKERS.map((release) => {
  const date = localDateOf(release.at);
  return {
    date,
    title: t('analysis.period.releaseTitle', {
      version: release.version,
      time: localHourMinute(date),
      label: release.label,
    }),
  };
});

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
        <DatePicker
          label={t('common.start')}
          value={range.start}
          minDate={MINIMUM}
          maxDate={insurerWallClockNow()}
          withTime
          markedDays={RELEASE_DAYS}
          className="an-field"
          inputClassName="an-input"
          onChange={onStart}
        />
        <DatePicker
          label={t('analysis.period.end')}
          value={range.end}
          minDate={MINIMUM}
          maxDate={range.maxEnd}
          withTime
          markedDays={RELEASE_DAYS}
          className="an-field"
          inputClassName="an-input"
          onChange={onEnd}
        />
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
              {formatLongLocal(new Date(release.at.replace(' ', 'T')))} · {release.label}
            </span>
          </li>
        ))}
      </ul>
      {showsStep6(range.start) && <p className="an-note">{t('analysis.period.v2Note')}</p>}
    </section>
  );
}
