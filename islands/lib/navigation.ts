import type { Language } from '../../contracts/languages.ts';
import { type CustomerRoute, pagePath } from '../../contracts/routes.ts';

/** Where an island is: its brand and language, to build links to the other pages. */
export interface PagePlace {
  company: string;
  lang: Language;
}

/** The URL of another customer page of the same brand and language. */
export function hrefOf(place: PagePlace, route: CustomerRoute, query?: Record<string, string>): string {
  const path = pagePath({ company: place.company, lang: place.lang, route });
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}

let navigating = false;

// A page restored from the back-forward cache is shown again: it may navigate anew.
if (typeof window !== 'undefined')
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) navigating = false;
  });

/**
 * True once this page asked to open another one: the old page keeps running until the new one
 * arrives, and must not, meanwhile, send the visitor elsewhere (a cleared draft after a submit).
 */
export function isNavigating(): boolean {
  return navigating;
}

/** Opens another page (each wizard step is its own pre-rendered URL, so the back button works). */
export function goTo(place: PagePlace, route: CustomerRoute, query?: Record<string, string>): void {
  navigating = true;
  window.location.assign(hrefOf(place, route, query));
}

/**
 * Leaves a page the visitor may not be on, without keeping it in the history. Offline, it waits
 * for the connection to come back: a redirect nobody clicked (another tab's declaration sent, a
 * draft cleared) never drops the visitor on the browser's error page, and the page stays usable.
 */
export function redirectTo(place: PagePlace, route: CustomerRoute, query?: Record<string, string>): void {
  navigating = true;
  const href = hrefOf(place, route, query);
  if (navigator.onLine === false)
    window.addEventListener('online', () => window.location.replace(href), { once: true });
  else window.location.replace(href);
}
