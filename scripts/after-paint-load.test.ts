import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AFTER_PAINT_LOADER,
  afterPaintListsOf,
  HELD_LOADER,
  modulesLoadedAfterPaint,
  withLoadAfterPaint,
} from './after-paint-load.ts';
import { withOwnInlineHashes } from './csp-hashes.ts';
import { islandRuntimeUrl } from './island-runtime.ts';

const hash = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

const CSP = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self'; style-src 'self'">`;

/** A customer page as the build leaves it before this step: preloads in the head, scripts and the whole stylesheet in the body. */
const BUILT =
  `<!DOCTYPE html><html><head>${CSP}<style>.a{color:red}</style>` +
  '<link rel="modulepreload" href="/_astro/helper.js"><link rel="modulepreload" href="/_astro/languages.js"></head>' +
  '<body><p class="a">Hello</p><script type="module">document.body.dataset.inline="1"</script>' +
  '<script type="module" src="/_astro/consent.js"></script>' +
  '<script type="module" src="/_astro/layout.js"></script><link rel="stylesheet" href="/_astro/site.css"></body></html>';

describe('A customer page loads its scripts and its stylesheet after its first paint', () => {
  it('When the page is finished, then its scripts, preloads and whole stylesheet are listed on the loader in its head, and nowhere else', () => {
    const finished = withLoadAfterPaint(BUILT);
    const [head = '', body = ''] = finished.split('</head>');
    expect(afterPaintListsOf(head)).toEqual({
      styles: ['/_astro/site.css'],
      scripts: ['/_astro/consent.js', '/_astro/layout.js'],
      modules: ['/_astro/helper.js', '/_astro/languages.js'],
      afterHolds: [],
    });
    expect(modulesLoadedAfterPaint(finished)).toEqual([
      '/_astro/consent.js',
      '/_astro/layout.js',
      '/_astro/helper.js',
      '/_astro/languages.js',
    ]);
    expect(head).toContain(`>${AFTER_PAINT_LOADER}</script>`);
    expect(finished).not.toMatch(/<script type="module" src=|<link rel="(?:modulepreload|stylesheet)"/);
    // What the page shows and its inline module stay where they were.
    expect(body).toBe(
      '<body><p class="a">Hello</p><script type="module">document.body.dataset.inline="1"</script></body></html>',
    );
  });

  it('When the page is finished, then its CSP allows the loader by hash, and keeps it once narrowed to the page', () => {
    const finished = withOwnInlineHashes(withLoadAfterPaint(BUILT));
    const policy = /content-security-policy" content="([^"]*)"/.exec(finished)?.[1] ?? '';
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSources.toSorted()).toEqual(
      [hash(AFTER_PAINT_LOADER), hash('document.body.dataset.inline="1"'), "'self'"].toSorted(),
    );
  });

  it("When a page has an island held by a page script, then that script runs once the stylesheet has arrived, and the page's other scripts, Astro's island script too, only once the hold is released", () => {
    const runtime = `<script type="module" src="${islandRuntimeUrl()}"></script>`;
    const island =
      '<astro-island uid="a" component-url="/_astro/ClientFile.js" client="afterpaint" ' +
      'opts="{&quot;name&quot;:&quot;ClientFile&quot;,&quot;value&quot;:&quot;client-file&quot;}"></astro-island>';
    const early =
      '<script type="module" src="/_astro/ClientFileRequest.astro_astro_type_script_index_0_lang.x.js"></script>';
    const finished = withOwnInlineHashes(
      withLoadAfterPaint(BUILT.replace('<body>', `<body>${runtime}${island}${early}`)),
    );
    const [head = ''] = finished.split('</head>');
    expect(afterPaintListsOf(head)).toEqual({
      styles: ['/_astro/site.css'],
      scripts: ['/_astro/ClientFileRequest.astro_astro_type_script_index_0_lang.x.js'],
      modules: ['/_astro/helper.js', '/_astro/languages.js'],
      afterHolds: [islandRuntimeUrl(), '/_astro/consent.js', '/_astro/layout.js'],
    });
    expect(head).toContain(' data-holds="client-file">');
    expect(head).toContain(`>${HELD_LOADER}</script>`);
    const policy = /content-security-policy" content="([^"]*)"/.exec(finished)?.[1] ?? '';
    expect(policy).toContain(hash(HELD_LOADER));
    expect(policy).not.toContain(hash(AFTER_PAINT_LOADER));
  });

  it('When a page has neither scripts nor a linked stylesheet, then it is left as built', () => {
    const html = `<html><head>${CSP}</head><body><p>Plain</p></body></html>`;
    expect(withLoadAfterPaint(html)).toBe(html);
    expect(afterPaintListsOf(html)).toEqual({ styles: [], scripts: [], modules: [], afterHolds: [] });
  });

  it('When a page with scripts has no CSP script-src, then the build stops rather than ship a loader the page refuses', () => {
    expect(() => withLoadAfterPaint(BUILT.replace(CSP, ''))).toThrow(/script-src/);
  });
});
