import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemoTemplate } from '../../server/db/test-demo-template.ts';
import { preparePgliteTemplate } from '../../server/db/test-global-setup.ts';

/**
 * Vitest global setup of the `e2e` project: one migrated PGlite folder for the run, copied by each
 * portal the browser files start (harness.ts `startPortal`) instead of migrating a new one, which
 * takes seconds on a busy machine; and a copy of it seeded with the demo records and their files,
 * which the portals started with `demo: true` copy instead of seeding (about 5 s of a core each):
 * it is seeded in a process of its own while the first files start
 * (server/db/test-demo-template.ts). The browser files have no PostgreSQL server of the suite: the
 * cluster journey starts its own. A failure is handed on: every portal then says why.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = { error: 'the e2e project starts no PostgreSQL server' };
  try {
    const templateDataDir = await preparePgliteTemplate();
    const demoDataDir = await mkdtemp(join(tmpdir(), 'claim-portal-pglite-demo-'));
    const seeding = seedDemoTemplate({ kind: 'pglite', templateDataDir, demoDataDir, withFiles: true });
    project.provide('testDatabases', { postgres, pglite: { templateDataDir, demoDataDir } });
    return async () => {
      await seeding;
      await Promise.all([templateDataDir, demoDataDir].map((dir) => rm(dir, { recursive: true, force: true })));
    };
  } catch (error) {
    project.provide('testDatabases', {
      postgres,
      pglite: { error: error instanceof Error ? error.message : String(error) },
    });
    return async () => {};
  }
}
