import {
  type SessionSummary,
  summariseSession,
  insertPageLinks,
  pageLinkRowsOf,
  summaryColumnsOf,
} from '../staff-api/public.ts';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../contracts/languages.ts';
import type { DatabaseOrTransaction, activities, visitorReports } from '../db/public.ts';
import { insertActivityRows, insertVisitorReportRows } from './repository.ts';
import { createRandom, type Random } from './random.ts';

/**
 * Generated visitor sessions for the demo (README "Demo data"): the dashboard's charts, the
 * activity list and the analysis page show something on first start. Deterministic for a given
 * `now` and `seed`: the same journeys, shifted to end before `now`. No personal data: brand,
 * language, pages, common user agents and allow-listed store snapshots only.
 *
 * - Recent sessions spread over the last `days` days (most in the last 30), more in daytime, and a
 *   few in the last hours whatever the hour, so the dashboard's charts of today show visits.
 * - Historic sessions around the V2/V3 boundary (2024-05-01 to 2024-07-31): before
 *   2024-05-21 10:00 (Paris) the wizard had six steps (`declare-step6`) and no step 0; before
 *   v3.3.0 (2024-06-17 17:00) the browser was not recorded (`navigator` empty).
 * - Journeys: declarations (a funnel that loses visitors at every step, some going back a step or
 *   two, a few skipping one through a bookmarked link, some reading the FAQ on the way), claim
 *   follow-ups (suivre-dossier → client-file), find-my-number, FAQ/contact/legal readers, the
 *   complaint form, and bounces on the home page.
 * - Find-my-number and follow-up visits leave matching `visitor_reports` (success or error, some
 *   retried), under the session's socket id.
 */

/** What find my number shows every visitor whose request it took (locales/fr/api.json attestation.number_sent). */
const FIND_NUMBER_ANSWER =
  "Si ces informations correspondent à un contrat, nous venons d'envoyer votre numéro d'assuré à cette adresse e-mail.";

/** Common browsers of 2024–2026; `mobile` as the statistics read it (/Mobi|Android|iPhone/). */
const USER_AGENTS: readonly (readonly [string, number])[] = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    22,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    18,
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    6,
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    5,
  ],
  ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 2],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    20,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    8,
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 6],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    8,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
    2,
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    3,
  ],
];

const LANGUAGE_WEIGHTS: readonly (readonly [Language, number])[] = [
  ['fr', 55],
  ['en', 14],
  ['de', 8],
  ['es', 5],
  ['it', 5],
  ['nl', 5],
  ['pl', 3],
  ['da', 3],
  ['pt', 2],
];

/** Guarantees a declaration picks (demo guarantee ids) and their type. */
const CLAIM_GROUPS: readonly (readonly [number, string])[] = [
  [1, 'annulation'],
  [5, 'annulation'],
  [35, 'annulation'],
  [40, 'annulation'],
  [46, 'annulation'],
  [102, 'annulation'],
  [110, 'annulation'],
];

/** V3 went live on 2024-05-21 at 10:00 Paris time (08:00 UTC). */
const V3_START = Date.UTC(2024, 4, 21, 8, 0);
/** v3.3.0 (2024-06-17 17:00 Paris) started recording the browser. */
const BROWSER_RECORDED_FROM = Date.UTC(2024, 5, 17, 15, 0);
const HISTORIC_FROM = Date.UTC(2024, 4, 1);
const HISTORIC_TO = Date.UTC(2024, 6, 31);

/** The partner slugs of the brand catalogue (`brands/*.ts`; `_default` is the neutral brand, ''). */
export function demoCompanies(): string[] {
  const directory = fileURLToPath(new URL('../../brands/', import.meta.url));
  return readdirSync(directory)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -3))
    .map((slug) => (slug === '_default' ? '' : slug))
    .sort();
}

export interface DemoActivityOptions {
  /** The newest session ends before this. */
  now: Date;
  /** Recent sessions (the last `days` days). Default 2,400. */
  sessions?: number;
  /** Sessions around the V2/V3 boundary, in 2024. Default 600. */
  historicSessions?: number;
  /** Default 90. */
  days?: number;
  /** Partner slugs, '' for the neutral brand. Default: the brand catalogue. */
  companies?: readonly string[];
  seed?: number;
}

