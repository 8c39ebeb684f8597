import { useId } from 'react';
import { ANALYSIS_LANGUAGES, type DeclarationFunnel, type StepKey } from '../../contracts/analysis.ts';
import { formatCount, formatPercent, shareOf, sortedEntries } from './format.ts';
import { PercentBar } from './StatisticCard.tsx';

/** What each step row is called. */
const STEP_LABELS: Record<StepKey, string> = {
  step0: 'Étape 0 · n° d’assuré',
  step1: 'Étape 1',
  step2: 'Étape 2',
  step3: 'Étape 3',
  step4: 'Étape 4',
  step5: 'Étape 5',
  step6: 'Étape 6 (V2)',
};

interface Row {
  key: StepKey;
  total: number;
  totalMobile: number;
  navigator: Record<string, number>;
  languages: Record<string, number>;
  nextPage: Record<string, number>;
}

/** The rows of the furthest-step ('furthest') or last-step ('last') table. */
export function stepRows(funnel: DeclarationFunnel, kind: 'furthest' | 'last', withStep6: boolean): Row[] {
  const keys: StepKey[] = [
    'step0',
    'step1',
    'step2',
    'step3',
    'step4',
    'step5',
    ...(withStep6 ? ['step6' as const] : []),
  ];
  return keys.map((key) => {
    const details = kind === 'furthest' ? funnel.stepsDetails[key] : funnel.lastStep[key];
    const total = 'total' in details ? details.total : details.count;
    return {
      key,
      total,
      totalMobile: details.totalMobile,
      navigator: details.navigator,
      languages: Object.fromEntries(ANALYSIS_LANGUAGES.map((language) => [language, details[language]])),
      nextPage: details.nextPage,
    };
  });
}

/** A breakdown as a short list: "Chrome 12", "Safari 4"… */
function Breakdown({
  counts,
  whole,
  exits,
  compact,
}: {
  counts: Record<string, number>;
  whole: number;
  /** Adds the sessions that left the site (whole minus the counts). */
  exits?: boolean;
  /** Short names (languages): two columns. */
  compact?: boolean;
}) {
  const entries = sortedEntries(counts);
  const left = whole - entries.reduce((sum, [, value]) => sum + value, 0);
  if (exits && left > 0) entries.push(['(quitte le site)', left]);
  if (entries.length === 0) return <span className="an-muted">—</span>;
  return (
    <ul className={compact ? 'an-breakdown an-breakdown--compact' : 'an-breakdown'}>
      {entries.map(([name, value]) => (
        <li key={name}>
          <span className="an-breakdown__name">{name}</span> <span className="an-number">{formatCount(value)}</span>
        </li>
      ))}
    </ul>
  );
}

interface Props {
  caption: string;
  rows: Row[];
  /** The sessions the percentages are of (the unfinished declarations). */
  whole: number;
}

/**
 * A step table (spec 3 §2): per step the sessions, their share, smartphones, browsers, languages
 * and the page seen right after (sessions that left the site are shown as such). Scrolls sideways
 * on a phone.
 */
export function StepTable({ caption, rows, whole }: Props) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section className="an-table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="an-table an-table--steps">
        <caption id={captionId} className="an-visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Étape</th>
            <th scope="col" className="an-num">
              Sessions
            </th>
            <th scope="col">Part</th>
            <th scope="col" className="an-num">
              Smartphones
            </th>
            <th scope="col">Navigateurs</th>
            <th scope="col">Langues</th>
            <th scope="col">Page suivante</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const share = shareOf(row.total, whole);
            const mobileShare = shareOf(row.totalMobile, row.total);
            return (
              <tr key={row.key} data-step={row.key}>
                <th scope="row">{STEP_LABELS[row.key]}</th>
                <td className="an-num an-strong" data-label="Sessions">
                  {formatCount(row.total)}
                </td>
                <td data-label="Part">
                  <span className="an-share">
                    <PercentBar value={share} />
                    <span className="an-number">{formatPercent(share)}</span>
                  </span>
                </td>
                <td className="an-num" data-label="Smartphones">
                  {formatCount(row.totalMobile)}
                  <span className="an-sub">{formatPercent(mobileShare)}</span>
                </td>
                <td data-label="Navigateurs">
                  <Breakdown counts={row.navigator} whole={row.total} />
                </td>
                <td data-label="Langues">
                  <Breakdown counts={row.languages} whole={row.total} compact />
                </td>
                <td data-label="Page suivante">
                  <Breakdown counts={row.nextPage} whole={row.total} exits />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
