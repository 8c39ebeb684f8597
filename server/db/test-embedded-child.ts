import { sql } from 'drizzle-orm';
import { createLogger } from '../logger.ts';
import { openDatabase } from './client.ts';
import { EmbeddedDatabaseInUseError, lockEmbeddedDatabase } from './embedded-lock.ts';
import { claimProofs, claims, contracts, guarantees, reasons, subscriptions } from './schema.ts';

/**
 * A separate Node process for the crash and lock tests (embedded-lock.test.ts,
 * durability.test.ts), which kill it with SIGKILL. Run as
 * `node server/db/test-embedded-child.ts <mode> <DATA_DIR>`; it reports on stdout, one line per
 * event.
 * - `crash`: opens the database, commits a contract row, prints `written`, kills itself (-9).
 * - `hold`: opens the database, prints `open`, and waits to be killed.
 * - `lock`: takes only the lock; prints `locked` (and holds it until killed) or `in-use <pid>`.
 * - `claims`: opens the database, prints `ready`, then commits claims with 3 proofs each, in
 *   one transaction per claim, from 4 concurrent loops, and prints `committed <claim id>` after
 *   each commit, until killed.
 */

/** Proofs written with each claim, in the claim's transaction (durability.test.ts expects 3). */
const PROOFS_PER_CLAIM = 3;

const [mode, dataDir] = process.argv.slice(2);
if (!mode || !dataDir) throw new Error('usage: test-embedded-child.ts <crash|hold|lock|claims> <DATA_DIR>');
const logger = createLogger('silent');
const say = (line: string) => process.stdout.write(`${line}\n`);

async function writeClaims(): Promise<void> {
  const { db } = await openDatabase({ DATA_DIR: dataDir as string }, logger);
  await db.insert(contracts).values({ contratCompagnieId: 501 });
  await db.insert(guarantees).values({ id: 1 });
  await db.insert(reasons).values({ id: 11, guaranteeId: 1 });
  await db.insert(subscriptions).values({ souscriptionId: 9001, contratCompagnieId: 501, assureNumero: 'SO-0000001' });
  say('ready');
  const loop = async () => {
    for (;;) {
      const id = await db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(claims)
          .values({
            souscriptionId: 9001,
            contratCompagnieId: 501,
            assureNumero: 'SO-0000001',
            assureNom: 'MARTIN',
            assurePrenom: 'Claire',
            assureEmail: 'claire.martin@example.com',
            assureAdresse: '1 rue de la Paix',
            assureCp: '75002',
            assureVille: 'Paris',
            assurePays: 'France',
            assureTelephone: '0612345678',
            sinistreDate: '2025-07-03',
            motifId: 11,
            garantieId: 1,
            lang: 'fr',
            acquisitionMethode: 'portail_test',
            declarationCommentaire: 'x'.repeat(2000),
          })
          .returning({ id: claims.id });
        if (!claim) throw new Error('no claim');
        await tx
          .insert(claimProofs)
          .values(
            Array.from({ length: PROOFS_PER_CLAIM }, (_, index) => ({ claimId: claim.id, nomCourt: `p${index}` })),
          );
        return claim.id;
      });
      say(`committed ${id}`);
    }
  };
  await Promise.all([loop(), loop(), loop(), loop()]);
}

switch (mode) {
  case 'crash': {
    const { db } = await openDatabase({ DATA_DIR: dataDir }, logger);
    await db.insert(contracts).values({ contratCompagnieId: 4242, nom: 'written before the crash' });
    await db.execute(sql`select 1`);
    say('written');
    process.kill(process.pid, 'SIGKILL');
    break;
  }
  case 'hold': {
    await openDatabase({ DATA_DIR: dataDir }, logger);
    say('open');
    setInterval(() => {}, 60_000);
    break;
  }
  case 'lock': {
    try {
      const lock = await lockEmbeddedDatabase(dataDir);
      say('locked');
      // Held until the test kills this process: on a busy machine the other five may take seconds
      // to start, and a lock released early would leave them nothing to be refused by.
      void lock;
      setInterval(() => {}, 60_000);
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
      say(`in-use ${error.ownerPid}`);
    }
    break;
  }
  case 'claims':
    await writeClaims();
    break;
  default:
    throw new Error(`unknown mode ${mode}`);
}
