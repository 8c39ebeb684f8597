import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';
import { type JavascriptPiece, shippedJavascript } from './page.ts';

/**
 * Goal of the declaration wizard: the JavaScript (gzip) each of its pages loads before the visitor
 * interacts is at most 1.75 × the React runtime floor, the least any React island costs. The floor
 * is measured in the same run, with the React this checkout installs, so a React upgrade moves both.
 */
const WIZARD_JAVASCRIPT_GOAL = 1.75;

/** The built pages of the declaration journey, in the order a visitor meets them. */
export const WIZARD_PAGES = [
  'veligo/declare-sinistre',
  'veligo/declare-step0',
  'veligo/declare-step1',
  'veligo/declare-step2',
  'veligo/declare-step3',
  'veligo/declare-step4',
  'veligo/declare-step5',
  'veligo/confirmation-sinistre',
];

/** The smallest React app: one root rendering one element. */
const REACT_FLOOR_ENTRY = `import { createRoot } from 'react-dom/client';
import { createElement } from 'react';
createRoot(document.getElementById('x')).render(createElement('div'));`;
const REACT_FLOOR_ID = '\0react-floor';

/** Gzip bytes (level 9) of the smallest React app, bundled and minified for production by rolldown. */
async function measureReactFloor(root: string): Promise<number> {
  const output = await build({
    cwd: root,
    input: 'react-floor',
    write: false,
    platform: 'browser',
    logLevel: 'silent',
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    plugins: [
      {
        name: 'react-floor-entry',
        resolveId: (id) => (id === 'react-floor' ? REACT_FLOOR_ID : null),
        load: (id) => (id === REACT_FLOOR_ID ? REACT_FLOOR_ENTRY : null),
      },
    ],
    output: { format: 'esm', minify: true },
  });
  return output.output
    .filter((item) => item.type === 'chunk')
    .reduce((total, chunk) => total + gzipSync(chunk.code, { level: 9 }).length, 0);
}

interface WizardPageJavascript {
  /** The page, as its address without the leading slash (`veligo/declare-step1`). */
  page: string;
  /** Gzip bytes of the JavaScript loaded before interaction. */
  bytes: number;
  /** bytes / the React floor. */
  ratio: number;
  meetsGoal: boolean;
  /** Each file or inline script with its gzip bytes, largest first. */
  pieces: JavascriptPiece[];
}

export interface WizardJavascript {
  /** Gzip bytes of the smallest React app. */
  reactFloorBytes: number;
  goal: number;
  pages: WizardPageJavascript[];
  /** Wizard pages absent from `dist/` (not built yet, or renamed). */
  missingPages: string[];
}

/** The wizard's JavaScript, page by page, against the React floor (reads a built `dist/`). */
export async function measureWizardJavascript(root: string, distDir = join(root, 'dist')): Promise<WizardJavascript> {
  const reactFloorBytes = await measureReactFloor(root);
  const pages: WizardPageJavascript[] = [];
  const missingPages: string[] = [];
  for (const page of WIZARD_PAGES) {
    const html = join(distDir, page, 'index.html');
    if (!existsSync(html)) {
      missingPages.push(page);
      continue;
    }
    const pieces = shippedJavascript(html, distDir);
    const bytes = pieces.reduce((total, piece) => total + piece.bytes, 0);
    const ratio = bytes / reactFloorBytes;
    pages.push({ page, bytes, ratio, meetsGoal: ratio <= WIZARD_JAVASCRIPT_GOAL, pieces });
  }
  return { reactFloorBytes, goal: WIZARD_JAVASCRIPT_GOAL, pages, missingPages };
}
