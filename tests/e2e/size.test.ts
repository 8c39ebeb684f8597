import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBackofficeJavascript } from '../../scripts/shipped-javascript/backoffice.ts';
import { afterPaintListsOf, modulesLoadedAfterPaint } from '../../scripts/after-paint-load.ts';
import { islandRuntimeUrl } from '../../scripts/island-runtime.ts';
import { javascriptOf, shippedJavascriptBytes } from '../../scripts/shipped-javascript/page.ts';
import { measureWizardJavascript, WIZARD_PAGES } from '../../scripts/shipped-javascript/wizard.ts';

const dist = resolve('dist');

/** Size budgets of shipped JavaScript (gzip). Raising one is a decision, written in its commit. */
const BUDGETS_KIB = {
  'veligo/index.html': 16,
  'veligo/mentions-legales/index.html': 16,
  'veligo/politique-confidentialite/index.html': 4,
  // React and react-dom (67 KiB), zod (28 KiB: the shell parses the session answer with its
  // contract) and the shell; each page's own code loads when it is opened (npm run bench).
  'bo_dashboard/index.html': 104,
};

describe('Size budgets of the built site', () => {
  it.each(Object.entries(BUDGETS_KIB))(
    'When %s is built, then its JavaScript stays within %d KiB gzip',
    (page, budget) => {
      expect(shippedJavascriptBytes(join(dist, page), dist) / 1024).toBeLessThanOrEqual(budget);
    },
  );

  it('When a page has no interactive island, then it ships no React', () => {
    for (const page of ['veligo/index.html', 'en/claim/index.html', 'golfy/de/404/index.html']) {
      const { inline, files } = javascriptOf(join(dist, page), dist);
      const code = [...inline, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
      expect(code, page).not.toContain('react.transitional.element');
      expect(readFileSync(join(dist, page), 'utf8'), page).not.toContain('<astro-island');
    }
  });
});

describe('JavaScript of the back office', () => {
  it('When a back-office page opens, then only its own charting, table or picker library loads', () => {
    const libraries = Object.fromEntries(
      measureBackofficeJavascript(dist).map((page) => [page.route, page.libraries.toSorted()]),
    );
    expect(libraries).toMatchObject({
      bo_login: [],
      bo_dashboard: ['flatpickr', 'uPlot'],
      bo_activities: ['Tabulator', 'flatpickr'],
      bo_sinistres: [],
      bo_messages: [],
      bo_analyse: ['flatpickr'],
      bo_faq: ['Tabulator'],
      bo_mails: [],
    });
  });
});

describe('JavaScript of the declaration journey', () => {
  /** The code a page runs before any interaction: its scripts and their static imports. */
  function codeBeforeInteraction(page: string): string {
    const { inline, files } = javascriptOf(join(dist, page, 'index.html'), dist);
    return [...inline, ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
  }

  it('When a wizard page is built, then it loads at most 1.75 × the React runtime before interaction', async () => {
    const figures = await measureWizardJavascript(resolve('.'), dist);
    expect(figures.missingPages).toEqual([]);
    const over = figures.pages
      .filter((page) => !page.meetsGoal)
      .map((page) => `${page.page}: ${page.ratio.toFixed(2)}`);
    expect(over).toEqual([]);
  });

  it('When a step does not show a date, an address search or the recap, then their code is not loaded there', () => {
    for (const page of WIZARD_PAGES) {
      const code = codeBeforeInteraction(page);
      // flatpickr and the geocoder load on first use, on every page; the recap only on step 5.
      expect(code, page).not.toContain('flatpickr-calendar');
      expect(code, page).not.toContain('countrycode');
      if (!page.endsWith('declare-step5')) expect(code, page).not.toContain('recap-page');
    }
    expect(codeBeforeInteraction('veligo/declare-step5')).toContain('recap-page');
  });
});

describe('What a customer page waits for before it paints and hydrates', () => {
  /** One page of each customer template with an island, and pages without one, in two brands. */
  const CUSTOMER_PAGES = [
    'veligo',
    'veligo/declare-sinistre',
    'veligo/declare-step4',
    'veligo/confirmation-sinistre',
    'veligo/suivre-dossier',
    'veligo/client-file',
    'veligo/claim-step1',
    'veligo/contact',
    'sandaya/contact',
    'veligo/find-my-number',
    'veligo/faq',
    'veligo/mentions-legales',
    'golfy/de/404',
  ];

  it('When a customer page is built, then no stylesheet blocks its first paint and it carries only its own brand theme', () => {
    for (const page of CUSTOMER_PAGES) {
      const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
      const [head = '', body = ''] = html.split('</head>');
      // The whole stylesheet is linked by the page's loader once the first paint is reported.
      expect(html, page).not.toMatch(/<link[^>]*rel="stylesheet"/);
      expect(afterPaintListsOf(head).styles, page).toEqual([expect.stringMatching(/^\/_astro\/[^/]+\.css$/)]);
      expect(body, page).not.toMatch(/<script type="module" src=|<link rel="modulepreload"/);
      const themes = [...html.matchAll(/\.brand-([a-z0-9-]+)\{--brand-primary:/g)].map((match) => match[1]);
      expect(themes, page).toEqual([page.split('/')[0]]);
    }
  });

  it('When a customer page is built, then every module it loads before interaction is named in the page (no import chain): a script or a preload its loader adds after the first paint, or the list its waiting island preloads', () => {
    for (const page of CUSTOMER_PAGES) {
      const file = join(dist, page, 'index.html');
      const html = readFileSync(file, 'utf8');
      const named = new Set([
        ...modulesLoadedAfterPaint(html),
        ...[...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/_astro\/[^"]+\.js)"/g)].map((match) => match[1]),
        ...[...html.matchAll(/<astro-island\b[^>]*\sdata-modules="([^"]*)"/g)].flatMap((match) =>
          (match[1] ?? '').split(' '),
        ),
      ]);
      const loaded = javascriptOf(file, dist).files.map((path) => `/${relative(dist, path).split(sep).join('/')}`);
      expect(
        loaded.filter((url) => !named.has(url)),
        page,
      ).toEqual([]);
    }
  });

  it("When client-file is built, then what it loads before its island is released (the early module's script and graph) is at most ten files, none of them React, and the page's other scripts, Astro's island script too, wait for the release", () => {
    const html = readFileSync(join(dist, 'veligo/client-file/index.html'), 'utf8');
    const { scripts, modules, afterHolds } = afterPaintListsOf(html);
    const loaded = [...scripts, ...modules];
    expect(loaded.some((url) => /\/early\.[^/]+\.js$/.test(url))).toBe(true);
    expect(loaded.length).toBeLessThanOrEqual(10);
    expect(afterHolds).toEqual([
      expect.stringMatching(/\/CookieConsent\.astro_astro_type_script_/),
      islandRuntimeUrl(),
      expect.stringMatching(/\/BaseLayout\.astro_astro_type_script_/),
    ]);
    for (const url of loaded)
      expect(readFileSync(join(dist, url), 'utf8'), url).not.toContain('react.transitional.element');
  });

  it("When a page with an island is built, then Astro's island script is not in the page but a cached file its loader fetches after the first paint", () => {
    const runtime = readFileSync(join(dist, islandRuntimeUrl()), 'utf8');
    expect(runtime).toContain('customElements.define("astro-island"');
    for (const page of ['veligo/faq', 'veligo/client-file', 'veligo/declare-step3', 'sandaya/en/contact']) {
      const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
      expect(html, page).toContain('<astro-island');
      expect(html, page).not.toContain('customElements.define("astro-island"');
      expect(modulesLoadedAfterPaint(html), page).toContain(islandRuntimeUrl());
    }
  });
});
