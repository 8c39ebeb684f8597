import { createHash } from 'node:crypto';

/**
 * Astro writes in every page's CSP the hashes of every inline script and style of the whole build
 * (its own directives, the other pages' inline scripts, the back office's inlined stylesheets…):
 * about 20 hashes, 1 KB a page that compresses to nothing, in the first 14 KB a connection sends.
 * After the build, each customer page allows by hash only the inline scripts and styles it holds.
 * No script of ours adds an inline script or style later (third-party tags load by URL, which
 * `script-src` allows by origin), so nothing a page runs needs another hash.
 */

const hashes = new Map<string, string>();

/** The CSP source (`'sha256-…'`) allowing an inline script or style whose text is `content`. */
export function cspHashOf(content: string): string {
  const known = hashes.get(content);
  if (known !== undefined) return known;
  const hash = `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
  hashes.set(content, hash);
  return hash;
}

/** Inline `<script>` (without `src`) and `<style>` elements: their text, as a browser hashes it. */
const INLINE_CODE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi;

/** The CSP meta tag Astro writes in each page's head. */
const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/;

/** The directives whose hashes are the page's own inline code, and the elements each allows. */
const HASHED_DIRECTIVE = /^\s*(script-src|style-src)\s/;

/** A `<script>` that holds data (`application/json`, `…+json`): the browser never runs it, CSP never checks it. */
const DATA_BLOCK = /\stype\s*=\s*["']?\s*application\/(?:[\w.-]+\+)?json\b/i;

/**
 * `html` whose CSP allows by hash exactly the inline scripts and styles that `html` holds: the
 * hashes of other pages go, and those of inline code a build step wrote (the first screen's CSS
 * merged into one `<style>`) come.
 */
export function withOwnInlineHashes(html: string): string {
  const own = { 'script-src': new Set<string>(), 'style-src': new Set<string>() };
  for (const [, tag = '', attributes = '', content = ''] of html.matchAll(INLINE_CODE)) {
    if (tag.toLowerCase() === 'style') own['style-src'].add(cspHashOf(content));
    else if (!/\ssrc\s*=/i.test(attributes) && !DATA_BLOCK.test(attributes)) own['script-src'].add(cspHashOf(content));
  }
  return html.replace(CSP_META, (_, start: string, policy: string, end: string) => {
    const directives = policy.split(';').map((directive) => {
      const name = HASHED_DIRECTIVE.exec(directive)?.[1] as keyof typeof own | undefined;
      if (name === undefined) return directive;
      const sources = directive.split(' ').filter((source) => !source.startsWith("'sha256-"));
      return [...sources, ...own[name]].join(' ');
    });
    return `${start}${directives.join(';')}${end}`;
  });
}
