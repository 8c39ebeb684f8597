import { addDays, addMinutes, dayInTimeZone, isRealDate, twoDigits } from '../../../contracts/dates.ts';
import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';
import { nowEnd, readDayMentions } from './date-mentions.ts';

/**
 * The question box without a model (spec 3 "AI question box"): a French or English question is
 * read into understood parts, in the analysis page's own words, and turned into one SELECT over
 * the views of migration 0008. Every word of the question is either understood or said not to be:
 * a part that is not understood is never dropped, the question is then not answered at all (the
 * service says what was understood, what was not, and a question that works).
 *
 * Parts (each a phrase of the question, French or English; accents, case and apostrophes do not matter):
 * - count: "combien", "nombre de", "how many", "number of"; what is counted: "visiteurs (uniques)",
 *   "utilisateurs uniques", "personnes", "sessions", "visitors", "unique users", "people" (a
 *   session, as the page's 'Utilisateurs uniques'), "déclarations", "declarations" (a session that
 *   reached a declaration step).
 * - outcome, as the page's 'Déclarations' card: "terminées", "ont terminé", "ont déclaré un
 *   sinistre", "finished", "declared a claim" (reached the confirmation); "non terminées",
 *   "abandon(né)", "unfinished", "abandoned", "gave up" (reached a step, not the confirmation);
 *   "autres sessions", "sans déclaration", "other sessions"; "ont commencé une déclaration",
 *   "started a claim".
 * - step: "(à) l'étape N", "step N", "3e étape" is the page's step table: an unfinished declaration
 *   whose furthest step is N; "ont atteint l'étape N", "reached step N": furthest step N or more.
 * - pages visited: "ont consulté leur dossier" (/client-file), "ont cherché leur numéro"
 *   (/find-my-number), "ont lu la FAQ", "ont fait une réclamation" (/claim-step1), "contact".
 * - filters: "sur smartphone", "mobile", "sur ordinateur", "desktop"; "sur Chrome", "Firefox",
 *   "Safari", "Edge", "Opera", "Samsung Internet"; "en anglais", "in English", "langue en";
 *   a brand's slug or name ("chez veligo", "marque Golfy"), "marque neutre".
 * - grouping: "par marque / étape / langue / appareil / navigateur / jour / semaine / mois",
 *   "per (by) brand, step, language, device, browser, day, week, month".
 * - period, in the insurer's time zone, from the clock given: "aujourd'hui", "hier", "cette
 *   semaine", "la semaine dernière" (Monday to Sunday), "ce mois-ci", "le mois dernier", "cette
 *   année", "l'année dernière", "depuis le début de l'année", "les 7 derniers jours", "les 2
 *   dernières semaines" and their English words; days as chrono-node reads them (date-mentions.ts:
 *   2026-03-01, 01/03/2026, "1er mars 2026", "March 1st, 2026", "lundi", "since Monday",
 *   "avant-hier", "il y a 3 jours", "ce weekend"), "du 3 au 10 mai", "from 3 to 10 May", "en
 *   mars", "in 2025" (a missing year is the page range's, or the year before when that is still to
 *   come), alone (that day, month or year), "entre le … et le …", "entre le … et aujourd'hui",
 *   "du … au …", "between … and …", "depuis le …", "since …"; without a period, the page's range.
 *   Whole days; a period reaching past now ends now (the end of its minute).
 * - words that carry no meaning of their own ("de", "les", "qui", "ont", "the", "who", "?"…).
 * A question that starts with SELECT or WITH is taken as SQL.
 */

export interface FormRange {
  /** "YYYY-MM-DD HH:mm:00", Europe/Paris wall clock. */
  start: string;
  end: string;
}

/** A brand the question may name: its slug (the views' `brand`, '' for the neutral brand) and name. */
export interface BrandName {
  slug: string;
  name: string;
}

export interface FormContext {
  /** The page's range: the period of a question that names none, and the year of a date without one. */
  range: FormRange;
  /** Now, for "today", "last week"… */
  now: Date;
  brands: readonly BrandName[];
}

export type Measure = 'visitors' | 'sessions' | 'declarations';
export type Outcome = 'finished' | 'unfinished' | 'other' | 'started';
export type VisitedPage = 'claimFile' | 'findNumber' | 'faq' | 'complaint' | 'contact';
export type Grouping = 'brand' | 'step' | 'language' | 'device' | 'browser' | 'day' | 'week' | 'month';
export type PeriodKind =
  | 'range'
  | 'today'
  | 'yesterday'
  | 'thisWeek'
  | 'lastWeek'
  | 'thisMonth'
  | 'lastMonth'
  | 'thisYear'
  | 'lastYear'
  | 'lastDays'
  | 'between'
  | 'since';

/** Wall clocks "YYYY-MM-DD HH:mm:ss" in the insurer's time zone; `to` excluded. */
export interface Period {
  kind: PeriodKind;
  from: string;
  to: string;
  /** lastDays: how many. */
  days?: number;
}

export interface Interpretation {
  measure: Measure;
  outcome?: Outcome;
  /** With `reached`, the furthest step is this one or more; else the furthest step of an unfinished declaration. */
  step?: number;
  reached?: boolean;
  page?: VisitedPage;
  device?: 'smartphone' | 'ordinateur';
  browser?: string;
  language?: string;
  brand?: BrandName;
  groupBy?: Grouping;
  period: Period;
}

