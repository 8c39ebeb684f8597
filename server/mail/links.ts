import type { Language } from '../../contracts/languages.ts';
import { type CustomerRoute, pagePath } from '../../contracts/routes.ts';

/** Absolute links to customer pages, for mails: the claimant opens them outside the site. */

export interface PageLink {
  /** Public origin of the site, without trailing slash. Example: "https://sinistre.example.com". */
  origin: string;
  /** Partner slug, or '' for the neutral brand. */
  company: string;
  lang: Language;
}

/** `<origin>[/<company>][/<lang>]/<route>[?query]`, French unprefixed (contracts/routes.ts). */
export function customerPageUrl(
  { origin, company, lang }: PageLink,
  route: CustomerRoute,
  query: Readonly<Record<string, string>> = {},
): string {
  // Joined as text, so an origin with a base path (`https://example.com/claims`) keeps it.
  const url = new URL(`${origin.replace(/\/+$/, '')}${pagePath({ company, lang, route })}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

/** The personal follow-up link: `<origin>[/<company>][/<lang>]/client-file?dossier=<token>`. */
export function followUpUrl(link: PageLink, token: string): string {
  return customerPageUrl(link, 'client-file', { dossier: token });
}
