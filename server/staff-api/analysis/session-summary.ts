import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../contracts/languages.ts';
import { CUSTOMER_ROUTES } from '../../../contracts/routes.ts';

/**
 * What the analysis statistics need of one visitor session, computed once when its record is
 * written (the live recorder, the demo generator, the backfill of older records) instead of at
 * every query: the rules of contracts/analysis.ts applied to the session's history.
 *
 * - Pages are canonical routes without brand and language (`/veligo/en/declare-step3` is
 *   `/declare-step3`; a bare brand, language, `/index` or `/` is `/`); a page repeated right after
 *   itself (a reload) counts once.
 * - Declaration steps: `/declare-sinistre` and `/declare-step0` are step 0, `/declare-stepN` is N
 *   (V2 had a step 6). A session is finished when it reached `/confirmation-sinistre`.
 * - An unfinished session that reached a step is described at its furthest step (its last visit
 *   of it) and at its last step visit: the language of that page's path and the page right after it.
 * - Browser and smartphone come from the user agent.
 * - `links`: for each page, the pages right before and after it, each pair once per session
 *   (stats_05 counts sessions).
 */

export interface SessionLink {
  page: string;
  direction: 'previous' | 'next';
  neighbour: string;
}

export interface SessionSummary {
  finished: boolean;
  furthestStep: number | null;
  furthestNextPage: string | null;
  furthestLanguage: string | null;
  lastStep: number | null;
  lastNextPage: string | null;
  lastLanguage: string | null;
  browser: string;
  mobile: boolean;
  links: SessionLink[];
}

/** Last segments that name a page: our routes, and V2's step 6. */
const ROUTE_NAMES = new Set<string>([...CUSTOMER_ROUTES.filter((route) => route !== 'home'), 'declare-step6']);
const PREFIXED_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).join('|');
const HOME_PATH = new RegExp(`^(/[a-z0-9]+)?(/(${PREFIXED_LANGUAGES}))?/?$`);
const LANGUAGE_OF_PATH = new RegExp(`^/(?:[a-z0-9]+/)?(${PREFIXED_LANGUAGES})(?:/|$)`);
const LAST_SEGMENT = /([^/]+)\/?$/;
const STEP_PAGE = /^\/declare-step([1-9])$/;

/** The canonical route of a visited path. */
function canonicalRouteOf(path: string): string {
  const segment = LAST_SEGMENT.exec(path)?.[1];
  if (segment !== undefined && ROUTE_NAMES.has(segment)) return `/${segment}`;
  if (segment === undefined || segment === 'index' || HOME_PATH.test(path)) return '/';
  return `/${segment}`;
}

/** The language of a path: its language segment after an optional brand, else French. */
function languageOfPath(path: string): string {
  return LANGUAGE_OF_PATH.exec(path)?.[1] ?? DEFAULT_LANGUAGE;
}

/** The contract's browser rule (Edge and Opera also say Chrome; Chrome says Safari). */
function browserOf(userAgent: string): string {
  if (userAgent === '') return 'Inconnu';
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/(OPR|Opera)\//.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/(Firefox|FxiOS)\//.test(userAgent)) return 'Firefox';
  if (/(Chrome|CriOS|HeadlessChrome)\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Autre';
}

function isSmartphone(userAgent: string): boolean {
  return /Mobi|Android|iPhone/.test(userAgent);
}

function stepOf(page: string): number | null {
  if (page === '/declare-sinistre' || page === '/declare-step0') return 0;
  const match = STEP_PAGE.exec(page);
  return match ? Number(match[1]) : null;
}

export function summariseSession(history: readonly { page?: string | null }[], userAgent: string): SessionSummary {
  // Canonical pages, a page right after itself kept once.
  const visits: { path: string; page: string }[] = [];
  for (const entry of history) {
    const path = entry.page ?? '/';
    const page = canonicalRouteOf(path);
    if (visits.at(-1)?.page !== page) visits.push({ path, page });
  }

  let finished = false;
  let furthest: number | null = null;
  let furthestAt = -1;
  let lastAt = -1;
  visits.forEach(({ page }, index) => {
    if (page === '/confirmation-sinistre') finished = true;
    const step = stepOf(page);
    if (step === null) return;
    lastAt = index;
    if (furthest === null || step >= furthest) {
      furthest = step;
      furthestAt = index;
    }
  });

  const links = new Map<string, SessionLink>();
  visits.forEach(({ page }, index) => {
    const before = visits[index - 1]?.page;
    const after = visits[index + 1]?.page;
    if (before !== undefined)
      links.set(`${page}\u0000p\u0000${before}`, { page, direction: 'previous', neighbour: before });
    if (after !== undefined) links.set(`${page}\u0000n\u0000${after}`, { page, direction: 'next', neighbour: after });
  });

  const described = (index: number) =>
    index < 0
      ? { step: null, next: null, language: null }
      : {
          step: stepOf(visits[index]?.page ?? ''),
          next: visits[index + 1]?.page ?? null,
          language: languageOfPath(visits[index]?.path ?? ''),
        };
  const atFurthest = described(furthestAt);
  const atLast = described(lastAt);
  return {
    finished,
    furthestStep: atFurthest.step,
    furthestNextPage: atFurthest.next,
    furthestLanguage: atFurthest.language,
    lastStep: atLast.step,
    lastNextPage: atLast.next,
    lastLanguage: atLast.language,
    browser: browserOf(userAgent),
    mobile: isSmartphone(userAgent),
    links: [...links.values()],
  };
}
