import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rewriteBuiltPages } from './built-pages.ts';
import { join } from 'node:path';

/**
 * Splits each customer page's stylesheet in two after the build: the rules its served HTML can use
 * are inlined in its `<head>` (the first screen paints from the first response, within the 14 KB a
 * connection sends in its first round trip), and the whole stylesheet (one hashed `_astro/*.css`
 * file, cached and shared by every page) is linked at the end of `<body>`, where it blocks neither
 * the parser nor the paint of what comes before it. Once it arrives it repeats every inlined rule in
 * the original order, so the page ends exactly as styled as with the whole sheet inlined.
 *
 * A rule is kept when every class and id its selector requires (outside `:not()`, `:is()`,
 * `:where()`) appears in the page as served; rules on elements alone are kept. So everything the
 * server rendered is styled at first paint (no unstyled flash, nothing shifts when the sheet
 * arrives); what scripts add later (states, islands rendered in the browser) is styled by the whole
 * sheet, which module scripts wait for before they run. Interaction states (`:hover`, `:focus`)
 * and print rules wait for it too.
 */

/** One top-level statement of minified CSS: a prelude and its block, or a bare `@import …;`. */
interface CssBlock {
  prelude: string;
  body: string | undefined;
}

/** Index after the quoted string starting at `start`. */
function afterString(css: string, start: number): number {
  const quote = css[start];
  let index = start + 1;
  while (index < css.length && css[index] !== quote) index += css[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** Top-level statements of `css` (no comments: the build minified it). */
function blocksOf(css: string): CssBlock[] {
  const blocks: CssBlock[] = [];
  let index = 0;
  while (index < css.length) {
    let end = index;
    while (end < css.length && css[end] !== '{' && css[end] !== ';')
      end = css[end] === '"' || css[end] === "'" ? afterString(css, end) : end + 1;
    const prelude = css.slice(index, end).trim();
    if (end >= css.length || css[end] === ';') {
      if (prelude !== '') blocks.push({ prelude, body: undefined });
      index = end + 1;
      continue;
    }
    let close = end + 1;
    for (let depth = 1; depth > 0 && close < css.length; ) {
      const char = css[close];
      if (char === '"' || char === "'") {
        close = afterString(css, close);
        continue;
      }
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      close += 1;
    }
    blocks.push({ prelude, body: css.slice(end + 1, close - 1) });
    index = close;
  }
  return blocks;
}

/** `list` split on commas outside parentheses and brackets. */
function selectorsOf(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      selectors.push(list.slice(start, index));
      start = index + 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors;
}

/** Pseudo-classes of a state the served page is not in: their rules wait for the whole sheet. */
const STATE = /:(?:hover|focus|focus-visible|focus-within|active)\b/;

/** Classes (`.x`) and ids (`#x`) an element must have for `selector` to match, outside optional groups. */
function requiredNames(selector: string): string[] {
  const bare = selector.replace(/:(?:not|is|where)\((?:[^()]|\([^()]*\))*\)/g, '').replace(/\[[^\]]*\]/g, '');
  return [...bare.matchAll(/([.#])(-?[_a-zA-Z][\w-]*)/g)].map((match) => `${match[1]}${match[2]}`);
}

/** The rules of `css` that can match something in a page whose classes and ids are `names`. */
export function criticalRules(css: string, names: ReadonlySet<string>): string {
  const kept: string[] = [];
  for (const { prelude, body } of blocksOf(css)) {
    if (body === undefined) continue;
    if (prelude.startsWith('@media') || prelude.startsWith('@supports')) {
      if (/^@media\s+print\b/.test(prelude)) continue;
      const inner = criticalRules(body, names);
      if (inner !== '') kept.push(`${prelude}{${inner}}`);
      continue;
    }
    if (prelude.startsWith('@')) {
      kept.push(`${prelude}{${body}}`);
      continue;
    }
    const selectors = selectorsOf(prelude).filter(
      (selector) => !STATE.test(selector) && requiredNames(selector).every((name) => names.has(name)),
    );
    if (selectors.length > 0) kept.push(`${selectors.join(',')}{${body}}`);
  }
  return kept.join('');
}

/** Elements without content or end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Classes and ids, as `.class` and `#id`, of the elements the page shows when it opens: not those
 * under an element with `hidden` (shown by a script) or in a closed `<details>` but its `<summary>`.
 */
export function namesInPage(html: string): Set<string> {
  const markup = html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const names = new Set<string>();
  /** Open elements: whether each is shown, and whether it is a closed `<details>`. */
  const open: { tag: string; shown: boolean; closedDetails: boolean }[] = [];
  for (const [, closing, rawTag = '', attributes = ''] of markup.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const tag = rawTag.toLowerCase();
    if (closing === '/') {
      const index = open.findLastIndex((element) => element.tag === tag);
      if (index >= 0) open.length = index;
      continue;
    }
    const parent = open.at(-1);
    const shown =
      (parent === undefined || (parent.shown && (!parent.closedDetails || tag === 'summary'))) &&
      !/(?:^|\s)hidden(?:[\s=/]|$)/i.test(attributes);
    if (shown) {
      for (const [, classes = ''] of attributes.matchAll(/(?:^|\s)class\s*=\s*"([^"]*)"/gi))
        for (const name of classes.split(/\s+/)) if (name !== '') names.add(`.${name}`);
      for (const [, id = ''] of attributes.matchAll(/(?:^|\s)id\s*=\s*"([^"]*)"/gi)) names.add(`#${id}`);
    }
    if (VOID.has(tag) || attributes.endsWith('/')) continue;
    const closedDetails = tag === 'details' && !/(?:^|\s)open(?:[\s=/]|$)/i.test(attributes);
    open.push({ tag, shown, closedDetails });
  }
  return names;
}

/** A head link to a built stylesheet, as Astro writes it. */
const HEAD_STYLESHEET = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"\s*\/?>/g;

/** `html` with its built stylesheets split, or `html` itself for a page that is not a customer one. */
export function splitStylesheets(html: string, readStylesheet: (url: string) => string): string {
  const headEnd = html.indexOf('</head>');
  // Customer pages only (BaseLayout marks their body); the back office keeps its own way.
  if (headEnd < 0 || !/<body\b[^>]*\sdata-route=/.test(html)) return html;
  const head = html.slice(0, headEnd);
  const links = [...head.matchAll(HEAD_STYLESHEET)];
  if (links.length === 0) return html;
  const names = namesInPage(html);
  const hashes: string[] = [];
  let updatedHead = head;
  for (const [link, url = ''] of links) {
    const critical = criticalRules(readStylesheet(url), names);
    hashes.push(`'sha256-${createHash('sha256').update(critical).digest('base64')}'`);
    updatedHead = updatedHead.replace(link, () => `<style>${critical}</style>`);
  }
  updatedHead = updatedHead.replace(
    /(<meta http-equiv="content-security-policy" content="[^"]*?style-src 'self')/,
    (directive) => `${directive} ${hashes.join(' ')}`,
  );
  if (!updatedHead.includes(hashes[0] ?? ''))
    throw new Error('A page with a stylesheet has no CSP style-src to allow it.');
  const whole = links.map(([, url]) => `<link rel="stylesheet" href="${url}">`).join('');
  const rest = html.slice(headEnd);
  const bodyEnd = rest.lastIndexOf('</body>');
  return `${updatedHead}${rest.slice(0, bodyEnd)}${whole}${rest.slice(bodyEnd)}`;
}

/** Splits the stylesheets of every customer page under `distDir`; returns how many pages changed. */
export async function splitPageStylesheets(distDir: string): Promise<number> {
  const stylesheets = new Map<string, string>();
  const readStylesheet = (url: string) => {
    const known = stylesheets.get(url);
    if (known !== undefined) return known;
    const css = readFileSync(join(distDir, decodeURIComponent(url)), 'utf8');
    stylesheets.set(url, css);
    return css;
  };
  return rewriteBuiltPages(distDir, (html) => splitStylesheets(html, readStylesheet));
}