export type Understanding =
  | { kind: 'understood'; interpretation: Interpretation; sql: string }
  | {
      kind: 'partly';
      interpretation: Interpretation;
      /** Whether anything but the default count and period was understood. */
      understoodSomething: boolean;
      /** The words or phrases of the question not understood, as written. */
      notUnderstood: string[];
    };

/** The page the views' `visits.page` holds for each visited-page subject. */
const VISITED_PAGES: Record<VisitedPage, string> = {
  claimFile: '/client-file',
  findNumber: '/find-my-number',
  faq: '/faq',
  complaint: '/claim-step1',
  contact: '/contact',
};

const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'Samsung Internet'] as const;

/** Language codes of the views' `language`, and the words (folded) that name them. */
const LANGUAGE_WORDS: Record<string, string> = {
  fr: 'francais|francaise|french|francophones?',
  en: 'anglais|anglaise|english|anglophones?',
  de: 'allemand|allemande|german|germanophones?',
  es: 'espagnol|espagnole|spanish|hispanophones?',
  it: 'italien|italienne|italian|italophones?',
  nl: 'neerlandais|neerlandaise|hollandais|dutch|neerlandophones?',
  pl: 'polonais|polonaise|polish',
  da: 'danois|danoise|danish',
  pt: 'portugais|portugaise|portuguese|lusophones?',
};

const MONTHS: Record<string, number> = {
  janvier: 1,
  january: 1,
  jan: 1,
  fevrier: 2,
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
  august: 8,
  aug: 8,
  septembre: 9,
  september: 9,
  sept: 9,
  sep: 9,
  octobre: 10,
  october: 10,
  oct: 10,
  novembre: 11,
  november: 11,
  nov: 11,
  decembre: 12,
  december: 12,
  dec: 12,
};
const MONTH_NAMES = Object.keys(MONTHS)
  .toSorted((a, b) => b.length - a.length)
  .join('|');

/** Words that carry no meaning of their own in a question (folded). */
const STOP_WORDS = new Set(
  (
    'a au aux avec c ce ces cet cette combien d dans de des du elle elles en est et eu il ils j l la le les leur leurs ' +
    'lui m ma me mes mon n ne nos notre nous on ont par pour qu que quel quelle quelles quels qui s sa se ses son ' +
    'sont sur t ta te tes ton un une vos votre vous y ete etaient etait avez avons ai as donne donnez moi svp stp ' +
    'merci pendant durant chez selon total uniques unique distincts distinct ' +
    'an and are at be been by did do does during for from had has have how in is it many me of on our over per ' +
    'please the their them there they to us was we were who whose with that what show tell give total'
  ).split(' '),
);

// ---------------------------------------------------------------------------------------------
// Calendar days as "YYYY-MM-DD" strings.

/** A matched number, NaN when the group did not match. */
const num = (text: string | undefined) => Number(text ?? Number.NaN);

function dayOf(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || !isRealDate(year, month, day)) return undefined;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The same day `years` later (earlier when negative); may not be a real day (29 February). */
const shiftYears = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;
const lastYears = (day: string) => shiftYears(day, -1);

/** Whether "YYYY-MM-DD" is a real day. */
const isDay = (day: string) =>
  dayOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))) !== undefined;

