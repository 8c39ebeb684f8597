import { staffText } from '../../i18n/public.ts';
import { addDays, addMinutes } from '../../../contracts/dates.ts';
import type { Grouping, Interpretation, Measure, Outcome, Period, PeriodKind, VisitedPage } from './question-forms.ts';

/**
 * What the question box says it understood, in French (staff-api.json): each part of an
 * interpretation as the phrase of a question that works (question-forms.ts reads every one of
 * them back to the same part), the parts as a list, and the whole as an example question.
 */

const MEASURES: Record<Measure, Parameters<typeof staffText>[0]> = {
  visitors: 'questionBox.example.measure.visitors',
  sessions: 'questionBox.example.measure.sessions',
  declarations: 'questionBox.example.measure.declarations',
};

const OUTCOMES: Record<Outcome, Parameters<typeof staffText>[0]> = {
  finished: 'questionBox.example.outcome.finished',
  unfinished: 'questionBox.example.outcome.unfinished',
  started: 'questionBox.example.outcome.started',
  other: 'questionBox.example.outcome.other',
};

const PAGES: Record<VisitedPage, Parameters<typeof staffText>[0]> = {
  claimFile: 'questionBox.example.page.claimFile',
  findNumber: 'questionBox.example.page.findNumber',
  faq: 'questionBox.example.page.faq',
  complaint: 'questionBox.example.page.complaint',
  contact: 'questionBox.example.page.contact',
};

const DEVICES: Record<NonNullable<Interpretation['device']>, Parameters<typeof staffText>[0]> = {
  smartphone: 'questionBox.example.device.smartphone',
  ordinateur: 'questionBox.example.device.ordinateur',
};

const LANGUAGES: Record<string, Parameters<typeof staffText>[0]> = {
  fr: 'questionBox.example.languages.fr',
  en: 'questionBox.example.languages.en',
  de: 'questionBox.example.languages.de',
  es: 'questionBox.example.languages.es',
  it: 'questionBox.example.languages.it',
  nl: 'questionBox.example.languages.nl',
  pl: 'questionBox.example.languages.pl',
  da: 'questionBox.example.languages.da',
  pt: 'questionBox.example.languages.pt',
};

const GROUPINGS: Record<Grouping, Parameters<typeof staffText>[0]> = {
  brand: 'questionBox.example.groupBy.brand',
  step: 'questionBox.example.groupBy.step',
  language: 'questionBox.example.groupBy.language',
  device: 'questionBox.example.groupBy.device',
  browser: 'questionBox.example.groupBy.browser',
  day: 'questionBox.example.groupBy.day',
  week: 'questionBox.example.groupBy.week',
  month: 'questionBox.example.groupBy.month',
};

const PERIODS: Record<
  Exclude<PeriodKind, 'range' | 'lastDays' | 'between' | 'since'>,
  Parameters<typeof staffText>[0]
> = {
  today: 'questionBox.example.period.today',
  yesterday: 'questionBox.example.period.yesterday',
  thisWeek: 'questionBox.example.period.thisWeek',
  lastWeek: 'questionBox.example.period.lastWeek',
  thisMonth: 'questionBox.example.period.thisMonth',
  lastMonth: 'questionBox.example.period.lastMonth',
  thisYear: 'questionBox.example.period.thisYear',
  lastYear: 'questionBox.example.period.lastYear',
};

/** A wall clock "YYYY-MM-DD HH:mm:ss" read as written: "1 mars 2026", or with its time. */
function frenchDate(wallClock: string, withTime = false): string {
  return new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'UTC',
  })
    .format(new Date(`${wallClock.replace(' ', 'T')}Z`))
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** Whether the period ends at a midnight (whole days), not now. */
const endsAtMidnight = (period: Period) => period.to.endsWith(' 00:00:00');

/** The last day of a period: the day before its end (excluded) at midnight, or the day it ends now. */
function lastDay(period: Period): string {
  return `${endsAtMidnight(period) ? addDays(period.to.slice(0, 10), -1) : period.to.slice(0, 10)} 00:00:00`;
}

