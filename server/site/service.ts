import {
  BACKOFFICE_NOT_FOUND_PAGE,
  BACKOFFICE_ROUTES,
  isBackOfficePath,
  NOT_FOUND_ROUTE,
  type PageAddress,
  pagePath,
  parsePagePath,
} from '../../contracts/routes.ts';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '../../contracts/languages.ts';
import { languageForVisitor } from '../../contracts/language-choice.ts';

/**
 * How the built site answers a GET: pure decisions on the URL, the HTTP side is in routes.ts.
 * Astro writes pages in directory format, so the page at `/veligo/en/faq` is the file
 * `veligo/en/faq/index.html` of the build folder.
 */
export type SiteAnswer =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /**
   * A page to serve with 200 when its file exists. `negotiated`: the page is an unprefixed (French)
   * customer page, whose language depends on the visitor's `lang` cookie and `Accept-Language`:
   * `lang` is the language of `file`, `frenchFile` the page to serve if `file` is missing.
   */
  | { kind: 'page'; file: string; negotiated?: { lang: Language; frenchFile: string } }
  /** Not a page: an asset of the build folder, or else the 404 page. */
  | { kind: 'other' };

const ASTRO_ROOT_404 = '404.html';

/**
 * Files the build writes for a CDN (scripts/cdn/site-rules.ts): configuration, never served, as
 * Netlify and Cloudflare Pages do not serve them either.
 */
export const CDN_CONFIG_FILES: readonly string[] = ['_redirects', '_headers', 'nginx-site.conf'];

/** The built file of a page address. */
export function pageFile(address: PageAddress): string {
  const path = pagePath(address);
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/** The back office's "page introuvable" (contracts/routes.ts). */
export const BACKOFFICE_NOT_FOUND_FILE = `${BACKOFFICE_NOT_FOUND_PAGE}/index.html`;

/**
 * The 404 pages to try for a path, best first: for a `/bo_…` path the back office's own; else
 * those of the company and language the path names, then French, then the neutral brand's.
 */
export function notFoundPages(pathname: string, isKnownCompany: (slug: string) => boolean): string[] {
  if (isBackOfficePath(pathname)) return [BACKOFFICE_NOT_FOUND_FILE, ASTRO_ROOT_404];
  const { company, lang } = parsePagePath(pathname, isKnownCompany);
  const addresses: { company: string; lang: Language }[] = [
    { company, lang },
    { company, lang: DEFAULT_LANGUAGE },
    { company: '', lang },
    { company: '', lang: DEFAULT_LANGUAGE },
  ];
  const files = addresses.map((address) => pageFile({ ...address, route: NOT_FOUND_ROUTE }));
  // Astro writes a root `404` page as `404.html` whatever the build format.
  return [...new Set([...files, ASTRO_ROOT_404])];
}

/** A redirect target never starts with `//` or `/\`, which browsers read as another host. */
function withSingleLeadingSlash(path: string): string {
  return `/${path.replace(/^[/\\]+/, '')}`;
}

function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`;
}

/** `/fluow/faq` → `/veligo/faq`: a partner's former prefixes (spec 2 §2, brand field `formerSlugs`). */
function formerSlugRedirect(
  pathname: string,
  query: string,
  formerSlugs: ReadonlyMap<string, string>,
): string | undefined {
  const [, first = ''] = pathname.split('/', 2);
  const slug = formerSlugs.get(first);
  return slug === undefined ? undefined : withQuery(`/${slug}${pathname.slice(first.length + 1)}`, query);
}

/** The request headers the language of an unprefixed page depends on. */
export interface VisitorHeaders {
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}

/**
 * Decides how to answer a GET of `url` (path and query as received). `isKnownCompany` accepts the
 * partner slugs of the brand catalogue. An unprefixed customer page is answered in the language
 * `languageForVisitor` negotiates from `visitor` (contracts/language-choice.ts), at the same URL:
 * no redirect, which would cost a round trip on a slow connection.
 */
export function resolveSiteRequest(
  url: string,
  isKnownCompany: (slug: string) => boolean,
  formerSlugs: ReadonlyMap<string, string> = new Map(),
  visitor: VisitorHeaders = {},
): SiteAnswer {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);

  const aliased = formerSlugRedirect(pathname, query, formerSlugs);
  if (aliased !== undefined) return { kind: 'redirect', status: 301, location: aliased };

  const address = parsePagePath(pathname, isKnownCompany);
  const params = new URLSearchParams(query);
  const requestedLang = params.get('lang')?.toLowerCase();
  if (address.found && isLanguage(requestedLang)) {
    // The specification's `?lang=xx` keeps working: each language has its own URL. It is the
    // language of a link, not the visitor's choice: the `lang` cookie is left alone.
    params.delete('lang');
    const target = pagePath({ ...address, lang: requestedLang });
    if (requestedLang !== DEFAULT_LANGUAGE) {
      return { kind: 'redirect', status: 302, location: withQuery(target, params.toString()) };
    }
    // French has no prefix, and the unprefixed URL alone is negotiated: `?lang=fr` stays in the
    // address, where the French page is served as asked (its script then drops `lang=`).
    if (pathname === target) return { kind: 'page', file: pageFile(address) };
    const rest = params.toString();
    return {
      kind: 'redirect',
      status: 302,
      location: `${target}?lang=${DEFAULT_LANGUAGE}${rest === '' ? '' : `&${rest}`}`,
    };
  }

  if (pathname !== '/' && pathname.endsWith('/')) {
    const location = withQuery(withSingleLeadingSlash(pathname.replace(/\/+$/, '')), query);
    return { kind: 'redirect', status: 301, location };
  }

  if (address.found && address.lang === DEFAULT_LANGUAGE) {
    const lang = languageForVisitor(visitor) ?? DEFAULT_LANGUAGE;
    const frenchFile = pageFile(address);
    return { kind: 'page', file: pageFile({ ...address, lang }), negotiated: { lang, frenchFile } };
  }
  if (address.found) return { kind: 'page', file: pageFile(address) };
  const backOfficeRoute = BACKOFFICE_ROUTES.find((route) => pathname === `/${route}`);
  if (backOfficeRoute !== undefined) return { kind: 'page', file: `${backOfficeRoute}/index.html` };
  return { kind: 'other' };
}
