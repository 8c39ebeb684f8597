import { HOLD_MAX_MS, RELEASED_EVENT } from '../islands/lib/island-hold.ts';
import { FIRST_BLOCK } from '../islands/lib/first-block.ts';
import { PRELOADS_PER_TASK } from '../islands/lib/island-modules.ts';
import { PAGE_STYLED } from '../islands/lib/page-styled.ts';
import { cspHashOf } from './csp-hashes.ts';

/**
 * Nothing a customer page fetches competes with its first paint. Lighthouse (and a slow phone)
 * counts every script and stylesheet that arrives before the first paint as part of it: one more
 * round trip on a slow network, and the scripts' evaluation four times over on a slow CPU. The
 * page's first screen is styled by its inline CSS (`critical-css.ts`), so the rest can wait.
 *
 * After the build, each customer page's module scripts, its module preloads and its whole
 * stylesheet are taken out of the HTML and listed on one small inline script in the `<head>`
 * (`AFTER_PAINT_LOADER`). Once the browser reports the first contentful paint (a second after the
 * load at the latest, for a browser that reports none), it links the stylesheet and preloads the
 * module scripts and their modules, `PRELOADS_PER_TASK` links per task; once the stylesheet has
 * arrived, it adds the module scripts (already fetched), which thus run styled.
 * It also leaves a promise settled at that moment (`PAGE_STYLED`), which the islands' directives
 * wait for (`islands/lib/page-styled.ts`) before they draw.
 */

/**
 * The loader's attributes (their `dataset` names), each a space-separated list: the stylesheets,
 * the module scripts to run once they have arrived, the modules to preload; on a page with
 * holds (`HELD_LOADER`), the scripts that release them and the holds' names.
 */
const DATASET = { styles: 'styles', scripts: 'scripts', modules: 'modules', first: 'first', holds: 'holds' } as const;
const STYLES = `data-${DATASET.styles}`;
const SCRIPTS = `data-${DATASET.scripts}`;
const MODULES = `data-${DATASET.modules}`;
const FIRST = `data-${DATASET.first}`;
const HOLDS = `data-${DATASET.holds}`;

/**
 * The scripts that draw what a page with holds shows first, then release its holds (client-file's
 * early claim, islands/follow-up/early-claim.ts), named by the component that holds the script,
 * as Astro names its file. On such a page, they alone run once the stylesheet has arrived; the
 * page's other scripts (the layout's, the cookie banner's) are fetched only once the holds are
 * released, which early-claim does once the block is reported painted: on a slow network they no
 * longer share the first block's connections.
 */
const SCRIPTS_RELEASING_HOLDS = ['ClientFileRequest'] as const;

/** Whether `url` is the file of a script of `SCRIPTS_RELEASING_HOLDS`. */
function releasesHolds(url: string): boolean {
  return SCRIPTS_RELEASING_HOLDS.some((component) => url.startsWith(`/_astro/${component}.astro_astro_type_script_`));
}

/**
 * The inline loader, its text the same on every page that uses it, so one CSP hash allows it.
 * Written small by hand: a static page's JavaScript has a budget. It reads its own `data-*`
 * attributes, links the stylesheet first, then adds the preloads `PRELOADS_PER_TASK` per task
 * (client-file's eighteen in one task made a long one on a slow phone). With `held`, the scripts
 * of `data-first` are preloaded first and run once the stylesheet has arrived; those of
 * `data-scripts`, not preloaded, run once every hold of `data-holds` is released as well
 * (`HOLD_MAX_MS` at the latest), and nothing is fetched before the page's first block is on screen
 * (`FIRST_BLOCK`, a second after the parse at the latest). Only pages with holds carry this.
 */
function loaderText(held: boolean): string {
  // The held form adds scripts from two lists, hence `x`. The other form keeps its loop inline: it is
  // on every customer page, and the FAQ pages have a few bytes left in their first round trip.
  const run = 'x=u=>{for(const h of u.split(" "))h&&e("script",{type:"module",src:h},d.body)}';
  const start = held
    ? `let p=1;const ${run},g=()=>--p||x(j);` +
      `for(const h of k.split(" ")){p++;let o;const t=()=>o||(o=1,g());w.addEventListener(${JSON.stringify(RELEASED_EVENT)}+h,t);setTimeout(t,${HOLD_MAX_MS})}` +
      'const f=()=>{r();x(n);g()};'
    : 'const f=()=>{r();for(const h of j.split(" "))h&&e("script",{type:"module",src:h},d.body)};';
  const lists = held
    ? `${DATASET.styles}:s,${DATASET.scripts}:j,${DATASET.modules}:m,${DATASET.first}:n,${DATASET.holds}:k}=c,q=(n+" "+m)`
    : `${DATASET.styles}:s,${DATASET.scripts}:j,${DATASET.modules}:m}=c,q=(m+" "+j)`;
  // The held form waits for the page's first block as well (islands/lib/first-block.ts).
  const afterPaint = held ? `Promise.resolve(w[Symbol.for(${JSON.stringify(FIRST_BLOCK)})]).then(go)` : 'go()';
  return (
    '((d,w,c)=>{let go;const e=(t,a,p)=>p.append(Object.assign(d.createElement(t),a));' +
    `w[Symbol.for(${JSON.stringify(PAGE_STYLED)})]=new Promise(r=>{go=()=>{if(!c)return;` +
    `const{${lists}.split(" "),` +
    `b=()=>{for(const h of q.splice(0,${PRELOADS_PER_TASK}))h&&e("link",{rel:"modulepreload",href:h},d.head);q[0]!=null&&setTimeout(b)};c=0;` +
    start +
    'e("link",{rel:"stylesheet",href:s,onload:f,onerror:f},d.head);b()}});' +
    `new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),${afterPaint})}).observe({type:"paint",buffered:!0});` +
    'w.addEventListener("load",()=>setTimeout(go,1e3))' +
    '})(document,window,document.currentScript.dataset)'
  );
}