/** The period as a question says it, or undefined for the page's range (a question that names none). */
function periodPhrase(period: Period): string | undefined {
  switch (period.kind) {
    case 'range':
      return undefined;
    case 'lastDays':
      return staffText('questionBox.example.period.lastDays', { count: period.days ?? 1 });
    case 'between':
      if (lastDay(period) === period.from)
        return staffText('questionBox.example.period.on', { from: frenchDate(period.from) });
      // Up to now: "entre le 1 janvier 2024 et aujourd'hui".
      if (!endsAtMidnight(period))
        return staffText('questionBox.example.period.betweenToday', { from: frenchDate(period.from) });
      return staffText('questionBox.example.period.between', {
        from: frenchDate(period.from),
        to: frenchDate(lastDay(period)),
      });
    case 'since':
      return staffText('questionBox.example.period.since', { from: frenchDate(period.from) });
    default:
      return staffText(PERIODS[period.kind]);
  }
}

/** The phrases of an interpretation, in the order of a question. */
function phrases(interpretation: Interpretation): { measure: string; filters: string[]; clauses: string[] } {
  const filters: string[] = [];
  if (interpretation.device) filters.push(staffText(DEVICES[interpretation.device]));
  if (interpretation.browser)
    filters.push(staffText('questionBox.example.browser', { browser: interpretation.browser }));
  const language = interpretation.language ? LANGUAGES[interpretation.language] : undefined;
  if (language) filters.push(staffText('questionBox.example.language', { language: staffText(language) }));
  if (interpretation.brand)
    filters.push(
      interpretation.brand.slug === ''
        ? staffText('questionBox.example.neutralBrand')
        : staffText('questionBox.example.brand', { brand: interpretation.brand.name || interpretation.brand.slug }),
    );
  const clauses: string[] = [];
  const { outcome, step } = interpretation;
  if (step !== undefined && interpretation.reached)
    clauses.push(staffText('questionBox.example.reachedStep', { step }));
  if (step !== undefined && !interpretation.reached)
    clauses.push(staffText('questionBox.example.unfinishedAtStep', { step }));
  else if (outcome && !(outcome === 'started' && interpretation.measure === 'declarations'))
    clauses.push(staffText(OUTCOMES[outcome]));
  if (interpretation.page) clauses.push(staffText(PAGES[interpretation.page]));
  return { measure: staffText(MEASURES[interpretation.measure]), filters, clauses };
}

/** A question that works and asks what was understood. Example: "Combien de visiteurs sur smartphone qui ont abandonné à l’étape 3 la semaine dernière ?" */
export function exampleQuestion(interpretation: Interpretation): string {
  const { measure, filters, clauses } = phrases(interpretation);
  const parts = [measure, ...filters, clauses.join(` ${staffText('questionBox.example.and')} `)];
  if (interpretation.groupBy) parts.push(staffText(GROUPINGS[interpretation.groupBy]));
  parts.push(periodPhrase(interpretation.period) ?? '');
  return staffText('questionBox.example.question', { parts: parts.filter(Boolean).join(' ') });
}

/** What was understood, part by part, the period with its days. */
export function understoodParts(interpretation: Interpretation): string {
  const { measure, filters, clauses } = phrases(interpretation);
  const parts = [
    interpretation.measure === 'visitors'
      ? staffText('questionBox.understood.countVisitors')
      : staffText('questionBox.understood.count', { measure }),
    ...filters,
  ];
  for (const clause of clauses)
    parts.push(
      interpretation.step !== undefined &&
        !interpretation.reached &&
        clause === staffText('questionBox.example.unfinishedAtStep', { step: interpretation.step })
        ? staffText('questionBox.understood.furthestStep', { clause })
        : clause,
    );
  if (interpretation.groupBy) parts.push(staffText(GROUPINGS[interpretation.groupBy]));
  const { period } = interpretation;
  parts.push(
    staffText('questionBox.understood.period', {
      period: periodPhrase(period) ?? staffText('questionBox.understood.range'),
      from: frenchDate(period.from, period.kind === 'range'),
      to:
        period.kind === 'range' || !endsAtMidnight(period)
          ? frenchDate(addMinutes(period.to, -1), true)
          : frenchDate(lastDay(period)),
    }),
  );
  return parts.join(staffText('questionBox.understood.separator'));
}

/** At most this many words not understood are quoted back (a question may hold 12,000 characters). */
const QUOTED_AT_MOST = 20;

/** The words not understood, each quoted; an ellipsis after the first QUOTED_AT_MOST. */
export function quotedList(texts: readonly string[]): string {
  const quoted = texts
    .slice(0, QUOTED_AT_MOST)
    .map((text) => staffText('questionBox.quoted', { text: text.slice(0, 80) }));
  return [...quoted, ...(texts.length > QUOTED_AT_MOST ? ['\u2026'] : [])].join(', ');
}
