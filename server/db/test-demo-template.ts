import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * Templates seeded once per test run with the demo records (`seedDemoData`), which test databases
 * asked with `demo: true` are copied from instead of seeding their own: seeding takes 1.5 s on
 * PostgreSQL and 4–5 s of a core on PGlite, and some forty files and portals of a run seed the
 * demo. The run's global setup starts the seeding (test-global-setup.ts: PostgreSQL, PGlite, and
 * PGlite with the proofs' files for the browser files' portals) and hands the folders on without
 * waiting: each is seeded in a process of its own while the first files start (in Vitest's main
 * process, PGlite's work held up what the workers ask of it: a service-worker journey then hung),
 * and writes a ready file into its folder when done, or a failed file with the reason;
 * test-database.ts waits for it. The records' dates are relative to the moment the run started.
 */

/** What to seed: a copy of the migrated PGlite template, or of the migrated PostgreSQL template. */
export type DemoTemplateJob =
  | {
      kind: 'pglite';
      templateDataDir: string;
      /** An empty folder: the seeded copy, its ready file, and with `withFiles` the proofs' files. */
      demoDataDir: string;
      /** The proofs' files too, in the copy's file store (`DATA_DIR/files`), as `DEMO_DATA=on` seeds them. */
      withFiles: boolean;
    }
  | {
      kind: 'postgres';
      /** The server's administration address. */
      adminUrl: string;
      template: string;
      /** The database to create from `template` and seed. */
      database: string;
      /** An empty folder for the ready file. */
      readyDir: string;
    };

/** The file a template's folder holds once it is seeded. */
export const DEMO_TEMPLATE_READY = 'ready';
/** The file it holds instead when seeding failed, with the reason. */
const DEMO_TEMPLATE_FAILED = 'failed';
/** How long a test waits for a template. */
const DEMO_TEMPLATE_TIMEOUT_MS = 120_000;

const THIS_FILE = fileURLToPath(import.meta.url);

function readyDirOf(job: DemoTemplateJob): string {
  return job.kind === 'pglite' ? job.demoDataDir : job.readyDir;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Seeds `job` in a child process; settles when it has exited, its ready or failed file written.
 * `signal` kills the child (the run ended before the template was needed).
 */
export function seedDemoTemplate(job: DemoTemplateJob, signal?: AbortSignal): Promise<void> {
  const failed = (reason: string) =>
    writeFile(join(readyDirOf(job), DEMO_TEMPLATE_FAILED), reason, { flag: 'wx' }).catch(() => {});
  return new Promise((settle) => {
    const child = spawn(process.execPath, [THIS_FILE, JSON.stringify(job)], {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) => void failed(messageOf(error)).then(() => settle()));
    child.on('exit', (code) => {
      if (code === 0) settle();
      else void failed(`the seeding process exited with ${code}: ${errors.slice(-2000)}`).then(() => settle());
    });
  });
}

/** Runs `job` in this process (the child's side). */
async function runJob(job: DemoTemplateJob): Promise<void> {
  const [{ loadConfig }, { createLogger }, { openDatabase }, { seedDemoData }, { createFileStore }] = await Promise.all(
    [
      import('../config.ts'),
      import('../logger.ts'),
      import('./client.ts'),
      import('../demo/seed.ts'),
      import('../files/store.ts'),
    ],
  );
  let config: ReturnType<typeof loadConfig>;
  if (job.kind === 'pglite') {
    await cp(join(job.templateDataDir, 'pgdata'), join(job.demoDataDir, 'pgdata'), { recursive: true });
    config = loadConfig({ DATA_DIR: job.demoDataDir });
  } else {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: job.adminUrl });
    await client.connect();
    try {
      await client.query(`create database ${job.database} template ${job.template}`);
    } finally {
      await client.end();
    }
    config = loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: new URL(`/${job.database}`, job.adminUrl).href });
  }
  const database = await openDatabase(config, createLogger('silent'));
  try {
    const withFiles = job.kind === 'pglite' && job.withFiles;
    await seedDemoData(database.db, withFiles ? { fileStore: createFileStore(config) } : {});
  } finally {
    await database.close();
  }
  await writeFile(join(readyDirOf(job), DEMO_TEMPLATE_READY), '');
}

/** The template's folder once its ready file is there; throws why it cannot be had. */
export async function seededDemoTemplate(readyDir: string | undefined): Promise<string> {
  if (readyDir === undefined) throw new Error('The run seeds no demo template (see test-global-setup.ts).');
  const deadline = Date.now() + DEMO_TEMPLATE_TIMEOUT_MS;
  for (;;) {
    if (existsSync(join(readyDir, DEMO_TEMPLATE_READY))) return readyDir;
    const failure = await readFile(join(readyDir, DEMO_TEMPLATE_FAILED), 'utf8').catch(() => undefined);
    if (failure !== undefined) throw new Error(`The demo template of the test run could not be seeded: ${failure}`);
    if (Date.now() > deadline)
      throw new Error(`The demo template of the test run was not seeded within ${DEMO_TEMPLATE_TIMEOUT_MS / 1000} s.`);
    await delay(100);
  }
}

if (process.argv[1] === THIS_FILE) {
  const job = JSON.parse(process.argv[2] ?? '') as DemoTemplateJob;
  await runJob(job).catch(async (error: unknown) => {
    await writeFile(join(readyDirOf(job), DEMO_TEMPLATE_FAILED), messageOf(error), { flag: 'wx' }).catch(() => {});
    process.exitCode = 1;
  });
}
