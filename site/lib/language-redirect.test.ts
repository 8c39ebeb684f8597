import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { languageRedirectHash, languageRedirectScript } from './language-redirect.ts';

/** Runs the inline script in a bare context, as a browser would at the top of the head. */
function run(
  script: string,
  browser: { languages: string[]; cookie?: string; stored?: string | null; url?: string; storage?: 'refused' },
): string | undefined {
  const url = new URL(browser.url ?? 'https://portal.example/veligo/declare-sinistre');
  let movedTo: string | undefined;
  runInNewContext(script, {
    navigator: { languages: browser.languages, language: browser.languages[0] },
    document: { cookie: browser.cookie ?? '' },
    localStorage: {
      getItem: () => {
        if (browser.storage === 'refused') throw new Error('SecurityError');
        return browser.stored ?? null;
      },
    },
    location: {
      search: url.search,
      hash: url.hash,
      replace: (target: string) => {
        movedTo = target;
      },
    },
  });
  return movedTo;
}

describe('the inline language script of a French page', () => {
  const wizard = languageRedirectScript('veligo', 'declare-sinistre');

  it('When a first-time visitor prefers English, then they leave for the English URL with query and hash', () => {
    expect(run(wizard, { languages: ['en-US', 'en'] })).toBe('/veligo/en/declare-sinistre');
    expect(run(wizard, { languages: ['ja', 'de-CH'], url: 'https://p.example/veligo/declare-sinistre?x=1#top' })).toBe(
      '/veligo/de/declare-sinistre?x=1#top',
    );
  });

  it('When the page is the home page or has no company, then the language URL is the page path', () => {
    expect(run(languageRedirectScript('', 'home'), { languages: ['nl'] })).toBe('/nl');
    expect(run(languageRedirectScript('sandaya', 'home'), { languages: ['pt-BR'] })).toBe('/sandaya/pt');
    expect(run(languageRedirectScript('', 'faq'), { languages: ['da'] })).toBe('/da/faq');
  });

  it('When the browser prefers French or no supported language, then the page stays', () => {
    expect(run(wizard, { languages: ['fr-FR', 'en'] })).toBeUndefined();
    expect(run(wizard, { languages: ['ja', 'zh'] })).toBeUndefined();
    expect(run(wizard, { languages: [] })).toBeUndefined();
  });

  it('When the visitor has a language cookie or a stored language, then the page stays', () => {
    expect(run(wizard, { languages: ['en'], cookie: 'cc_cookie=1; lang=fr' })).toBeUndefined();
    expect(run(wizard, { languages: ['en'], stored: 'fr' })).toBeUndefined();
    expect(run(wizard, { languages: ['en'], stored: 'en' })).toBeUndefined();
  });

  it('When storage is refused, then the cookie alone decides', () => {
    expect(run(wizard, { languages: ['en'], storage: 'refused' })).toBe('/veligo/en/declare-sinistre');
    expect(run(wizard, { languages: ['en'], storage: 'refused', cookie: 'lang=fr' })).toBeUndefined();
  });

  it('When the script is measured, then it stays small and its CSP hash is a SHA-256', () => {
    expect(wizard.length).toBeLessThan(1000);
    expect(languageRedirectHash(wizard)).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
  });
});