export type DemoActivity = typeof activities.$inferInsert;
export type DemoReport = typeof visitorReports.$inferInsert;

interface Journey {
  company: string;
  lang: Language;
  v2: boolean;
  random: Random;
  routes: string[];
  /** Reports the journey left, by offset in its pages. */
  reports: { kind: 'find_number' | 'follow_up'; status: 'success' | 'error'; at: number }[];
  furthestStep: number | null;
  finished: boolean;
}

/** Where a visitor who stops a declaration goes, if anywhere. */
function wanderOff(journey: Journey): void {
  const { random, routes } = journey;
  if (random.chance(0.45)) return;
  routes.push(
    random.weighted([
      ['faq', 4],
      ['home', 3],
      ['contact', 2],
      ['suivre-dossier', 1],
    ] as const),
  );
}

/** A declaration: a funnel with losses at every step, going back, skipping and asides. */
function declare(journey: Journey): void {
  const { random, routes, v2 } = journey;
  const lastStep = v2 ? 6 : 5;
  // How likely a visitor on step N goes on to the next (the index is N; 0 is declare-sinistre).
  const goOn = v2 ? [0.68, 0.86, 0.8, 0.76, 0.8, 0.82, 0.84] : [0.72, 0.88, 0.82, 0.78, 0.82, 0.86];
  if (random.chance(0.35)) routes.push('home');
  routes.push('declare-sinistre');
  if (random.chance(0.12)) {
    routes.push('find-my-number');
    journey.reports.push({
      kind: 'find_number',
      status: random.chance(0.7) ? 'success' : 'error',
      at: routes.length - 1,
    });
    routes.push('declare-sinistre');
  }
  if (!random.chance(goOn[0] ?? 0)) {
    journey.furthestStep = 0;
    wanderOff(journey);
    return;
  }
  if (!v2 && random.chance(0.18)) routes.push('declare-step0');
  let step = 1;
  let furthest = 0;
  for (let guard = 0; guard < 20; guard += 1) {
    routes.push(`declare-step${step}`);
    furthest = Math.max(furthest, step);
    if (step > 1 && random.chance(0.07)) {
      // Back one or two steps to change an answer, then forward again.
      step = Math.max(1, step - random.between(1, 2));
      continue;
    }
    if (step === 3 && random.chance(0.05)) routes.push('faq', `declare-step${step}`);
    if (!random.chance(goOn[step] ?? 0)) break;
    if (step === lastStep) {
      routes.push('confirmation-sinistre');
      journey.finished = true;
      journey.furthestStep = lastStep;
      if (random.chance(0.15)) routes.push('suivre-dossier', 'client-file');
      return;
    }
    // A bookmarked or typed address now and then skips a step.
    step += step < lastStep - 1 && random.chance(0.03) ? 2 : 1;
  }
  journey.furthestStep = furthest;
  wanderOff(journey);
}

function followUp(journey: Journey): void {
  const { random, routes } = journey;
  if (random.chance(0.4)) routes.push('home');
  routes.push('suivre-dossier');
  const firstOk = random.chance(0.74);
  journey.reports.push({ kind: 'follow_up', status: firstOk ? 'success' : 'error', at: routes.length - 1 });
  if (!firstOk) {
    if (!random.chance(0.6)) return;
    routes.push('suivre-dossier');
    const retryOk = random.chance(0.7);
    journey.reports.push({ kind: 'follow_up', status: retryOk ? 'success' : 'error', at: routes.length - 1 });
    if (!retryOk) return;
  }
  routes.push('client-file');
  if (random.chance(0.15)) routes.push(random.pick(['faq', 'contact']));
}

function findNumber(journey: Journey): void {
  const { random, routes } = journey;
  routes.push(random.chance(0.5) ? 'declare-sinistre' : 'home', 'find-my-number');
  let found = random.chance(0.68);
  journey.reports.push({ kind: 'find_number', status: found ? 'success' : 'error', at: routes.length - 1 });
  if (!found && random.chance(0.45)) {
    found = random.chance(0.6);
    journey.reports.push({ kind: 'find_number', status: found ? 'success' : 'error', at: routes.length - 1 });
  }
  if (found && random.chance(0.6)) {
    routes.push('declare-sinistre');
    if (random.chance(0.55)) {
      routes.push('declare-step1');
      journey.furthestStep = 1;
      if (random.chance(0.5)) {
        routes.push('declare-step2');
        journey.furthestStep = 2;
      }
    } else journey.furthestStep = 0;
  } else if (!found && random.chance(0.3)) routes.push('contact');
}

