import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

/**
 * The customer routes by part of the product, each rendered by its own route component
 * (`site/components/<part>/`): every customer route is in exactly one group (routes.test.ts).
 * Customer routes of spec 2 §2 (`{product}` is `declare`). Each exists without a company prefix and
 * under every partner prefix, once per language: French unprefixed, other languages after the
 * company: `/veligo/en/declare-step1`, `/en/faq`, `/veligo/faq`, `/faq`.
 */
export const ROUTE_GROUPS = {
  home: ['home'],
  declaration: [
    'declare-sinistre',
    'declare-step0',
    'declare-step1',
    'declare-step2',
    'declare-step3',
    'declare-step4',
    'declare-step5',
    'confirmation-sinistre',
  ],
  followUp: ['suivre-dossier', 'client-file'],
  forms: ['claim', 'claim-step1', 'claim-step2', 'find-my-number', 'contact'],
  faq: ['faq'],
  legal: ['mentions-legales', 'politique-confidentialite'],
} as const;

/** Every customer route, group after group. */
export const CUSTOMER_ROUTES = Object.values(ROUTE_GROUPS).flat();

export type CustomerRoute = (typeof CUSTOMER_ROUTES)[number];

export type RouteGroup = keyof typeof ROUTE_GROUPS;

/** A page of the declaration wizard, from its start to the confirmation. */
export type DeclarationRoute = (typeof ROUTE_GROUPS.declaration)[number];

/**
 * The customer routes a search engine may list: the home page, the entry of each journey and the
 * pages read on their own. The wizard's steps, its confirmation and the pages of one claim or one
 * complaint are someone's own journey: they say `noindex` and no sitemap lists them.
 */
export const INDEXED_ROUTES = [
  'home',
  'declare-sinistre',
  'suivre-dossier',
  'claim',
  'find-my-number',
  'contact',
  'faq',
  'mentions-legales',
  'politique-confidentialite',
] as const satisfies readonly CustomerRoute[];

export type IndexedRoute = (typeof INDEXED_ROUTES)[number];

/** Whether a search engine may list the page (see `INDEXED_ROUTES`). */
export function isIndexedRoute(route: string): route is IndexedRoute {
  return (INDEXED_ROUTES as readonly string[]).includes(route);
}

/** The group a customer route belongs to. */
export function routeGroupOf(route: CustomerRoute): RouteGroup {
  const group = (Object.keys(ROUTE_GROUPS) as RouteGroup[]).find((name) =>
    (ROUTE_GROUPS[name] as readonly CustomerRoute[]).includes(route),
  );
  if (group === undefined) throw new Error(`No route group has ${route}`);
  return group;
}

/** The page served with HTTP 404; built once per company × language like the routes. */
export const NOT_FOUND_ROUTE = '404' as const;

/** Back-office routes: no company prefix, no language prefix (the back office is in French). */
export const BACKOFFICE_ROUTES = [
  'bo_login',
  'bo_dashboard',
  'bo_activities',
  'bo_sinistres',
  'bo_messages',
  'bo_analyse',
  'bo_faq',
  'bo_mails',
] as const;

export type BackOfficeRoute = (typeof BACKOFFICE_ROUTES)[number];

/**
 * The back office's own "page introuvable", built as `bo_404/index.html` and answered with status
 * 404 for every unknown `/bo_…` path (by the server and the CDN rules), instead of the customer
 * site's 404 with its brand header and cookie banner.
 */
export const BACKOFFICE_NOT_FOUND_PAGE = 'bo_404';

/** Whether an unknown path is the back office's: its first segment starts with `bo_`. */
export function isBackOfficePath(pathname: string): boolean {
  return pathname.startsWith('/bo_');
}

function isCustomerRoute(value: string): value is CustomerRoute {
  return (CUSTOMER_ROUTES as readonly string[]).includes(value);
}

export interface PageAddress {
  /** Partner slug, or '' for the neutral brand. */
  company: string;
  lang: Language;
  route: CustomerRoute | typeof NOT_FOUND_ROUTE;
}

/** The canonical URL path of a page: no trailing slash except the bare root. */
export function pagePath({ company, lang, route }: PageAddress): string {
  const segments = [company, lang === DEFAULT_LANGUAGE ? '' : lang, route === 'home' ? '' : route].filter(Boolean);
  return `/${segments.join('/')}`;
}

/**
 * Reads a path as a customer page. `index` is the home page. The company segment is accepted only
 * when it is a known slug. Returns the address and whether the path names an existing page; an
 * unknown page keeps the company and language it could read, to show the right 404.
 */
export function parsePagePath(
  pathname: string,
  isKnownCompany: (slug: string) => boolean,
): PageAddress & { found: boolean } {
  const segments = pathname.split('/').filter(Boolean);
  let company = '';
  let lang: Language = DEFAULT_LANGUAGE;
  const first = segments[0];
  if (first !== undefined && !isLanguage(first) && isKnownCompany(first)) {
    company = first;
    segments.shift();
  }
  const maybeLang = segments[0];
  if (maybeLang !== undefined && maybeLang !== DEFAULT_LANGUAGE && isLanguage(maybeLang)) {
    lang = maybeLang;
    segments.shift();
  }
  if (segments.length === 0) return { company, lang, route: 'home', found: true };
  const [page, ...rest] = segments;
  if (rest.length === 0 && page !== undefined) {
    if (page === 'index') return { company, lang, route: 'home', found: true };
    if (isCustomerRoute(page) && page !== 'home') return { company, lang, route: page, found: true };
  }
  return { company, lang, route: NOT_FOUND_ROUTE, found: false };
}
