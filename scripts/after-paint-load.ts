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
 * The loader's attributes (their `dataset` names), each a space-separated list of addresses: the
 * stylesheets, the module scripts to run once they have arrived, the modules to preload.
 */
const DATASET = { styles: 'styles', scripts: 'scripts', modules: 'modules' } as const;
const STYLES = `data-${DATASET.styles}`;
const SCRIPTS = `data-${DATASET.scripts}`;
const MODULES = `data-${DATASET.modules}`;

/**
 * The inline loader. It reads its own `data-*` attributes; its text is the same on every page, so
 * one CSP hash allows it. Written small by hand: a static page's JavaScript has a budget. It links
 * the stylesheet first, then adds the preloads `PRELOADS_PER_TASK` per task (client-file's
 * eighteen in one task made a long one on a slow phone).
 */
export const AFTER_PAINT_LOADER =
  '((d,w,c)=>{let go;const e=(t,a,p)=>p.append(Object.assign(d.createElement(t),a));' +
  `w[Symbol.for(${JSON.stringify(PAGE_STYLED)})]=new Promise(r=>{go=()=>{if(!c)return;` +
  `const{${DATASET.styles}:s,${DATASET.scripts}:j,${DATASET.modules}:m}=c,q=(m+" "+j).split(" "),` +
  `b=()=>{for(const h of q.splice(0,${PRELOADS_PER_TASK}))h&&e("link",{rel:"modulepreload",href:h},d.head);q[0]!=null&&setTimeout(b)};c=0;` +
  'const f=()=>{r();for(const h of j.split(" "))h&&e("script",{type:"module",src:h},d.body)};' +
  'e("link",{rel:"stylesheet",href:s,onload:f,onerror:f},d.head);b()}});' +
  'new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),go())}).observe({type:"paint",buffered:!0});' +
  'w.addEventListener("load",()=>setTimeout(go,1e3))' +
  '})(document,window,document.currentScript.dataset)';

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
  // Every attribute is written, empty or not: the loader reads all three.
  const attribute = (name: string, urls: string[]) => ` ${name}="${urls.join(' ')}"`;
  const loader =
    `<script${attribute(STYLES, styles.urls)}${attribute(SCRIPTS, scripts.urls)}${attribute(MODULES, modules.urls)}>` +
    `${AFTER_PAINT_LOADER}</script>`;
  return styles.rest
    .replace(CSP_SCRIPT_SRC, `$1 ${cspHashOf(AFTER_PAINT_LOADER)}`)
    .replace('</head>', `${loader}</head>`);
}

/** What a built page's loader fetches after its first paint (empty lists on a page without one). */
export interface AfterPaintLists {
  styles: string[];
  scripts: string[];
  modules: string[];
}

/** The lists of the loader in `html`, as the loader reads them. */
export function afterPaintListsOf(html: string): AfterPaintLists {
  const tag = /<script\b([^>]*\sdata-(?:styles|scripts|modules)="[^>]*)>/i.exec(html)?.[1] ?? '';
  const list = (name: string) =>
    (new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '').split(' ').filter((url) => url !== '');
  return { styles: list(STYLES), scripts: list(SCRIPTS), modules: list(MODULES) };
}

/** The modules a page's loader fetches after its first paint: its module scripts and its module preloads. */
export function modulesLoadedAfterPaint(html: string): string[] {
  const { scripts, modules } = afterPaintListsOf(html);
  return [...scripts, ...modules];
}
