import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/sequencer.ts';

// Every Node process of the run (the workers, which inherit the environment, and the servers,
// commands and crash children the tests start) loads scripts/module-resolution.ts first: about a
// second less of CPU at each start, two hundred files and as many child processes a run. A test
// that starts a process with a bare environment (PATH and its own variables) passes NODE_OPTIONS on.
const RESOLUTION_HOOK = `--import=${pathToFileURL(resolve(import.meta.dirname, 'scripts/module-resolution.ts')).href}`;
if (!process.env['NODE_OPTIONS']?.includes(RESOLUTION_HOOK)) {
  process.env['NODE_OPTIONS'] = [process.env['NODE_OPTIONS'], RESOLUTION_HOOK].filter(Boolean).join(' ');
}

/** Test files run at once, in both projects (TEST_WORKERS overrides it, e.g. 1 to read a failure alone). */
const TEST_WORKERS = Number(process.env['TEST_WORKERS'] ?? 3);

export default defineConfig({
  test: {
    // Once a run, for every project: a throwaway PostgreSQL server, a migrated PGlite template and
    // the demo templates, for server/db/test-database.ts (Vitest runs the projects' own setups one
    // after another).
    globalSetup: ['server/db/test-global-setup.ts'],
    // The longest files first, so the two workers finish together (tests/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [
            'node_modules/**',
            'dist/**',
            'tests/e2e/**',
            'data/**',
            'server/abuse/**',
            'bench/crash-volume.test.ts',
          ],
          // The same count as the browser files: both projects then share one pool of workers
          // (Vitest puts a project left at one worker into a group run alone, after the others).
          // Three on two cores: most of a test's time is spent waiting (servers, browsers, timers,
          // child processes), and a run used about a third of two cores' time with two workers.
          maxWorkers: TEST_WORKERS,
          // A worker runs its files one after another on the modules it has loaded, instead of a new
          // process and module graph per file (about a second of CPU each, a third of a small
          // file's time). Tests therefore leave nothing behind: each opens its own app, database
          // and timers and closes them, and restores a fake clock in afterEach.
          isolate: false,
          // Beside a browser file, a test that takes 1 s alone (seeding the demo on PGlite, a
          // thousand requests to a rate limit) can take more than Vitest's 5 s: a timeout here
          // finds a hang, never a slowness (speed lives in the bench).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'abuse',
          // Bounded attacks, each asserting that legitimate calls are answered within a second while
          // it runs: after the other projects (a later group), two at a time on the two cores, so
          // that the machine's load is the attacks' own (beside a browser file, a bound would
          // measure the browser). Two at a time, legitimate calls took 207 ms at worst (154 ms one
          // at a time), and the attacks about 90 s instead of 125 s.
          include: ['server/abuse/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          fileParallelism: true,
          // A process runs its attacks one after another on the modules it has loaded, as `unit`
          // does: each file starts its own app and closes it. Alone on the machine, a new process
          // and module graph per file cost about 2 s of the run's time each (156 s to 135 s).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'crash',
          // The crash run (a server killed or stopped under 100 declarations, which must exit within
          // 10 s of SIGTERM): alone, last, so that the bound measures the server, not the machine's
          // load. Beside two browser files, its PGlite server once took 12.5 s to stop.
          include: ['bench/crash-volume.test.ts'],
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page reacts within a second on a quiet machine, not always beside another browser
          // file on two busy cores: expect.poll's 1 s default made journeys flaky there.
          expect: { poll: { timeout: 15_000 } },
          // Each file starts its own server on a throwaway database: they run side by side.
          fileParallelism: true,
          maxWorkers: TEST_WORKERS,
          // A worker runs its files one after another on the modules it has loaded, and they share
          // the worker's Chromium (harness.ts `workerBrowser`): the server's and Playwright's module
          // graph and a browser start once a worker instead of once a file.
          isolate: false,
        },
      },
    ],
  },
});
