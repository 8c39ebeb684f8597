import { describe, expect, inject, it } from 'vitest';
import { type CrashVolumeDriver, measureCrashVolume, summariseCrashVolume } from './crash-volume.ts';

/**
 * The crash and shutdown bench (crash-volume.ts) at a small volume, on each database: one run of
 * 100 concurrent declarations killed with SIGKILL at a random moment, and one SIGTERM during 50
 * (on two busy cores PGlite takes about 20 claims a second: 100 queued claims took more than the
 * 10 s a stop may last). `npm run bench:crash` runs the full volume (20 kill runs of 1,000 declarations).
 */

const DECLARATIONS = 100;
const SIGTERM_DECLARATIONS = 50;

function postgresUrl(): string {
  const { postgres } = inject('testDatabases');
  if ('error' in postgres) throw new Error(postgres.error);
  return postgres.url;
}

describe('crash and shutdown under load', () => {
  it.each<CrashVolumeDriver>(['pglite', 'postgres'])(
    'When the server on %s is killed with -9 during 100 concurrent declarations and restarted, then no acknowledged claim is lost or partial, none is duplicated, each has one confirmation mail; and a SIGTERM during 50 answers every accepted request and exits 0 within 10 s',
    {
      timeout: 300_000,
    },
    async (driver) => {
      const lines: string[] = [];
      const figures = await measureCrashVolume({
        drivers: [driver],
        killRuns: 1,
        sigtermRuns: 1,
        declarations: DECLARATIONS,
        sigtermDeclarations: SIGTERM_DECLARATIONS,
        ...(driver === 'postgres' ? { postgresUrl: postgresUrl() } : {}),
        log: (line) => lines.push(line),
      });
      const [summary] = summariseCrashVolume(figures);
      const context = lines.join('\n');
      expect(summary, context).toMatchObject({
        driver,
        runs: 1,
        fired: DECLARATIONS,
        lost: 0,
        partial: 0,
        duplicates: 0,
        replayMismatches: 0,
        uncleanRestarts: 0,
        mailsPerClaimMin: 1,
        // A mail the SMTP server took just before the kill, not yet marked sent, leaves again after
        // the restart: the same message (same Message-ID), so a reader or server drops it.
        messageIdsPerClaimMax: 1,
        sigtermRuns: 1,
        sigtermFailedAccepted: 0,
        sigtermExitCodes: [0],
        sigtermLost: 0,
      });
      expect(summary?.sigtermAccepted, context).toBeGreaterThan(0);
      expect(summary?.sigtermExitSecondsMax, context).toBeLessThanOrEqual(10);
    },
  );
});
