import { readFileSync } from 'node:fs';
import { cspHashOf } from './csp-hashes.ts';
import { join } from 'node:path';

/**
 * Splits each customer page's stylesheet in two after the build: the rules its served HTML can use
 * are inlined in its `<head>` (the first screen paints from the first response, within the 14 KB a
 * connection sends in its first round trip), and the whole stylesheet (one hashed `_astro/*.css`
 * file, cached and shared by every page) is linked at the end of `<body>`; the next step
 * (`after-paint-load.ts`) has it linked only once the first paint is reported. Once it arrives it repeats every inlined rule in
 * the original order, so the page ends exactly as styled as with the whole sheet inlined.
 *
 * A rule is kept when every class and id its selector requires (outside `:not()`, `:is()`,
 * `:where()`) appears in the page as served; rules on elements alone are kept. So everything the
 * server rendered is styled at first paint (no unstyled flash, nothing shifts when the sheet
 * arrives); what scripts add later (states, islands rendered in the browser) is styled by the whole
 * sheet, which module scripts wait for before they run. Interaction states (`:hover`, `:focus`,
 * `:target`) and print rules wait for it too.
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
const STATE = /:(?:hover|focus|focus-visible|focus-within|active|target)\b/;

/** Classes (`.x`) and ids (`#x`) an element must have for `selector` to match, outside optional groups. */
function requiredNames(selector: string): string[] {
  const bare = selector.replace(/:(?:not|is|where)\((?:[^()]|\([^()]*\))*\)/g, '').replace(/\[[^\]]*\]/g, '');
  return [...bare.matchAll(/([.#])(-?[_a-zA-Z][\w-]*)/g)].map((match) => `${match[1]}${match[2]}`);
}

/** A statement of the stylesheet, parsed once for every page. */
type CompiledRule =
  /** `@media`/`@supports`: kept with the rules inside that are kept. */
  | { kind: 'group'; prelude: string; rules: CompiledRule[] }
  /** Any other at-rule (`@keyframes`, `@font-face`, `@layer`…): always kept. */
  | { kind: 'at'; text: string }
  /** A style rule: each selector with the names it requires (none for a state the served page is not in). */
  | { kind: 'style'; selectors: { text: string; required: string[] | undefined }[]; body: string };

/** `css` parsed into rules, print rules dropped; `names` collects every name a rule requires. */
function compile(css: string, names: Set<string>): CompiledRule[] {
  const rules: CompiledRule[] = [];
  for (const { prelude, body } of blocksOf(css)) {
    if (body === undefined) continue;
    if (prelude.startsWith('@media') || prelude.startsWith('@supports')) {
      if (!/^@media\s+print\b/.test(prelude)) rules.push({ kind: 'group', prelude, rules: compile(body, names) });
    } else if (prelude.startsWith('@')) rules.push({ kind: 'at', text: `${prelude}{${body}}` });
    else {
      const selectors = selectorsOf(prelude).map((text) => {
        const required = STATE.test(text) ? undefined : requiredNames(text);
        for (const name of required ?? []) names.add(name);
        return { text, required };
      });
      rules.push({ kind: 'style', selectors, body });
    }
  }
  return rules;
}

/** The CSS of the `rules` that can match something in a page whose classes and ids are `names`. */
function keptRules(rules: readonly CompiledRule[], names: ReadonlySet<string>): string {
  let kept = '';
  for (const rule of rules) {
    if (rule.kind === 'at') kept += rule.text;
    else if (rule.kind === 'group') {
      const inner = keptRules(rule.rules, names);
      if (inner !== '') kept += `${rule.prelude}{${inner}}`;
    } else {
      const selectors = rule.selectors
        .filter(({ required }) => required?.every((name) => names.has(name)))
        .map(({ text }) => text);
      if (selectors.length > 0) kept += `${selectors.join(',')}{${rule.body}}`;
    }
  }
  return kept;
}

/**
 * A stylesheet parsed once: the first screen CSS of a page depends only on which of the names its
 * rules require the page shows, so pages that show the same ones (the same route in every brand
 * and language, mostly) share one result.
 */
export class CriticalStylesheet {
  readonly #rules: CompiledRule[];
  readonly #names = new Set<string>();
  readonly #byNames = new Map<string, string>();

  constructor(css: string) {
    this.#rules = compile(css, this.#names);
  }

  /** The rules that can match something in a page whose classes and ids are `names`. */
  rulesFor(names: ReadonlySet<string>): string {
    const key = [...names]
      .filter((name) => this.#names.has(name))
      .sort()
      .join(' ');
    const known = this.#byNames.get(key);
    if (known !== undefined) return known;
    const rules = keptRules(this.#rules, names);
    this.#byNames.set(key, rules);
    return rules;
  }
}

/** The rules of `css` that can match something in a page whose classes and ids are `names`. */
export function criticalRules(css: string, names: ReadonlySet<string>): string {
  return keptRules(compile(css, new Set()), names);
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
 * An element marked `data-shown-by-script` counts though hidden, with its hidden descendants: a
 * script of the page may show it before the whole stylesheet arrives (the banner of a declaration
 * kept on the device, client-file's whose-turn block), and it must not appear unstyled then
 * shift. A script that can wait for the stylesheet (the install prompt) waits: its rules stay out.
 */
export function namesInPage(html: string): Set<string> {
  const markup = html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const names = new Set<string>();
  /** Open elements: whether each is shown (or may be, by script), and whether it is a closed `<details>`. */
  const open: { tag: string; shown: boolean; byScript: boolean; closedDetails: boolean }[] = [];
  for (const [, closing, rawTag = '', attributes = ''] of markup.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const tag = rawTag.toLowerCase();
    if (closing === '/') {
      const index = open.findLastIndex((element) => element.tag === tag);
      if (index >= 0) open.length = index;
      continue;
    }
    const parent = open.at(-1);
    const byScript = parent?.byScript === true || /(?:^|\s)data-shown-by-script(?:[\s=/]|$)/i.test(attributes);
    const shown =
      (parent === undefined || (parent.shown && (!parent.closedDetails || tag === 'summary'))) &&
      (byScript || !/(?:^|\s)hidden(?:[\s=/]|$)/i.test(attributes));
    if (shown) {
      for (const [, classes = ''] of attributes.matchAll(/(?:^|\s)class\s*=\s*"([^"]*)"/gi))
        for (const name of classes.split(/\s+/)) if (name !== '') names.add(`.${name}`);
      for (const [, id = ''] of attributes.matchAll(/(?:^|\s)id\s*=\s*"([^"]*)"/gi)) names.add(`#${id}`);
    }
    if (VOID.has(tag) || attributes.endsWith('/')) continue;
    const closedDetails = tag === 'details' && !/(?:^|\s)open(?:[\s=/]|$)/i.test(attributes);
    open.push({ tag, shown, byScript, closedDetails });
  }
  return names;
}

/** A head link to a built stylesheet, as Astro writes it. */
const HEAD_STYLESHEET = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"\s*\/?>/g;

/** Whether `html` is a customer page (BaseLayout marks their body); the back office keeps its own way. */
export function isCustomerPage(html: string): boolean {
  return /<body\b[^>]*\sdata-route=/.test(html);
}

/** `html` with its built stylesheets split, or `html` itself for a page that is not a customer one. */
export function splitStylesheets(html: string, stylesheetOf: (url: string) => CriticalStylesheet): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || !isCustomerPage(html)) return html;
  const head = html.slice(0, headEnd);
  const links = [...head.matchAll(HEAD_STYLESHEET)];
  if (links.length === 0) return html;
  const names = namesInPage(html);
  const hashes: string[] = [];
  let updatedHead = head;
  for (const [link, url = ''] of links) {
    const critical = stylesheetOf(url).rulesFor(names);
    hashes.push(cspHashOf(critical));
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

/** The rule Astro writes before a page's first island, in the body. */
const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** An inline `<style>` without attributes (a `media` one is not merged). */
const PLAIN_STYLE = /<style>([\s\S]*?)<\/style>/g;

/**
 * A customer page (after splitStylesheets) with its inline CSS in one `<style>`, where the last
 * one of its head was: the brand's colours, the first screen's rules and Astro's island rule,
 * moved up from the body (the whole stylesheet, linked after them, has no rule for Astro's
 * elements). In the same order, so the cascade is unchanged. Each `<style>` costs its CSP hash,
 * about 35 bytes that do not compress, in the first round trip.
 */
export function withOneInlineStyle(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || !isCustomerPage(html)) return html;
  const head = html.slice(0, headEnd);
  const body = html.slice(headEnd);
  // A sheet linked in the head would sit between the merged rules: their order would change.
  if (/<link\b[^>]*\brel="stylesheet"/.test(head)) return html;
  const styles = [...head.matchAll(PLAIN_STYLE)];
  const withIsland = body.includes(ASTRO_ISLAND_STYLE);
  const last = styles.at(-1);
  if (last === undefined || styles.length + (withIsland ? 1 : 0) < 2) return html;
  const parts = [...styles.map(([, css = '']) => css), ...(withIsland ? [ASTRO_ISLAND_STYLE.slice(7, -8)] : [])];
  // `@import` and `@charset` are valid only at the start of a sheet.
  if (parts.slice(1).some((css) => /@(?:import|charset)\b/i.test(css))) return html;
  let merged = '';
  let from = 0;
  for (const style of styles) {
    merged += head.slice(from, style.index);
    if (style === last) merged += `<style>${parts.join('')}</style>`;
    from = style.index + style[0].length;
  }
  merged += head.slice(from);
  return merged + (withIsland ? body.replace(ASTRO_ISLAND_STYLE, '') : body);
}

/** The page step that splits the stylesheets of the customer pages of the site built in `distDir`. */
export function stylesheetSplitter(distDir: string): (html: string) => string {
  const stylesheets = new Map<string, CriticalStylesheet>();
  const stylesheetOf = (url: string) => {
    const known = stylesheets.get(url);
    if (known !== undefined) return known;
    const parsed = new CriticalStylesheet(readFileSync(join(distDir, decodeURIComponent(url)), 'utf8'));
    stylesheets.set(url, parsed);
    return parsed;
  };
  return (html) => splitStylesheets(html, stylesheetOf);
}
