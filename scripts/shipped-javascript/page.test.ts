import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { javascriptOf, shippedJavascript, shippedJavascriptBytes } from './page.ts';

describe('javascriptOf', () => {
  let dist: string;
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  };
  const loadedFiles = (page: string) =>
    javascriptOf(join(dist, page), dist)
      .files.map((file) => file.slice(dist.length))
      .sort();

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('When a module script imports a chunk statically, then the chunk counts, recursively', () => {
    write('page/index.html', '<script type="module" src="/_astro/entry.js"></script>');
    write('_astro/entry.js', 'import{a}from"./shared.js";import"./side-effect.js";export*from"../_astro/more.js";a()');
    write('_astro/shared.js', 'import{r}from"./runtime.js";export const a=r');
    write('_astro/runtime.js', 'export const r=()=>1');
    write('_astro/side-effect.js', 'console.log(1)');
    write('_astro/more.js', 'export const m=1');

    expect(loadedFiles('page/index.html')).toEqual([
      '/_astro/entry.js',
      '/_astro/more.js',
      '/_astro/runtime.js',
      '/_astro/shared.js',
      '/_astro/side-effect.js',
    ]);
  });

  it('When a chunk imports another only with import(), then that code waits for the visitor and does not count', () => {
    write('page/index.html', '<script type="module" src="/_astro/entry.js"></script>');
    write('_astro/entry.js', 'button.onclick=()=>import("./on-click.js");const later=import ( `./later.js` )');
    write('_astro/on-click.js', 'import"./deep.js"');
    write('_astro/later.js', 'export{}');
    write('_astro/deep.js', 'export{}');

    expect(loadedFiles('page/index.html')).toEqual(['/_astro/entry.js']);
  });

  it('When a page has an island and inline scripts, then its component, renderer, runtime and imports count', () => {
    write(
      'veligo/step/index.html',
      [
        '<script type="application/json" id="config">{"import":"./not-code.js"}</script>',
        '<script>(()=>{customElements.define("astro-island",class{})})()</script>',
        '<script type="module">import "/_astro/menu.js";</script>',
        '<astro-island uid="a" component-url="/_astro/Wizard.js" renderer-url="/_astro/client.js" ssr client="load"></astro-island>',
      ].join('\n'),
    );
    write('_astro/menu.js', 'export{}');
    write('_astro/Wizard.js', 'import{j}from"./jsx.js";export const Wizard=j');
    write('_astro/jsx.js', 'export const j=1');
    write('_astro/client.js', 'export default 1');

    const { inline } = javascriptOf(join(dist, 'veligo/step/index.html'), dist);
    expect(inline).toHaveLength(2);
    expect(loadedFiles('veligo/step/index.html')).toEqual([
      '/_astro/Wizard.js',
      '/_astro/client.js',
      '/_astro/jsx.js',
      '/_astro/menu.js',
    ]);
  });

  it('When the bytes are added up, then each piece is gzipped on its own and listed largest first', () => {
    write('page/index.html', '<script type="module" src="/_astro/big.js"></script><script>var small=1</script>');
    write('_astro/big.js', `import"./small.js";export const text="${'abcdefghij'.repeat(200)}${Math.PI}"`);
    write('_astro/small.js', 'export{}');

    const pieces = shippedJavascript(join(dist, 'page/index.html'), dist);
    expect(pieces.map((piece) => piece.name)).toEqual([
      '/_astro/big.js',
      expect.stringMatching(/^inline script 1 \(var small=1/),
      '/_astro/small.js',
    ]);
    expect(shippedJavascriptBytes(join(dist, 'page/index.html'), dist)).toBe(
      pieces.reduce((total, piece) => total + piece.bytes, 0),
    );
  });
});
