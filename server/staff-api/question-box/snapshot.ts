import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type AppDatabase, queryRows } from '../../db/public.ts';

/**
 * A copy of the embedded database (PGlite) that a worker thread can open and read while the
 * portal keeps using the original (snapshot-reader.ts).
 *
 * Taken as PostgreSQL takes an online base backup, so that the main thread never waits for the
 * copy: `pg_backup_start` (a checkpoint: the only time the main thread is held, a few ten
 * milliseconds), an asynchronous copy of the data folder while the portal goes on writing,
 * `pg_backup_stop`, then the write-ahead log from the backup's start to its end and the
 * `backup_label` it returns. Pages the copy caught half-written are restored on opening from the
 * full-page images the log holds during a backup, as for any base backup. (A synchronous copy of
 * the folder would be consistent without this, but it holds the process for as long as it takes:
 * 3.5 to 5 s for the 88 MB demo database on a busy 2-core machine, and more as the data grows.)
 */

/** Entries of the data folder that a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup"). */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_manifest',
  'tablespace_map',
  'pg_internal.init',
]);
/** Folders copied empty: their content is rebuilt on opening, or (pg_wal) copied after the backup stops. */
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** Files copied at the same time: enough to keep the disk busy, few enough to leave the thread pool to others. */
const COPY_CONCURRENCY = 8;

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Copies a folder tree; a file deleted while it is being copied is skipped (the log recreates what matters). */
async function copyTree(source: string, target: string, depth: number): Promise<void> {
  await mkdir(target, { recursive: true });
  const entries = await readdir(source, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  const files = entries.filter(
    (entry) => entry.isFile() && !SKIPPED_FILES.has(entry.name) && !entry.name.startsWith('pgsql_tmp'),
  );
  for (let index = 0; index < files.length; index += COPY_CONCURRENCY) {
    await Promise.all(
      files.slice(index, index + COPY_CONCURRENCY).map((entry) =>
        copyFile(join(source, entry.name), join(target, entry.name)).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        }),
      ),
    );
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('pgsql_tmp')) continue;
    if (depth === 0 && EMPTIED_FOLDERS.has(entry.name)) await mkdir(join(target, entry.name), { recursive: true });
    else await copyTree(join(source, entry.name), join(target, entry.name), depth + 1);
  }
}

/** A new folder name for a snapshot under `root`. */
export function newSnapshotFolder(root: string): string {
  return join(root, `snapshot-${Date.now()}-${randomBytes(4).toString('hex')}`);
}

/**
 * Copies the embedded database whose folder is `dataDir` (opened by `db`) into `target`, which a
 * PGlite can then open on its own. Resolves with the time the copy's data is from.
 */
export async function takeSnapshot(db: AppDatabase, dataDir: string, target: string): Promise<Date> {
  const label = `question-box ${new Date().toISOString()}`;
  const start = async () => queryRows(db, sql`select pg_backup_start(${label}, true)`);
  await start().catch(async (error: unknown) => {
    // A backup left open in this session (a copy that failed midway): end it and start again.
    if (!/backup is already in progress/i.test(error instanceof Error ? error.message : '')) throw error;
    await queryRows(db, sql`select pg_backup_stop(false)`);
    await start();
  });
  let stopped: { labelfile: string; last_segment: string } | undefined;
  try {
    await copyTree(dataDir, target, 0);
  } finally {
    [stopped] = await queryRows<{ labelfile: string; last_segment: string }>(
      db,
      sql`select labelfile, pg_walfile_name(lsn) as last_segment from pg_backup_stop(false)`,
    );
  }
  const takenAt = new Date();
  const firstSegment = /\(file ([0-9A-F]{24})\)/.exec(stopped?.labelfile ?? '')?.[1];
  if (!stopped || firstSegment === undefined) throw new Error('pg_backup_stop returned no backup label');
  // The log from the backup's start to its end; segments are named in order within a timeline.
  const walFolder = join(dataDir, 'pg_wal');
  await mkdir(join(target, 'pg_wal', 'archive_status'), { recursive: true });
  await mkdir(join(target, 'pg_wal', 'summaries'), { recursive: true });
  for (const name of await readdir(walFolder)) {
    if (WAL_SEGMENT.test(name) && name >= firstSegment && name <= stopped.last_segment)
      await copyFile(join(walFolder, name), join(target, 'pg_wal', name));
  }
  await writeFile(join(target, 'backup_label'), stopped.labelfile);
  return takenAt;
}
