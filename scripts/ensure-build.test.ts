import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeBuildStamp } from './ensure-build.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function projectWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'claim-portal-stamp-'));
  roots.push(root);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  return root;
}

describe('computeBuildStamp', () => {
  const files = { 'site/pages/index.astro': 'home', 'brands/veligo.ts': 'brand', 'astro.config.mjs': 'config' };

  it('When nothing changed, then the stamp is the same', () => {
    expect(computeBuildStamp(projectWith(files), {})).toBe(computeBuildStamp(projectWith(files), {}));
  });

  it.each([
    ['a source changes', { ...files, 'brands/veligo.ts': 'brand v2' }],
    ['a file is added', { ...files, 'islands/wizard/store.ts': 'store' }],
    [
      'a file is renamed',
      { 'site/pages/home.astro': 'home', 'brands/veligo.ts': 'brand', 'astro.config.mjs': 'config' },
    ],
    ['the Astro config changes', { ...files, 'astro.config.mjs': 'config v2' }],
  ])('When %s, then the stamp changes', (_label, changed) => {
    expect(computeBuildStamp(projectWith(changed), {})).not.toBe(computeBuildStamp(projectWith(files), {}));
  });

  it('When a PUBLIC_ variable changes, then the stamp changes; other variables do not count', () => {
    const root = projectWith(files);
    const base = computeBuildStamp(root, { PUBLIC_STATS_URL: 'https://a.example.com', SECRET: 'x' });
    expect(computeBuildStamp(root, { PUBLIC_STATS_URL: 'https://b.example.com', SECRET: 'x' })).not.toBe(base);
    expect(computeBuildStamp(root, { PUBLIC_STATS_URL: 'https://a.example.com', SECRET: 'y' })).toBe(base);
  });

  it('When PORT changes without PUBLIC_SITE_URL, then the stamp changes (the canonical links name it); with it, it does not', () => {
    const root = projectWith(files);
    expect(computeBuildStamp(root, { PORT: '8080' })).not.toBe(computeBuildStamp(root, {}));
    expect(computeBuildStamp(root, { PORT: '4321' })).toBe(computeBuildStamp(root, {}));
    const site = { PUBLIC_SITE_URL: 'https://claims.example.com' };
    expect(computeBuildStamp(root, { ...site, PORT: '8080' })).toBe(computeBuildStamp(root, site));
  });

  it.each(['content/legal-pages.ts', 'locales/fr/site.json'])(
    'When %s, which the pages are built from, changes, then the stamp changes',
    (file) => {
      const before = { ...files, [file]: 'v1' };
      expect(computeBuildStamp(projectWith({ ...before, [file]: 'v2' }), {})).not.toBe(
        computeBuildStamp(projectWith(before), {}),
      );
    },
  );

  it('When files outside the inputs change, then the stamp is the same', () => {
    expect(computeBuildStamp(projectWith({ ...files, 'server/app.ts': 'server', 'dist/index.html': 'x' }), {})).toBe(
      computeBuildStamp(projectWith(files), {}),
    );
  });
});