function reader(journey: Journey): void {
  const { random, routes } = journey;
  if (random.chance(0.6)) routes.push('home');
  routes.push(
    random.weighted([
      ['faq', 6],
      ['contact', 3],
      ['mentions-legales', 1],
      ['politique-confidentialite', 1],
    ] as const),
  );
  if (random.chance(0.3)) routes.push(random.pick(['faq', 'contact', 'declare-sinistre']));
}

function complaint(journey: Journey): void {
  const { random, routes } = journey;
  routes.push('claim');
  if (random.chance(0.7)) routes.push('claim-step1');
  if (routes.at(-1) === 'claim-step1' && random.chance(0.8)) routes.push('claim-step2');
}

const JOURNEYS: readonly (readonly [(journey: Journey) => void, number])[] = [
  [declare, 56],
  [followUp, 15],
  [findNumber, 8],
  [reader, 11],
  [complaint, 4],
  [(journey) => journey.routes.push('home'), 6],
];

function pathOf(company: string, lang: Language, route: string): string {
  return `/${[company, lang === 'fr' ? '' : lang, route === 'home' ? '' : route].filter(Boolean).join('/')}`;
}

/** A socket.io-like id (20 characters), unique by its index. */
function socketIdOf(random: Random, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const suffix = index.toString(36);
  let id = '';
  while (id.length < 20 - suffix.length) id += alphabet[Math.floor(random.next() * alphabet.length)];
  return `${id}${suffix}`;
}

/**
 * A session start: a day in the window, mostly in daytime (Paris). A start drawn outside the window
 * (the hours of its first and last days beyond `from` and `to`) is drawn again, not moved to the
 * edge, which would pile sessions up on one instant.
 */
function startOf(random: Random, from: number, to: number): number {
  const dayMs = 86_400_000;
  const firstDay = Math.floor(from / dayMs);
  const lastDay = Math.floor(to / dayMs);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const day = random.between(firstDay, lastDay);
    const hour = random.weighted([
      [6, 1],
      [8, 4],
      [10, 6],
      [12, 5],
      [14, 6],
      [17, 6],
      [20, 5],
      [22, 2],
      [0, 1],
    ] as const);
    const start = day * dayMs + (hour + random.next() * 2 - 2) * 3_600_000;
    if (start >= from && start <= to) return start;
  }
  return from + random.next() * (to - from);
}

