import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('When text holds markup characters, then each is written as its entity', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('When text holds an entity already, then its ampersand is escaped once more', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('When text holds no markup character, then it is returned as it is', () => {
    expect(escapeHtml('7 décembre 2026')).toBe('7 décembre 2026');
  });
});
