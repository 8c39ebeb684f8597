import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate } from '../../server/db/test-global-setup.ts';

/**
 * Vitest global setup of the `e2e` project: one migrated PGlite folder for the run, copied by each
 * portal the browser files start (harness.ts `startPortal`) instead of migrating a new one, which
 * takes seconds on a busy machine. The browser files have no PostgreSQL server of the suite: the
 * cluster journey starts its own. A failure is handed on: every portal then says why.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = { error: 'the e2e project starts no PostgreSQL server' };
  try {
    const templateDataDir = await preparePgliteTemplate();
    project.provide('testDatabases', { postgres, pglite: { templateDataDir } });
    return () => rm(templateDataDir, { recursive: true, force: true });
  } catch (error) {
    project.provide('testDatabases', {
      postgres,
      pglite: { error: error instanceof Error ? error.message : String(error) },
    });
    return async () => {};
  }
}
