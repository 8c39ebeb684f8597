import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';

/**
 * The question box without a model (spec 3 "AI question box"): a documented set of French and
 * English question forms turned into one SELECT over the views of views.ts.
 *
 *   [combien de | how many] [visiteurs (uniques) | sessions | visitors]
 *     [qui | who | that] <subject>
 *     [par marque | par étape | par langue | par appareil | per brand | per step | per language | per device]
 *     [entre le <date> et le <date> | between <date> and <date>]
 *
 * Subjects: "ont consulté leur dossier" / "consulted their claim file" (client-file); "ont déclaré
 * un sinistre" / "declared a claim" (reached the confirmation); "ont commencé une déclaration" /
 * "started a claim" (reached a step); "ont utilisé find-my-number" / "ont cherché leur numéro" /
 * "looked for their number" (find-my-number); "ont lu la FAQ" / "read the FAQ" (faq); "ont fait une
 * réclamation" / "made a complaint" (claim-step1); none: every session. Dates: 2026-03-01, 01/03/2026,
 * "1 mars 2026", "March 1, 2026" (the year defaults to the range's); without dates, the page's range.
 * A question that starts with SELECT or WITH is taken as SQL.
 */

export interface FormRange {
  /** "YYYY-MM-DD HH:mm:00", Europe/Paris wall clock. */
  start: string;
  end: string;
}

const SUBJECTS: { pattern: RegExp; page?: string; declared?: boolean; started?: boolean; label: string }[] = [
  {
    pattern: /dossier|claim file|follow(ed)? (their|a) claim|client-file/,
    page: '/client-file',
    label: 'consulted their claim file',
  },
  {
    pattern: /d[ée]clar[ée] un sinistre|declared a claim|made a claim|finished|termin/,
    declared: true,
    label: 'declared a claim',
  },
  { pattern: /commenc[ée]|started|began|d[ée]but/, started: true, label: 'started a declaration' },
  {
    pattern: /find-my-number|num[ée]ro|their number|insured number/,
    page: '/find-my-number',
    label: 'looked for their number',
  },
  { pattern: /\bfaq\b/, page: '/faq', label: 'read the FAQ' },
  { pattern: /r[ée]clamation|complaint/, page: '/claim-step1', label: 'made a complaint' },
  { pattern: /contact/, page: '/contact', label: 'contacted support' },
];

const DIMENSIONS: { pattern: RegExp; column: string }[] = [
  { pattern: /par marque|par partenaire|per brand|by brand|per partner/, column: 's.brand' },
  { pattern: /par [ée]tape|per step|by step/, column: 's.furthest_step' },
  { pattern: /par langue|per language|by language/, column: 's.language' },
  { pattern: /par appareil|par device|per device|by device/, column: 's.device' },
  { pattern: /par navigateur|per browser|by browser/, column: 's.browser' },
  { pattern: /par jour|per day|by day|daily/, column: 's.day' },
];

const MONTHS: Record<string, number> = {
  janvier: 1,
  january: 1,
  jan: 1,
  fevrier: 2,
  février: 2,
  february: 2,
  feb: 2,
  mars: 3,
  march: 3,
  mar: 3,
  avril: 4,
  april: 4,
  apr: 4,
  mai: 5,
  may: 5,
  juin: 6,
  june: 6,
  jun: 6,
  juillet: 7,
  july: 7,
  jul: 7,
  aout: 8,
  août: 8,
  august: 8,
  aug: 8,
  septembre: 9,
  september: 9,
  sep: 9,
  octobre: 10,
  october: 10,
  oct: 10,
  novembre: 11,
  november: 11,
  nov: 11,
  decembre: 12,
  décembre: 12,
  december: 12,
  dec: 12,
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The dates written in the question, in order, as YYYY-MM-DD. */
export function datesIn(question: string, defaultYear: number): string[] {
  const found: { at: number; date: string }[] = [];
  const valid = (year: number, month: number, day: number) =>
    month >= 1 && month <= 12 && day >= 1 && day <= 31 ? `${year}-${pad(month)}-${pad(day)}` : undefined;
  for (const match of question.matchAll(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g)) {
    const date = valid(Number(match[1]), Number(match[2]), Number(match[3]));
    if (date) found.push({ at: match.index, date });
  }
  for (const match of question.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)) {
    const date = valid(Number(match[3]), Number(match[2]), Number(match[1]));
    if (date) found.push({ at: match.index, date });
  }
  const monthNames = Object.keys(MONTHS).join('|');
  for (const match of question.matchAll(new RegExp(`\\b(\\d{1,2})(?:er)? (${monthNames})\\.?(?: (\\d{4}))?`, 'gi'))) {
    const date = valid(Number(match[3] ?? defaultYear), MONTHS[(match[2] ?? '').toLowerCase()] ?? 0, Number(match[1]));
    if (date) found.push({ at: match.index, date });
  }
  for (const match of question.matchAll(
    new RegExp(`\\b(${monthNames})\\.? (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?`, 'gi'),
  )) {
    const date = valid(Number(match[3] ?? defaultYear), MONTHS[(match[1] ?? '').toLowerCase()] ?? 0, Number(match[2]));
    if (date) found.push({ at: match.index, date });
  }
  return found.sort((a, b) => a.at - b.at).map((item) => item.date);
}

/** Whether the text is SQL rather than a question. */
export function looksLikeSql(text: string): boolean {
  return /^\s*(\(\s*)*(select|with)\b/i.test(text);
}

/** The SQL of a question form, or undefined when the question is not one of the forms. */
export function sqlOfQuestion(question: string, range: FormRange): string | undefined {
  const text = question.toLowerCase().normalize('NFC');
  if (!/combien|how many|nombre de|number of/.test(text)) return undefined;
  const subject = SUBJECTS.find((candidate) => candidate.pattern.test(text));
  const dimension = DIMENSIONS.find((candidate) => candidate.pattern.test(text));
  const year = Number(range.end.slice(0, 4));
  const dates = datesIn(question, year);
  const from = dates[0] ? `${dates[0]} 00:00:00` : range.start;
  const to = dates[1] ? `${dates[1]} 23:59:59` : dates[0] ? `${dates[0]} 23:59:59` : range.end;

  const conditions = [
    `s.created_at >= timestamp '${from}' at time zone '${INSURER_TIME_ZONE}'`,
    `s.created_at <= timestamp '${to}' at time zone '${INSURER_TIME_ZONE}'`,
  ];
  if (subject?.declared) conditions.push('s.declared');
  if (subject?.started) conditions.push('s.furthest_step is not null');
  if (subject?.page)
    conditions.push(`exists (select 1 from visits v where v.session = s.session and v.page = '${subject.page}')`);
  const where = conditions.join('\n  and ');
  if (dimension)
    return `select ${dimension.column} as ${dimension.column.slice(2)}, count(*)::int as visitors\nfrom sessions s\nwhere ${where}\ngroup by 1\norder by 2 desc`;
  return `select count(*)::int as visitors\nfrom sessions s\nwhere ${where}`;
}
