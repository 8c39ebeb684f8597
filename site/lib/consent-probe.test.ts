import { describe, expect, it } from 'vitest';
import { recordedChoice } from '../scripts/consent-tags.ts';
import { CONSENT_PROBE_SCRIPT } from './consent-probe.ts';

/** Runs the probe as the page does, against a document holding `cookie`; true when it marks the banner to show. */
function probeAsks(cookie: string): boolean {
  const attributes = new Map<string, string>();
  const document = {
    cookie,
    addEventListener: () => undefined,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  new Function('document', CONSENT_PROBE_SCRIPT)(document);
  return attributes.get('data-consent') === 'ask';
}

const cookie = (value: unknown) => `lang=fr; cc_cookie=${encodeURIComponent(JSON.stringify(value))}; other=1`;
const inAnHour = Date.now() + 3_600_000;

describe('The consent probe of the pages’ head', () => {
  it.each([
    ['no cookie at all', ''],
    ['other cookies only', 'lang=fr; theme=dark'],
    ['an unreadable cc_cookie', 'cc_cookie=%7Bnot-json'],
    ['a choice without categories', cookie({ revision: 0 })],
    ['a choice for another revision', cookie({ categories: ['necessary'], revision: 1 })],
    ['an expired choice', cookie({ categories: ['necessary'], revision: 0, expirationTime: 1000 })],
    ['a refusal', cookie({ categories: ['necessary'], revision: 0, expirationTime: inAnHour })],
    [
      'an acceptance, first cookie',
      `cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ['necessary', 'analytics', 'support'], revision: 0 }))}`,
    ],
    [
      'a cookie whose name only ends like it',
      `xcc_cookie=${encodeURIComponent(JSON.stringify({ categories: [], revision: 0 }))}`,
    ],
  ])('When the visitor has %s, then it asks exactly when the consent script finds no recorded choice', (_, header) => {
    expect(probeAsks(header)).toBe(recordedChoice(header) === undefined);
  });
});