/** The loader of a page without holds: its scripts run once the stylesheet has arrived. */
export const AFTER_PAINT_LOADER = loaderText(false);
/** The loader of a page whose islands wait for holds (`client:afterpaint="<name>"`): see loaderText. */
export const HELD_LOADER = loaderText(true);

/**
 * The value of a `client:afterpaint="<name>"` in the options Astro writes on the island, as the
 * attribute holds it (its quotes escaped); a hold's name is lowercase letters, digits and dashes.
 */
const HOLD_OPTION = /\sopts="[^"]*&quot;value&quot;:&quot;([a-z0-9-]+)&quot;/;

/** The holds of a built page's islands (island-hold.ts reads the same options in the browser). */
function holdsOf(html: string): string[] {
  const holds = new Set<string>();
  for (const [island] of html.matchAll(/<astro-island\b[^>]*\sclient="afterpaint"[^>]*>/g)) {
    const name = HOLD_OPTION.exec(island)?.[1];
    if (name !== undefined) holds.add(name);
  }
  return [...holds];
}

/** The module scripts Astro writes (`<script type="module" src="…"></script>`). */
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;
/** The module preloads `modulepreload.ts` writes in the head. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)">/g;
/** The whole stylesheet `critical-css.ts` links at the end of the body. */
const STYLESHEET = /<link rel="stylesheet" href="([^"]+)">/g;
/** The `script-src` directive of the CSP meta tag Astro writes in each page's head. */
const CSP_SCRIPT_SRC = /(<meta http-equiv="content-security-policy" content="[^"]*?script-src [^;"]*)/;

/** The addresses `pattern` finds in `html`, and `html` without those tags. */
function takeOut(html: string, pattern: RegExp): { urls: string[]; rest: string } {
  const urls = [...html.matchAll(pattern)].map((match) => match[1] ?? '');
  return { urls, rest: html.replace(pattern, '') };
}

/**
 * `html` (a customer page, its stylesheet split) whose module scripts, module preloads and whole
 * stylesheet load after its first paint, through the inline loader, which its CSP allows by hash.
 * A page with none of them is returned as is.
 */
export function withLoadAfterPaint(html: string): string {
  const scripts = takeOut(html, MODULE_SCRIPT);
  const modules = takeOut(scripts.rest, MODULE_PRELOAD);
  const styles = takeOut(modules.rest, STYLESHEET);
  if (scripts.urls.length + modules.urls.length + styles.urls.length === 0) return html;
  if (styles.urls.length !== 1)
    throw new Error(`A customer page links ${styles.urls.length} stylesheets; its loader links exactly one.`);
  if (!CSP_SCRIPT_SRC.test(styles.rest))
    throw new Error('A page with scripts has no CSP script-src to allow its loader.');
  const holds = holdsOf(styles.rest);
  const first = holds.length > 0 ? scripts.urls.filter(releasesHolds) : [];
  const held = first.length > 0;
  const text = held ? HELD_LOADER : AFTER_PAINT_LOADER;
  // Every attribute is written, empty or not: the loader reads all of its own.
  const attribute = (name: string, values: string[]) => ` ${name}="${values.join(' ')}"`;
  const heldLists = held ? `${attribute(FIRST, first)}${attribute(HOLDS, holds)}` : '';
  const later = scripts.urls.filter((url) => !first.includes(url));
  const loader =
    `<script${attribute(STYLES, styles.urls)}${attribute(SCRIPTS, later)}${attribute(MODULES, modules.urls)}` +
    `${heldLists}>${text}</script>`;
  return styles.rest.replace(CSP_SCRIPT_SRC, `$1 ${cspHashOf(text)}`).replace('</head>', `${loader}</head>`);
}

/** What a built page's loader fetches after its first paint (empty lists on a page without one). */
export interface AfterPaintLists {
  styles: string[];
  /** The module scripts that run once the stylesheet has arrived (and, with holds, those that release them). */
  scripts: string[];
  modules: string[];
  /** On a page with holds, the module scripts that wait until they are released. */
  afterHolds: string[];
}

/** The lists of the loader in `html`, as the loader reads them. */
export function afterPaintListsOf(html: string): AfterPaintLists {
  const tag = /<script\b([^>]*\sdata-(?:styles|scripts|modules)="[^>]*)>/i.exec(html)?.[1] ?? '';
  const list = (name: string) =>
    (new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '').split(' ').filter((url) => url !== '');
  const held = tag.includes(` ${HOLDS}=`);
  return held
    ? { styles: list(STYLES), scripts: list(FIRST), modules: list(MODULES), afterHolds: list(SCRIPTS) }
    : { styles: list(STYLES), scripts: list(SCRIPTS), modules: list(MODULES), afterHolds: [] };
}

/** The modules a page's loader fetches after its first paint: its module scripts and its module preloads. */
export function modulesLoadedAfterPaint(html: string): string[] {
  const { scripts, modules, afterHolds } = afterPaintListsOf(html);
  return [...scripts, ...modules, ...afterHolds];
}
