import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { languageRedirectScript } from './language-redirect.ts';

/** Runs the inline script in a bare context, as a browser would at the top of the head. */
function run(script: string, browser: { languages: string[]; cookie?: string; url?: string }): string | undefined {
  const url = new URL(browser.url ?? 'https://portal.example/veligo/declare-sinistre');
  let movedTo: string | undefined;
  runInNewContext(script, {
    navigator: { languages: browser.languages },
    document: { cookie: browser.cookie ?? '' },
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

  it('When a visitor who chose no language prefers English, then they leave for the English URL with query and hash', () => {
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

  it('When the visitor chose another language, then they leave for it whatever the browser prefers', () => {
    expect(run(wizard, { languages: ['en-US', 'en'], cookie: 'cc_cookie=1; lang=de' })).toBe(
      '/veligo/de/declare-sinistre',
    );
    expect(
      run(wizard, { languages: ['fr-FR'], cookie: 'lang=en', url: 'https://p.example/veligo/declare-sinistre?a=1' }),
    ).toBe('/veligo/en/declare-sinistre?a=1');
  });

  it('When the visitor chose French, then the page stays for a browser preferring another language', () => {
    expect(run(wizard, { languages: ['en'], cookie: 'cc_cookie=1; lang=fr' })).toBeUndefined();
  });

  it('When the language cookie names no supported language, then the browser decides', () => {
    expect(run(wizard, { languages: ['en'], cookie: 'lang=xx; golang=fr' })).toBe('/veligo/en/declare-sinistre');
  });

  it('When the link asks ?lang=, then that language wins over the choice and the browser, French included', () => {
    const asked = (query: string) => `https://p.example/veligo/declare-sinistre${query}`;
    expect(run(wizard, { languages: ['fr'], cookie: 'lang=en', url: asked('?x=1&lang=DE') })).toBe(
      '/veligo/de/declare-sinistre?x=1&lang=DE',
    );
    expect(run(wizard, { languages: ['en'], cookie: 'lang=de', url: asked('?lang=fr') })).toBeUndefined();
    expect(run(wizard, { languages: ['en'], url: asked('?lang=fr&x=1') })).toBeUndefined();
    expect(run(wizard, { languages: ['en'], cookie: 'lang=de', url: asked('?lang=xx') })).toBe(
      '/veligo/de/declare-sinistre?lang=xx',
    );
    expect(run(wizard, { languages: ['en'], url: asked('?golang=fr') })).toBe('/veligo/en/declare-sinistre?golang=fr');
  });

  it('When the script is measured, then it stays small', () => {
    expect(wizard.length).toBeLessThan(1000);
  });
});
