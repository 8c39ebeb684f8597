import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withOwnInlineHashes } from './csp-hashes.ts';

const hash = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

const SCRIPT = 'document.documentElement.dataset.ready="1"';
const STYLE = 'body{margin:0}';
const OTHER_PAGES_SCRIPT = 'console.log("wizard")';
const OTHER_PAGES_STYLE = '.backoffice{color:red}';

const page = (policy: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${policy}">` +
  `<script>${SCRIPT}</script><style>${STYLE}</style><script type="module" src="/_astro/page.js"></script>` +
  `</head><body data-route="home"><script type="application/json" id="config">{"a":1}</script></body></html>`;

describe('The CSP of a built page', () => {
  it('When Astro lists the hashes of the whole build, then the page keeps only those of its own inline scripts and styles', () => {
    const built = page(
      `default-src 'self';img-src 'self' data:; script-src 'self' ${hash(OTHER_PAGES_SCRIPT)} ${hash(SCRIPT)}; ` +
        `style-src 'self' ${hash(STYLE)} ${hash(OTHER_PAGES_STYLE)} ${hash('')}`,
    );
    expect(withOwnInlineHashes(built)).toBe(
      page(
        `default-src 'self';img-src 'self' data:; script-src 'self' ${hash(SCRIPT)}; style-src 'self' ${hash(STYLE)}`,
      ),
    );
  });

  it('When a build step wrote inline code Astro never hashed, then the page allows it; data blocks need no hash', () => {
    const merged = 'body{margin:0}.brand{color:teal}';
    const built = page(
      `default-src 'self'; script-src 'self' ${hash(SCRIPT)} ${hash('{"a":1}')}; style-src 'self' ${hash(STYLE)}`,
    ).replace(`<style>${STYLE}</style>`, `<style>${merged}</style>`);
    expect(withOwnInlineHashes(built)).toContain(
      `content="default-src 'self'; script-src 'self' ${hash(SCRIPT)}; style-src 'self' ${hash(merged)}"`,
    );
  });

  it('When a page has no CSP, then it is left as built', () => {
    const html = '<html><head><script>x()</script></head><body></body></html>';
    expect(withOwnInlineHashes(html)).toBe(html);
  });
});