/** The sessions and reports of the demo (see the module comment). */
export function generateDemoActivities(options: DemoActivityOptions): {
  activities: DemoActivity[];
  reports: DemoReport[];
} {
  const random = createRandom(options.seed ?? 20_240_521);
  const companies = options.companies ?? demoCompanies();
  const partners = companies.filter(Boolean);
  const now = options.now.getTime();
  const days = options.days ?? 90;
  const recent = options.sessions ?? 2_400;
  const historic = options.historicSessions ?? 600;
  const rows: DemoActivity[] = [];
  const reports: DemoReport[] = [];

  for (let index = 0; index < recent + historic; index += 1) {
    const isRecent = index < recent;
    // Most recent sessions in the last 30 days, the rest spread over the whole window.
    const windowDays = isRecent ? (random.chance(0.65) ? Math.min(30, days) : days) : 0;
    // A few sessions in the last hours, quick ones that end before `now` (below): the dashboard
    // opens on today, and the daytime weighting leaves the early hours empty.
    const isLastHours = isRecent && random.chance(LAST_HOURS_SHARE);
    // Other sessions end before `now` too: a journey lasts well under an hour.
    const createdAt = isLastHours
      ? now - LAST_HOURS_MARGIN_MS - random.next() * LAST_HOURS_SPAN_MS
      : isRecent
        ? startOf(random, now - windowDays * 86_400_000, now - 3_600_000)
        : startOf(random, HISTORIC_FROM, HISTORIC_TO);
    const company =
      random.chance(0.3) || partners.length === 0
        ? ''
        : (partners[Math.floor(random.next() ** 1.6 * partners.length)] ?? '');
    const lang = random.weighted(LANGUAGE_WEIGHTS);
    const journey: Journey = {
      company,
      lang,
      v2: createdAt < V3_START,
      random,
      routes: [],
      reports: [],
      furthestStep: null,
      finished: false,
    };
    random.weighted(JOURNEYS)(journey);

    const socketId = socketIdOf(random, index);
    // Quick last-hours journeys fit their margin: pages at most 30 s apart, less for a long journey.
    const longestGap = isLastHours
      ? Math.max(8, Math.min(30, Math.floor((LAST_HOURS_MARGIN_MS / 1000 - 60) / Math.max(1, journey.routes.length))))
      : 150;
    let at = createdAt;
    const history = journey.routes.map((route) => {
      const entry = { page: pathOf(company, lang, route), at: new Date(at).toISOString() };
      at += random.between(8, longestGap) * 1000;
      return entry;
    });
    const lastAt = history.length > 0 ? at - 1000 : createdAt;
    const userAgent = createdAt < BROWSER_RECORDED_FROM ? '' : random.weighted(USER_AGENTS);
    const lastRoute = journey.routes.at(-1) ?? 'home';
    const stepMatch = /^declare-step(\d)$/.exec(lastRoute);
    const reachedStep = journey.furthestStep ?? -1;
    const group = reachedStep >= 2 ? random.pick(CLAIM_GROUPS) : undefined;
    rows.push({
      socketId,
      entryPage: history[0]?.page ?? pathOf(company, lang, 'home'),
      currentPage: history.at(-1)?.page ?? pathOf(company, lang, 'home'),
      historyPages: history,
      store: {
        company,
        lang,
        step: stepMatch ? Math.min(5, Number(stepMatch[1])) : null,
        infosStatus: reachedStep >= 1 ? 'ok' : null,
        claimGroupId: group?.[0] ?? null,
        guaranteeType: group?.[1] ?? null,
        declaSent: journey.finished,
      },
      navigator: userAgent,
      createdAt: new Date(createdAt),
      updatedAt: new Date(lastAt),
      disconnectedAt: new Date(lastAt + random.between(5, 60) * 1000),
    });
    for (const report of journey.reports) {
      reports.push({
        kind: report.kind,
        status: report.status,
        // Find my number answers every request alike, found or not (the server alone knows).
        message:
          report.kind === 'find_number'
            ? FIND_NUMBER_ANSWER
            : report.status === 'success'
              ? ''
              : 'Erreur : informations introuvables.',
        company,
        lang,
        socketId,
        createdAt: new Date(Date.parse(history[report.at]?.at ?? new Date(createdAt).toISOString()) + 20_000),
      });
    }
  }
  return { activities: rows, reports };
}

/**
 * The share of recent sessions started in the last hours: from `LAST_HOURS_SPAN_MS` plus the
 * margin before `now` to the margin before it; their pages come close enough together that the
 * journey and its disconnection (up to a minute later) end within the margin.
 */
const LAST_HOURS_SHARE = 0.03;
const LAST_HOURS_SPAN_MS = 6 * 3_600_000;
const LAST_HOURS_MARGIN_MS = 15 * 60_000;

/** Rows per INSERT: few statements, far below PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 500;

/** Writes the generated sessions and reports in multi-row INSERTs. Returns how many sessions. */
export async function insertDemoActivities(db: DatabaseOrTransaction, options: DemoActivityOptions): Promise<number> {
  const generated = generateDemoActivities(options);
  for (let start = 0; start < generated.activities.length; start += BATCH_ROWS) {
    const batch = generated.activities.slice(start, start + BATCH_ROWS);
    const summaries = batch.map((row) => summariseSession(row.historyPages ?? [], row.navigator ?? ''));
    const written = await insertActivityRows(
      db,
      batch.map((row, index) => ({ ...row, ...summaryColumnsOf(summaries[index] as SessionSummary) })),
    );
    await insertPageLinks(
      db,
      written.flatMap((row, index) => pageLinkRowsOf(row.id, row.createdAt, summaries[index]?.links ?? [])),
    );
  }
  for (let start = 0; start < generated.reports.length; start += BATCH_ROWS)
    await insertVisitorReportRows(db, generated.reports.slice(start, start + BATCH_ROWS));
  return generated.activities.length;
}
