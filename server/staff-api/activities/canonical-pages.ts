import { CANONICAL_PAGES, type CanonicalPage } from '../../../contracts/backoffice.ts';
import { isLanguage } from '../../../contracts/languages.ts';

/**
 * The canonical page of a visited path (spec 3 §2 'Visite des pages'), with its partner prefix.
 * Records of every version are read alike:
 * - the home page in any language (`/en`, `/fr`, `?lang=de`), `/index` and the bare brand root are `home`;
 * - pages of earlier versions are their own pages, as the specification lists them: `declare-step6`
 *   and `declare-step7`, `consult-sinistre`, `confirm-file`; the opening page with the pre-filled
 *   number (`declare-sinistre?prefill_numero_assure=…`, or the home page with it) and `client-file`
 *   opened from a mailed link (`client-file?dossier=…`) are counted apart from their page. This
 *   version records its pages without a query string (contracts/socket-events.ts), so its visits
 *   count as the page itself;
 * - a former prefix (a brand's `formerSlugs`, `fluow`) counts for the partner it became;
 * - anything else is `error`.
 */

/** The pages a path's last segment may name (the synthetic pages of a query are not segments). */
const PAGES_BY_NAME: ReadonlySet<string> = new Set(CANONICAL_PAGES.filter((page) => !page.includes('?')));

/** How the path's partner prefix is read: a known slug, or a former one. */
export interface CompanyReader {
  /** Whether `slug` is a partner's prefix today. */
  isKnownCompany(slug: string): boolean;
  /** The partner a former prefix became (`fluow` → `veligo`), if it is one. */
  formerSlugOf?(slug: string): string | undefined;
}

/** Splits `/a/b?x=1#y` into its segments and its query parameters. */
function partsOf(path: string): { segments: string[]; query: URLSearchParams } {
  const hash = path.indexOf('#');
  const withoutHash = hash === -1 ? path : path.slice(0, hash);
  const question = withoutHash.indexOf('?');
  const pathname = question === -1 ? withoutHash : withoutHash.slice(0, question);
  const search = question === -1 ? '' : withoutHash.slice(question + 1);
  return { segments: pathname.split('/').filter(Boolean), query: new URLSearchParams(search) };
}

export function canonicalPageOf(path: string, companies: CompanyReader): { company: string; page: CanonicalPage } {
  const { segments, query } = partsOf(path);
  let company = '';
  const first = segments[0];
  if (first !== undefined && !isLanguage(first)) {
    const known = companies.isKnownCompany(first) ? first : companies.formerSlugOf?.(first);
    if (known) {
      company = known;
      segments.shift();
    }
  }
  // Any language segment, French included (earlier versions wrote `/fr`).
  const lang = segments[0];
  if (lang !== undefined && isLanguage(lang)) segments.shift();
  if (segments.length > 1) return { company, page: 'error' };
  const name = segments[0] === undefined || segments[0] === 'index' ? 'home' : segments[0];
  if (!PAGES_BY_NAME.has(name)) return { company, page: 'error' };
  if ((name === 'home' || name === 'declare-sinistre') && query.has('prefill_numero_assure'))
    return { company, page: 'declare-sinistre?prefill_numero_assure' };
  if (name === 'client-file' && query.has('dossier')) return { company, page: 'client-file?dossier' };
  return { company, page: name as CanonicalPage };
}
