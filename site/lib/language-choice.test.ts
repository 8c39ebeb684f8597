import { describe, expect, it } from 'vitest';
import { LANGUAGE_CHOICE_SCRIPT } from './language-choice.ts';

type Listener = (event: { button: number; target: unknown }) => void;

/** Runs the script as the page does; returns what a press on a link of `lang` writes in `document.cookie`. */
function cookieWrittenByPress(lang: string | null, options: { button?: number; protocol?: string } = {}): string {
  const listeners = new Map<string, Listener>();
  const document = {
    cookie: '',
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  const link = { getAttribute: (name: string) => (name === 'data-lang-link' ? lang : null) };
  const target = { closest: (selector: string) => (selector === 'a[data-lang-link]' && lang !== null ? link : null) };
  new Function('document', 'location', LANGUAGE_CHOICE_SCRIPT)(document, { protocol: options.protocol ?? 'http:' });
  const button = options.button ?? 0;
  listeners.get(button === 1 ? 'auxclick' : 'click')?.({ button, target });
  return document.cookie;
}

describe('The inline script that records the language the visitor picks', () => {
  it('When the visitor picks a language, then a one-year first-party cookie for the whole site is written, secure on https', () => {
    expect(cookieWrittenByPress('en')).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(cookieWrittenByPress('de', { protocol: 'https:' })).toBe(
      'lang=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
  });

  it('When the visitor opens the language in another tab with a middle click, then it is recorded too', () => {
    expect(cookieWrittenByPress('pl', { button: 1 })).toBe('lang=pl; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('When the press is a right click, lands outside a language link, or names no language of the site, then nothing is written', () => {
    expect(cookieWrittenByPress('en', { button: 2 })).toBe('');
    expect(cookieWrittenByPress(null)).toBe('');
    expect(cookieWrittenByPress('xx')).toBe('');
    expect(cookieWrittenByPress('en;domain=evil.example')).toBe('');
  });
});
