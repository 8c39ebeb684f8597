import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { afterAll, describe, expect, it } from 'vitest';
import { islandRuntimeLinker, islandRuntimeUrl } from './island-runtime.ts';

const dist = mkdtempSync(join(tmpdir(), 'island-runtime-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("Astro's island script is a cached file", () => {
  it('When a built page carries the island script inline, then it links the file instead, written once with the same text under a name of its content', () => {
    const link = islandRuntimeLinker(dist);
    const page = `<html><head></head><body><script>${islandScript}</script><astro-island ssr></astro-island></body></html>`;
    const linked = link(page);
    expect(linked).toBe(
      `<html><head></head><body><script type="module" src="${islandRuntimeUrl()}"></script><astro-island ssr></astro-island></body></html>`,
    );
    expect(islandRuntimeUrl()).toMatch(/^\/_astro\/astro-island\.[\w-]{8}\.js$/);
    expect(readFileSync(join(dist, islandRuntimeUrl()), 'utf8')).toBe(islandScript);
  });

  it('When a page has no island, then it is left as built', () => {
    const page = '<html><head></head><body><p>Plain</p></body></html>';
    expect(islandRuntimeLinker(dist)(page)).toBe(page);
  });

  it('When a page carries the island script in a form the build does not know (another Astro version), then the build stops', () => {
    const changed = `<script>${islandScript.replace('(()=>{', '(()=>{ ')}</script>`;
    expect(() => islandRuntimeLinker(dist)(`<body>${changed}</body>`)).toThrow(/island script/);
  });
});
