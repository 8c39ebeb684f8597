import type { CanonicalPage } from '../../../contracts/backoffice.ts';
import { parsePagePath } from '../../../contracts/routes.ts';

/**
 * The canonical page of a visited path (spec 3 §2 'Visite des pages'), with its partner prefix:
 * the home page in any language (and `/index`, the bare brand root) is `home`; a path that is no
 * page of ours is `error`. Paths carry no query string (they are recorded without one), so the
 * specification's "page with the prefilled number parameter" and "client-file with dossier" count
 * as their page.
 */
export function canonicalPageOf(
  path: string,
  isKnownCompany: (slug: string) => boolean,
): { company: string; page: CanonicalPage } {
  const address = parsePagePath(path, isKnownCompany);
  return { company: address.company, page: address.found ? (address.route as CanonicalPage) : 'error' };
}
