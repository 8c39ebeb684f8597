import { describe, expect, it } from 'vitest';
import { recordedChoice } from './consent-tags.ts';

const cookie = (value: unknown) => `lang=fr; cc_cookie=${encodeURIComponent(JSON.stringify(value))}; other=1`;

describe('recordedChoice', () => {
  it('When the visitor accepted some categories, then they are read from the cookie', () => {
    expect(recordedChoice(cookie({ categories: ['necessary', 'analytics'], revision: 0 }))).toEqual({
      analytics: true,
      support: false,
    });
  });

  it('When there is no cookie, an unreadable one, another revision or an expired one, then the banner must ask', () => {
    expect(recordedChoice('lang=fr')).toBeUndefined();
    expect(recordedChoice('cc_cookie=%7Bnot-json')).toBeUndefined();
    expect(recordedChoice(cookie({ categories: ['necessary'], revision: 1 }))).toBeUndefined();
    expect(
      recordedChoice(cookie({ categories: ['necessary'], revision: 0, expirationTime: 1000 }), 2000),
    ).toBeUndefined();
  });
});
