import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { javascriptOf, shippedJavascriptBytes } from '../../bench/site-build.ts';

const dist = resolve('dist');

/** Size budgets of shipped JavaScript (gzip). Raising one is a decision, written in its commit. */
const BUDGETS_KIB = {
  'veligo/index.html': 16,
  'veligo/mentions-legales/index.html': 16,
  'veligo/politique-confidentialite/index.html': 4,
  'bo_dashboard/index.html': 90,
};

describe('Size budgets of the built site', () => {
  it.each(Object.entries(BUDGETS_KIB))(
    'When %s is built, then its JavaScript stays within %d KiB gzip',
    (page, budget) => {
      expect(shippedJavascriptBytes(join(dist, page), dist) / 1024).toBeLessThanOrEqual(budget);
    },
  );

  it('When a page has no interactive island, then it ships no React', () => {
    for (const page of ['veligo/index.html', 'en/contact/index.html', 'golfy/de/404/index.html']) {
      const { inline, files } = javascriptOf(join(dist, page), dist);
      const code = [...inline, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
      expect(code, page).not.toContain('react.transitional.element');
      expect(readFileSync(join(dist, page), 'utf8'), page).not.toContain('<astro-island');
    }
  });
});
