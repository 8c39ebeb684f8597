import { describe, expect, it } from 'vitest';
import { languageFromTag } from './languages.ts';

describe('languageFromTag', () => {
  it('When the browser says en-GB, then English is chosen; an unsupported language gives nothing', () => {
    expect(languageFromTag('en-GB')).toBe('en');
    expect(languageFromTag('ja')).toBeUndefined();
    expect(languageFromTag(undefined)).toBeUndefined();
  });
});