function addMonths(day: string, months: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${twoDigits((index % 12) + 1)}-01`;
}

/** Today in the insurer's time zone. */
function todayAt(now: Date): string {
  return dayInTimeZone(now, INSURER_TIME_ZONE);
}

const midnight = (day: string) => `${day} 00:00:00`;

/** The page's range: from its start minute to the end of its end minute. */
function rangePeriod(range: FormRange): Period {
  return { kind: 'range', from: range.start, to: addMinutes(range.end, 1) };
}

function relativePeriod(kind: PeriodKind, now: Date, days = 1): Period {
  const today = todayAt(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  const month = `${today.slice(0, 7)}-01`;
  const year = `${today.slice(0, 4)}-01-01`;
  const days_: Record<string, [string, string]> = {
    today: [today, addDays(today, 1)],
    yesterday: [addDays(today, -1), today],
    thisWeek: [monday, addDays(monday, 7)],
    lastWeek: [addDays(monday, -7), monday],
    thisMonth: [month, addMonths(month, 1)],
    lastMonth: [addMonths(month, -1), month],
    thisYear: [year, addMonths(year, 12)],
    lastYear: [addMonths(year, -12), year],
    lastDays: [addDays(today, 1 - days), addDays(today, 1)],
  };
  const [from, to] = days_[kind] ?? [today, addDays(today, 1)];
  return { kind, from: midnight(from), to: midnight(to), ...(kind === 'lastDays' ? { days } : {}) };
}

/** A period that reaches past now ends now ("aujourd'hui" ends now): whole days up to the current minute. */
function untilNow(period: Period, now: Date): Period {
  const end = nowEnd(now);
  return period.from < end && period.to > end ? { ...period, to: end } : period;
}

// ---------------------------------------------------------------------------------------------
// Reading: each rule consumes the phrases it understands; what is left is not understood.

/** Lower case without accents, one character for one (so positions are the question's), apostrophes straight. */
function fold(text: string): string {
  let folded = '';
  for (const character of text) {
    const lower = character.toLowerCase();
    const base = lower.length === character.length ? (lower.normalize('NFD')[0] ?? lower) : character;
    folded += base.length === character.length ? base : character;
  }
  return folded.replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'").replace(/[\u00a0\u202f]/g, ' ');
}

const BEFORE = '(?<![\\p{L}\\p{N}])';
/** The end of a phrase: no letter or digit follows, unless it ends with an elision (d', l'). */
const AFTER = "(?:(?<=')|(?![\\p{L}\\p{N}]))";

/** A rule's pattern: words separated by spaces match any spacing; an apostrophe may be followed by a space. */
function words(body: string): RegExp {
  return new RegExp(`${BEFORE}(?:${body.replace(/ /g, '\\s+').replace(/'/g, "'\\s*")})${AFTER}`, 'gu');
}

interface DateMention {
  start: number;
  end: number;
  /** The first day and the day after the last of what it names (a day, a month or a year). */
  first: string;
  next: string;
  used: boolean;
  /** Written without a year (the page range's year was taken). */
  yearless: boolean;
  /** "aujourd'hui", "hier"… said as such. */
  relative?: 'today' | 'yesterday';
}

class Reading {
  readonly original: string;
  private work: string;
  readonly notUnderstood: { at: number; end: number; text: string }[] = [];
  readonly dates: DateMention[] = [];

  constructor(question: string) {
    this.original = question.normalize('NFC');
    this.work = fold(this.original);
  }

  /** Calls `understand` for each match of `pattern` still unread; consumes the ones it accepts. */
  read(pattern: RegExp, understand: (match: RegExpExecArray) => boolean, fill = ' '): void {
    for (const match of [...this.work.matchAll(pattern)]) {
      // An earlier match of this rule may have consumed part of it.
      if (this.work.slice(match.index, match.index + match[0].length) !== match[0]) continue;
      if (understand(match)) this.consume(match.index, match.index + match[0].length, fill);
    }
  }

  consume(start: number, end: number, fill = ' '): void {
    this.work = this.work.slice(0, start) + fill.repeat(end - start) + this.work.slice(end);
  }

  get text(): string {
    return this.work;
  }

  /** A date mention starting at `index`, if any. */
  dateAt(index: number): DateMention | undefined {
    return this.dates.find((date) => date.start === index);
  }

  /** The words left: not consumed and not without meaning, as written in the question. */
  leftovers(): string[] {
    const left: { at: number; text: string }[] = [...this.notUnderstood];
    const refused = (at: number) => this.notUnderstood.some((span) => at >= span.at && at < span.end);
    for (const date of this.dates)
      if (!date.used && !refused(date.start))
        left.push({ at: date.start, text: this.original.slice(date.start, date.end) });
    for (const match of this.work.matchAll(/[\p{L}\p{N}]+/gu)) {
      if (STOP_WORDS.has(match[0]) || refused(match.index)) continue;
      left.push({ at: match.index, text: this.original.slice(match.index, match.index + match[0].length) });
    }
    return left.toSorted((a, b) => a.at - b.at).map((item) => item.text);
  }

  /** Gives a consumed phrase back as not understood (a part that contradicts another). */
  refuse(match: RegExpExecArray): false {
    const end = match.index + match[0].length;
    this.notUnderstood.push({ at: match.index, end, text: this.original.slice(match.index, end) });
    return false;
  }
}

/** The parts read so far; each setter accepts a second mention only when it says the same. */
class Parts {
  counted = false;
  measure?: Measure;
  outcome?: Outcome;
  step?: number;
  reached?: boolean;
  stepMatch?: RegExpExecArray;
  page?: VisitedPage;
  device?: 'smartphone' | 'ordinateur';
  browser?: string;
  language?: string;
  brand?: BrandName;
  groupBy?: Grouping;
  period?: Period;

  set<Key extends 'measure' | 'outcome' | 'page' | 'device' | 'browser' | 'language' | 'groupBy'>(
    key: Key,
    value: NonNullable<Parts[Key]>,
  ): boolean {
    if (this[key] !== undefined && this[key] !== value) return false;
    (this as Record<Key, unknown>)[key] = value;
    return true;
  }
}

function readDates(reading: Reading, defaultYear: number, now: Date): void {
  const today = todayAt(now);
  const mention = (match: RegExpExecArray, first: string | undefined, next: string | undefined): boolean => {
    if (first === undefined || next === undefined) return false;
    const yearless = !/\d{4}/.test(match[0]);
    // Without its year, a day or month still to come is last year's.
    if (yearless && first > today) return isDay(lastYears(first)) && mention(match, lastYears(first), lastYears(next));
    reading.dates.push({ start: match.index, end: match.index + match[0].length, first, next, used: false, yearless });
    return true;
  };
  const day = (year: number, month: number, date: number) => {
    const first = dayOf(year, month, date);
    return [first, first === undefined ? undefined : addDays(first, 1)] as const;
  };
  const monthOf = (name: string | undefined) => MONTHS[name ?? ''] ?? 0;
  const yearOf = (text: string | undefined) => (text === undefined ? defaultYear : Number(text));
  const SUFFIX = '(?:er|re|eme|e|st|nd|rd|th)?';
  // "du 3 au 10 mai", "from 3 to 10 May": chrono-node reads the English one as hours.
  reading.read(
    words(
      `(?:(?:du|entre le|entre|from the|from|between the|between) )?(\\d{1,2})${SUFFIX} (?:au|a|et le|et|-|to the|to|and the|and) (\\d{1,2})${SUFFIX}(?: of)? (${MONTH_NAMES})\\.?(?:,? (\\d{4}))?`,
    ),
    (m) => {
      const [first] = day(yearOf(m[4]), monthOf(m[3]), num(m[1]));
      const [, next] = day(yearOf(m[4]), monthOf(m[3]), num(m[2]));
      return first !== undefined && next !== undefined && first < next && mention(m, first, next);
    },
    '\u00a7',
  );
  // chrono-node reads the "hier" of "avant-hier".
  reading.read(
    words('avant(?:-|\\s*)hier|the day before yesterday'),
    (m) => mention(m, addDays(today, -2), addDays(today, -1)),
    '\u00a7',
  );
  // Days as written, weekdays, "aujourd'hui", "yesterday"…: chrono-node (date-mentions.ts).
  for (const found of readDayMentions(reading.text, now)) {
    let { first, last } = found;
    // A day without its year is in the page range's year, or the year before when that is still to come.
    if (!found.yearWritten) {
      const shift = defaultYear - Number(first.slice(0, 4));
      first = shiftYears(first, shift);
      last = shiftYears(last, shift);
      if (first > today) {
        first = lastYears(first);
        last = lastYears(last);
      }
      if (!isDay(first) || !isDay(last)) continue;
    }
    reading.dates.push({
      start: found.index,
      end: found.end,
      first,
      next: addDays(last, 1),
      used: false,
      yearless: !found.yearWritten,
      ...(found.relative ? { relative: found.relative } : {}),
    });
    reading.consume(found.index, found.end, '\u00a7');
  }
  const month = (year: number, monthNumber: number) => {
    const first = dayOf(year, monthNumber, 1);
    return [first, first === undefined ? undefined : addMonths(first, 1)] as const;
  };
  // "de janvier à mars", "from November 2025 to February 2026": whole months.
  reading.read(
    words(
      `(?:de|d'|du mois de|from|entre|between) (${MONTH_NAMES})(?: (\\d{4}))? (?:a|au|jusqu'a|jusqu'en|to|until|till|et|and|-) (${MONTH_NAMES})(?: (\\d{4}))?`,
    ),
    (m) => {
      const [firstMonth, lastMonth] = [monthOf(m[1]), monthOf(m[3])];
      const turn = firstMonth > lastMonth ? 1 : 0;
      const lastYear = m[4] !== undefined ? num(m[4]) : m[2] !== undefined ? num(m[2]) + turn : defaultYear;
      const [first] = month(m[2] !== undefined ? num(m[2]) : lastYear - turn, firstMonth);
      const [, next] = month(lastYear, lastMonth);
      return first !== undefined && next !== undefined && first < next && mention(m, first, next);
    },
    '\u00a7',
  );
  reading.read(
    words(`(?:(?:en|in|au mois de|le mois de|du mois de|the month of|of) )?(${MONTH_NAMES}) (\\d{4})`),
    (m) => mention(m, ...month(num(m[2]), monthOf(m[1]))),
    '\u00a7',
  );
  reading.read(
    words(
      `(?:en|in|au mois de|le mois de|du mois de|the month of|during|pendant|durant) (${MONTH_NAMES})|(?<=(?:depuis|since|a partir de) (?:le mois de |the month of )?)(${MONTH_NAMES})`,
    ),
    (m) => mention(m, ...month(defaultYear, monthOf(m[1] ?? m[2]))),
    '\u00a7',
  );
  reading.read(
    words(
      "(?:en|in|pendant|durant|during|l'annee|annee|the year|year) (\\d{4})|(?<=(?:depuis|since|a partir de) )(\\d{4})",
    ),
    (m) => {
      const year = num(m[1] ?? m[2]);
      return year >= 2000 && year < 2100 ? mention(m, `${year}-01-01`, `${year + 1}-01-01`) : false;
    },
    '\u00a7',
  );
}

function readPeriod(reading: Reading, parts: Parts, context: FormContext): void {
  const setPeriod = (period: Period) => {
    if (parts.period !== undefined) return false;
    parts.period = period;
    return true;
  };
  const date = (match: RegExpExecArray, group: number) => {
    const index = match.indices?.[group]?.[0];
    return index === undefined ? undefined : reading.dateAt(index);
  };
  const span = (body: string) => new RegExp(words(body).source, 'gud');
  const MENTION = '(\u00a7+)';
  reading.read(
    span(
      `(?:entre|between|du|from|de) (?:le |the )?${MENTION} (?:et|and|au|a|to|until|till|jusqu'au|jusqu'a) (?:le |the )?${MENTION}`,
    ),
    (m) => {
      const first = date(m, 1);
      const last = date(m, 2);
      if (!first || !last) return false;
      // "March 1 to March 15, 2025": the year written once is both's.
      if (first.yearless && !last.yearless) {
        const shift = Number(last.first.slice(0, 4)) - Number(first.first.slice(0, 4));
        const shifted = (day: string) => `${Number(day.slice(0, 4)) + shift}${day.slice(4)}`;
        first.first = shifted(first.first);
        first.next = shifted(first.next);
      }
      const [from, to] = first.first <= last.first ? [first.first, last.next] : [last.first, first.next];
      if (!setPeriod({ kind: 'between', from: midnight(from), to: midnight(to) })) return reading.refuse(m);
      first.used = true;
      last.used = true;
      return true;
    },
  );
  const today = todayAt(context.now);
  reading.read(
    span(`(?:depuis|since|a partir du|a partir de|a compter du|after|apres) (?:le |the )?${MENTION}`),
    (m) => {
      const first = date(m, 1);
      if (!first) return false;
      if (!setPeriod({ kind: 'since', from: midnight(first.first), to: midnight(addDays(today, 1)) }))
        return reading.refuse(m);
      first.used = true;
      return true;
    },
  );
  reading.read(
    span(`(?:(?:le|on|du|pendant|durant|during|au cours du|the|from|between|entre) )?(?:the )?${MENTION}`),
    (m) => {
      const first = date(m, 1);
      if (!first) return false;
      const period = first.relative
        ? relativePeriod(first.relative, context.now)
        : { kind: 'between' as const, from: midnight(first.first), to: midnight(first.next) };
      if (!setPeriod(period)) return false;
      first.used = true;
      return true;
    },
  );

  const relative: [PeriodKind, string][] = [
    ['today', "aujourd'hui|today|ce jour"],
    ['yesterday', 'hier|yesterday'],
    [
      'thisWeek',
      'cette semaine|this week|(?:la )?semaine en cours|(?:the )?current week|depuis (?:le )?debut (?:de la |de cette )?semaine|since the (?:beginning|start) of (?:the|this) week',
    ],
    [
      'lastWeek',
      '(?:la )?semaine (?:derniere|passee|precedente)|(?:la )?derniere semaine|(?:the )?(?:last|previous) week',
    ],
    [
      'thisMonth',
      '(?:ce mois-ci|ce mois ci|ce mois)|this month|(?:le )?mois en cours|(?:the )?current month|depuis (?:le )?debut (?:du|de ce) mois|since the (?:beginning|start) of (?:the|this) month|month to date',
    ],
    ['lastMonth', '(?:le )?mois (?:dernier|passe|precedent)|(?:the )?(?:last|previous) month'],
    [
      'thisYear',
      "cette annee|this year|l'annee en cours|(?:the )?current year|depuis (?:le )?debut (?:de l'|de cette )annee|since the (?:beginning|start) of (?:the|this) year|year to date",
    ],
    ['lastYear', "l'annee (?:derniere|passee|precedente)|(?:the )?(?:last|previous) year"],
  ];
  for (const [kind, body] of relative)
    reading.read(words(body), (m) => setPeriod(relativePeriod(kind, context.now)) || reading.refuse(m));
  reading.read(
    words(
      '(?:(?:au cours des|pendant les|durant les|sur les|dans les|les|ces|over the|in the|during the|for the|the) )?(\\d{1,4}) (?:derniers jours|dernieres (semaines))|(?:(?:over the|in the|during the|for the|the) )?(?:last|past) (\\d{1,4}) (?:days|(weeks))',
    ),
    (m) => {
      const days = Number(m[1] ?? m[3]) * ((m[2] ?? m[4]) ? 7 : 1);
      if (!(days >= 1 && days <= 3_660)) return false;
      return setPeriod(relativePeriod('lastDays', context.now, days)) || reading.refuse(m);
    },
  );
  // The page's range, said in words.
  reading.read(
    words(
      '(?:sur|pendant|durant|over|during|in|for) (?:la|the) (?:periode(?: choisie| selectionnee)?|(?:chosen |selected )?period)',
    ),
    () => true,
  );
}

function readOutcomes(reading: Reading, parts: Parts): void {
  const outcome = (value: Outcome) => (m: RegExpExecArray) => parts.set('outcome', value) || reading.refuse(m);
  const DECLARATION = "(?: (?:leur|la|une|sa|de|d') declaration)?";
  const CLAIM = '(?: (?:their|the|a) (?:claim|declaration))?';
  reading.read(
    words(
      `non-? ?terminee?s?|pas terminee?s?|inachevee?s?|incompletes?|n'ont pas (?:termine|fini|acheve)${DECLARATION}|n'a pas (?:termine|fini)${DECLARATION}|(?:ont |a )?abandonne(?:e|es|s)?${DECLARATION}|abandons?|unfinished|not finished|incomplete|(?:did not|didn't|never) (?:finish|complete)${CLAIM}|abandoned${CLAIM}|gave up|dropped (?:out|off)|drop-?offs?`,
    ),
    outcome('unfinished'),
  );
  reading.read(
    words(
      `(?:autres?|other)(?= sessions?${AFTER})|sans declaration|sans declarer|without (?:a )?(?:claim|declaration)|n'ont pas commence de declaration|(?:did not|didn't) start (?:a )?(?:claim|declaration)`,
    ),
    outcome('other'),
  );
  reading.read(
    words(
      "(?:ont |a |sont )?(?:atteint|arrivee?s? a|alle(?:e|es|s)? jusqu'a|reached|got to|made it to) (?:l'|the )?(?:etape|step) ([0-6])",
    ),
    (m) => {
      if (parts.step !== undefined) return reading.refuse(m);
      parts.step = Number(m[1]);
      parts.reached = true;
      return true;
    },
  );
  reading.read(
    words(
      "(?:(?:a|en|au|at|on|in|from) )?(?:l'|the )?(?:etape|step) (?:n ?\u00b0 ?|no\\.? ?|numero |number )?([0-6])|(?:(?:a|en|au|at|on|in|from) )?(?:la |the )?([0-6])(?:e|eme|ieme|st|nd|rd|th) (?:etape|step)",
    ),
    (m) => {
      if (parts.step !== undefined) return reading.refuse(m);
      parts.step = Number(m[1] ?? m[2]);
      parts.reached = false;
      parts.stepMatch = m;
      return true;
    },
  );
  reading.read(
    words(
      `terminee?s?|(?:ont |a )?(?:termine|fini|acheve)(?:e|es|s)?${DECLARATION}|(?:ont |a )?declare(?:e|es|s)?(?: (?:un|leur|des|son|le) sinistres?)?|(?:ont |a )?fait (?:une|leur|sa) declaration|finished${CLAIM}|completed?${CLAIM}|(?:declared|made|filed|submitted|sent) (?:a|their) claims?|confirmation`,
    ),
    outcome('finished'),
  );
  reading.read(
    words(
      '(?:ont |a )?(?:commence|debute)(?:e|es|s)? (?:(?:une|leur|la|sa) declaration|a declarer)|(?:started|began|begun|start) (?:a |their |the )?(?:claim|declaration)s?',
    ),
    outcome('started'),
  );
}

function readPages(reading: Reading, parts: Parts): void {
  const page = (value: VisitedPage) => (m: RegExpExecArray) => parts.set('page', value) || reading.refuse(m);
  reading.read(
    words(
      '(?:ont |a )?(?:consulte|ouvert|regarde|vu|suivi)(?:e|es|s)? (?:leur|le|son|un|les|leurs) (?:dossiers?|suivis?)(?: de sinistres?)?|(?:consulted|opened|checked|viewed|looked at|followed) (?:their|the|a) (?:claim )?(?:files?|claims?)|(?:dossiers?|suivis?) consulte(?:e|es|s)?|consultations? (?:de |du |des )?(?:dossiers?|suivis?)|client-file',
    ),
    page('claimFile'),
  );
  reading.read(
    words(
      "(?:ont |a )?(?:cherche|recherche|demande)(?:e|es|s)? (?:leur|son|un|le) numero(?: d'assure| de dossier| de contrat)?|(?:looked for|looked up|searched for|asked for) (?:their|a|the) (?:insured |claim |contract |policy |booking )?number|(?:ont |a )?(?:utilise|visite|ouvert) find-my-number|(?:used|visited|opened) find-my-number|find-my-number",
    ),
    page('findNumber'),
  );
  reading.read(
    words(
      '(?:ont |a )?(?:lu|consulte|ouvert|visite|vu)(?:e|es|s)? (?:la )?faq|(?:read|opened|visited|viewed|consulted) the faq|faq',
    ),
    page('faq'),
  );
  reading.read(
    words(
      '(?:ont |a )?(?:fait|depose|envoye)(?:e|es|s)? (?:une|des) reclamations?|(?:made|filed|sent) (?:a )?complaints?|reclamations?|complaints?',
    ),
    page('complaint'),
  );
  reading.read(
    words(
      "(?:ont |a )?(?:contacte|ecrit a)(?:e|es|s)? (?:le support|le service client|l'assureur|nous)|(?:ont |a )?utilise (?:le formulaire|la page) (?:de )?contact|(?:contacted|wrote to) (?:the )?(?:support|insurer|us)|(?:used |visited )?the contact (?:form|page)|(?:la )?page (?:de )?contact|formulaire de contact|contacts?",
    ),
    page('contact'),
  );
}

function readFilters(reading: Reading, parts: Parts, brands: readonly BrandName[]): void {
  const group = (value: Grouping) => (m: RegExpExecArray) => parts.set('groupBy', value) || reading.refuse(m);
  const BY =
    "(?:par|per|by|selon|suivant|pour chaque|for each|for every|broken down by|grouped by|group by|split by|regroupee?s? par|repartie?s? par) (?:la |le |l'|les |leur |leurs |their |the |type d'|type of )?";
  const groupings: [Grouping, string][] = [
    ['brand', 'marques?|partenaires?|brands?|partners?|companies|company'],
    ['step', 'etapes?(?: la plus avancee)?|(?:furthest )?steps?'],
    ['language', 'langues?|languages?'],
    ['device', "appareils?|devices?|terminaux|terminal|types? d'appareils?|device types?"],
    ['browser', 'navigateurs?|browsers?'],
    ['day', 'jours?|days?|dates?|journees?'],
    ['week', 'semaines?|weeks?'],
    ['month', 'mois|months?'],
  ];
  for (const [value, nouns] of groupings) reading.read(words(`${BY}(?:${nouns})`), group(value));
  reading.read(words('daily|quotidiennement|chaque jour|each day|every day'), group('day'));
  reading.read(words('weekly|chaque semaine|each week|every week'), group('week'));
  reading.read(words('monthly|mensuellement|chaque mois|each month|every month'), group('month'));
  reading.read(words('(?:quelles|which) (?:marques|brands)'), group('brand'));
  reading.read(words('(?:quels|which) (?:navigateurs|browsers)'), group('browser'));
  reading.read(words('(?:quelles|which) (?:langues|languages)'), group('language'));
  reading.read(words('(?:quels|which) (?:appareils|devices)'), group('device'));

  const ON = '(?:(?:sur|on|via|from|depuis|avec|with|using|en) )?(?:(?:un|une|a|an|des|le|les|leur|their) )?';
  reading.read(
    words(`${ON}(?:smartphones?|mobiles?|telephones? mobiles?|telephones?|phones?)`),
    (m) => parts.set('device', 'smartphone') || reading.refuse(m),
  );
  reading.read(
    words(`${ON}(?:ordinateurs?|desktops?|computers?|pc|ordis?)`),
    (m) => parts.set('device', 'ordinateur') || reading.refuse(m),
  );
  const browserNames = BROWSERS.map((name) => name.toLowerCase()).join('|');
  reading.read(
    words(
      `(?:(?:sur|avec|sous|via|depuis|on|with|using|from|in) )?(?:(?:le|the) )?(?:(?:navigateur|browser) )?(?:(?:google|mozilla|microsoft|apple) )?(${browserNames})(?: (?:browser|navigateur))?`,
    ),
    (m) => {
      const browser = BROWSERS.find((name) => name.toLowerCase() === m[1]?.replace(/\s+/g, ' '));
      return (browser !== undefined && parts.set('browser', browser)) || reading.refuse(m);
    },
  );
  for (const [code, names] of Object.entries(LANGUAGE_WORDS)) {
    reading.read(
      words(
        `(?:(?:en|in) )?(?:(?:la |the )?(?:langue|language) )?(?:${names})(?: (?:language|speakers?|speaking))?|(?:(?:en|in|de|of|with) )?(?:la |the )?(?:langue|language|lang)\\s*[:=]?\\s*${code}`,
      ),
      (m) => parts.set('language', code) || reading.refuse(m),
    );
  }
  const setBrand = (brand: BrandName, m: RegExpExecArray) => {
    if (parts.brand !== undefined && parts.brand.slug !== brand.slug) return reading.refuse(m);
    parts.brand = brand;
    return true;
  };
  const neutral = brands.find((brand) => brand.slug === '');
  reading.read(
    words(
      '(?:(?:de|pour|chez|for|at|on|of) )?(?:(?:la|le|the) )?(?:marque neutre|neutral brand|sans marque|sans partenaire|no brand|without (?:a )?(?:brand|partner))',
    ),
    (m) => setBrand(neutral ?? { slug: '', name: '' }, m),
  );
  const names = new Map<string, BrandName>();
  for (const brand of brands)
    if (brand.slug !== '')
      for (const name of [brand.slug, fold(brand.name)]) {
        const pattern = name
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean)
          .map((word) => word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
          .join('[^\\p{L}\\p{N}]*');
        if (pattern !== '') names.set(pattern, brand);
      }
  if (names.size > 0) {
    const alternatives = [...names.keys()].toSorted((a, b) => b.length - a.length);
    const matchers = alternatives.map((pattern) => ({ whole: new RegExp(`^(?:${pattern})$`, 'u'), pattern }));
    reading.read(
      words(
        `(?:(?:de|pour|chez|for|at|on|of|du) )?(?:(?:la|le|the) )?(?:(?:marque|partenaire|brand|partner|site) )?(${alternatives.join('|')})(?: (?:brand|partner))?`,
      ),
      (m) => {
        const found = matchers.find((matcher) => matcher.whole.test(m[1] ?? ''));
        const brand = found ? names.get(found.pattern) : undefined;
        return brand ? setBrand(brand, m) : false;
      },
    );
  }
}

function readMeasure(reading: Reading, parts: Parts): void {
  reading.read(
    words(
      "combien(?: de| d')?|how many|how much|(?:quel (?:est le |a ete le )?)?nombre (?:de|d')|(?:the )?number of|count(?: of)?|compte(?:r|z)?(?: les)?|(?:le )?total (?:de|d'|of)",
    ),
    () => {
      parts.counted = true;
      return true;
    },
  );
  const measures: [Measure, string][] = [
    [
      'visitors',
      'visiteu(?:r|rs|se|ses)(?: (?:uniques?|distincts?))?|utilisat(?:eur|eurs|rice|rices)(?: (?:uniques?|distincts?))?|personnes|gens|internautes|clients|assures|(?:unique |distinct )?(?:visitors?|users?)|people|persons|customers|claimants|vis?i?te?u?rs?|vis?i?to?rs?',
    ],
    ['sessions', "sessions?(?: (?:de|d'|des) visiteurs?)?|(?:visitor |user )?sessions?"],
    ['declarations', 'declarations?(?: de sinistres?)?|claim declarations?'],
  ];
  for (const [measure, body] of measures)
    reading.read(words(body), (m) => {
      if (!parts.set('measure', measure)) return reading.refuse(m);
      parts.counted = true;
      return true;
    });
  // A claim is a finished declaration: "sinistres déclarés", "claims were declared".
  reading.read(
    words(
      '(?:declared |filed |submitted )?(?:sinistres?|claims?)(?: (?:(?:ont ete|a ete|sont|were|was|have been) )?(?:declares?|enregistres?|declared|filed|submitted|made))?',
    ),
    (m) => {
      if (!parts.set('measure', 'declarations') || !parts.set('outcome', 'finished')) return reading.refuse(m);
      parts.counted = true;
      return true;
    },
  );
  // "Répartition des visiteurs par appareil": says the grouping again, only with one.
  reading.read(
    words("(?:la )?(?:repartition|ventilation|breakdown)(?: (?:des|de|du|d'|of))?"),
    () => parts.groupBy !== undefined,
  );
  // Phrases without a meaning of their own.
  reading.read(
    words(
      "il y a(?: eu)?|y a-t-il(?: eu)?|y'a-t-il|there (?:were|was|are|have been)|au total|en tout|in total|altogether|(?:sur |on )?(?:le |the )?(?:site|portail|portal|website)|sont venue?s?|came|ont visite|visited|s'il (?:te|vous) plait",
    ),
    () => true,
  );
}

/** Reads a question into its parts; `notUnderstood` lists what was not understood, as written. */
/**
 * An exclusion ("sauf sur smartphone", "except on mobile") is never read as the filter it negates:
 * the exclusion word and the rest of its clause are not understood, so nothing is counted and the
 * example question given back does not ask the opposite of what was meant.
 */
const EXCLUSION = new RegExp(
  `${BEFORE}(?:sauf|hors|excepte|a l'exception d[eu']|en dehors d[eu']|sans compter|except|excluding|exclude|other than|apart from|but not)${AFTER}(?:[^,;?.!]*[^\\s,;?.!])?`,
  'gu',
);

function readExclusions(reading: Reading): void {
  reading.read(EXCLUSION, (match) => {
    reading.refuse(match);
    return true;
  });
}

export function understandQuestion(question: string, context: FormContext): Understanding {
  const reading = new Reading(question);
  const parts = new Parts();
  readExclusions(reading);
  readDates(reading, Number(context.range.end.slice(0, 4)), context.now);
  readPeriod(reading, parts, context);
  readOutcomes(reading, parts);
  readPages(reading, parts);
  readFilters(reading, parts, context.brands);
  readMeasure(reading, parts);

  const measure = parts.measure ?? 'visitors';
  let outcome = parts.outcome;
  if (measure === 'declarations' && outcome === undefined) outcome = 'started';
  if (measure === 'declarations' && outcome === 'other') outcome = undefined;
  // A step without "reached" is the page's step table: unfinished declarations by their furthest step.
  if (parts.step !== undefined && !parts.reached) {
    if (outcome === undefined || outcome === 'unfinished') outcome = 'unfinished';
    else if (parts.stepMatch) {
      reading.refuse(parts.stepMatch);
      delete parts.step;
    }
  }
  const interpretation: Interpretation = {
    measure,
    ...(outcome === undefined ? {} : { outcome }),
    ...(parts.step === undefined ? {} : { step: parts.step, reached: parts.reached ?? false }),
    ...(parts.page === undefined ? {} : { page: parts.page }),
    ...(parts.device === undefined ? {} : { device: parts.device }),
    ...(parts.browser === undefined ? {} : { browser: parts.browser }),
    ...(parts.language === undefined ? {} : { language: parts.language }),
    ...(parts.brand === undefined ? {} : { brand: parts.brand }),
    ...(parts.groupBy === undefined ? {} : { groupBy: parts.groupBy }),
    period: parts.period ? untilNow(parts.period, context.now) : rangePeriod(context.range),
  };
  const understoodSomething =
    parts.counted || Object.keys(interpretation).length > 2 || interpretation.period.kind !== 'range';
  const notUnderstood = reading.leftovers();
  if (notUnderstood.length > 0 || !understoodSomething)
    return { kind: 'partly', interpretation, understoodSomething, notUnderstood };
  return { kind: 'understood', interpretation, sql: sqlOf(interpretation) };
}

const GROUP_COLUMNS: Record<Grouping, { expression: string; name: string; chronological: boolean }> = {
  brand: { expression: 's.brand', name: 'brand', chronological: false },
  step: { expression: 's.furthest_step', name: 'step', chronological: true },
  language: { expression: 's.language', name: 'language', chronological: false },
  device: { expression: 's.device', name: 'device', chronological: false },
  browser: { expression: 's.browser', name: 'browser', chronological: false },
  day: { expression: 's.day', name: 'day', chronological: true },
  week: { expression: "date_trunc('week', s.day)::date", name: 'week', chronological: true },
  month: { expression: "date_trunc('month', s.day)::date", name: 'month', chronological: true },
};

/** The SELECT of an interpretation, over the views (search_path bo_ai). Every value in it is the form's own. */
function sqlOf(interpretation: Interpretation): string {
  const { period } = interpretation;
  const conditions = [
    `s.created_at >= timestamp '${period.from}' at time zone '${INSURER_TIME_ZONE}'`,
    `s.created_at < timestamp '${period.to}' at time zone '${INSURER_TIME_ZONE}'`,
  ];
  const outcomes: Record<Outcome, string> = {
    finished: 's.declared',
    unfinished: 'not s.declared and s.furthest_step is not null',
    other: 'not s.declared and s.furthest_step is null',
    started: '(s.declared or s.furthest_step is not null)',
  };
  if (interpretation.outcome) conditions.push(outcomes[interpretation.outcome]);
  if (interpretation.step !== undefined)
    conditions.push(`s.furthest_step ${interpretation.reached ? '>=' : '='} ${Number(interpretation.step)}`);
  if (interpretation.device) conditions.push(`s.device = '${interpretation.device}'`);
  if (interpretation.browser && (BROWSERS as readonly string[]).includes(interpretation.browser))
    conditions.push(`s.browser = '${interpretation.browser}'`);
  if (interpretation.language && interpretation.language in LANGUAGE_WORDS)
    conditions.push(`s.language = '${interpretation.language}'`);
  if (interpretation.brand && /^[a-z0-9]*$/.test(interpretation.brand.slug))
    conditions.push(`s.brand = '${interpretation.brand.slug}'`);
  if (interpretation.page)
    conditions.push(
      `exists (select 1 from visits v where v.session = s.session and v.page = '${VISITED_PAGES[interpretation.page]}')`,
    );
  const where = conditions.join('\n  and ');
  const counted = `count(*)::int as ${interpretation.measure}`;
  if (interpretation.groupBy) {
    const column = GROUP_COLUMNS[interpretation.groupBy];
    const order = column.chronological ? '1' : '2 desc, 1';
    return `select ${column.expression} as ${column.name}, ${counted}\nfrom sessions s\nwhere ${where}\ngroup by 1\norder by ${order}`;
  }
  return `select ${counted}\nfrom sessions s\nwhere ${where}`;
}

/** Whether the text is SQL rather than a question. */
export function looksLikeSql(text: string): boolean {
  return /^\s*(\(\s*)*(select|with)\b/i.test(text);
}
