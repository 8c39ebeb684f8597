import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { collectJavascript } from './page.ts';

/**
 * The back office's JavaScript per page (gzip): one pre-rendered route whose shell loads each
 * page's module when it is opened (`backoffice/shell/BackOfficeShell.tsx`). A page's figure is
 * the shell's JavaScript plus that page's chunk and every static import of it, so uPlot,
 * Tabulator, flatpickr or CKEditor count only where a page imports them.
 */

/** Route, and the component whose chunk the shell loads for it. */
const BACKOFFICE_PAGES = {
  bo_login: 'LoginPage',
  bo_dashboard: 'DashboardPage',
  bo_activities: 'ActivitiesPage',
  bo_sinistres: 'ClaimsPage',
  bo_messages: 'InboxPage',
  bo_analyse: 'AnalysisPage',
  bo_faq: 'FaqPage',
  bo_mails: 'MailsPage',
} as const;

/** Libraries reported per page, each recognised by a string its built code holds. */
const LIBRARIES = {
  uPlot: 'uplot',
  Tabulator: 'tabulator-row',
  flatpickr: 'flatpickr-calendar',
  CKEditor: 'ckeditor',
} as const;

export interface BackofficePageJavascript {
  route: string;
  bytes: number;
  libraries: (keyof typeof LIBRARIES)[];
}

export function measureBackofficeJavascript(distDir: string): BackofficePageJavascript[] {
  const chunks = readdirSync(join(distDir, '_astro')).filter((file) => file.endsWith('.js'));
  return Object.entries(BACKOFFICE_PAGES).map(([route, component]) => {
    const chunk = chunks.find((file) => file.startsWith(`${component}.`));
    if (!chunk) throw new Error(`no built chunk for ${component}`);
    const { inline, files } = collectJavascript(join(distDir, route, 'index.html'), distDir, [
      join(distDir, '_astro', chunk),
    ]);
    const sources = [...inline, ...files.map((file) => readFileSync(file, 'utf8'))];
    const bytes = sources.reduce((total, source) => total + gzipSync(source, { level: 9 }).length, 0);
    const code = sources.join('\n').toLowerCase();
    const libraries = (Object.keys(LIBRARIES) as (keyof typeof LIBRARIES)[]).filter((name) =>
      code.includes(LIBRARIES[name]),
    );
    return { route, bytes, libraries };
  });
}
