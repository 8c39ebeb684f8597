import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, gte, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PARTNER_API_BASE,
  SinistresAnswerSchema,
  SinistresCreatedAnswerSchema,
} from '../../../contracts/partner-api.ts';
import { openDatabase } from '../../db/client.ts';
import { claimProofs, claims, followUpTokens, mailOutbox, reasonDocuments } from '../../db/schema.ts';
import { prepareTestDatabase } from '../../db/test-database.ts';
import { getDemoGuarantee } from '../../demo/records/guarantees.ts';
import { createLogger } from '../../logger.ts';
import { postDeclaration, validDeclaration } from './test-support.ts';

/**
 * Crash recovery of claim submissions on the embedded database: the real server (`node
 * server/index.ts`) takes concurrent declarations, is killed with SIGKILL in the middle, restarts
 * on the same DATA_DIR without anyone touching files, and then every declaration that was answered
 * 200 is there whole (claim, requested proofs, confirmation mail) and no claim is partial. The
 * unanswered declarations, resent with their keys, each end with exactly one claim.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The project's Node 24, which runs TypeScript natively. */
const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
/** The generic demo insured numbers SO-0000010 … SO-0000029: one claim each. */
const SUBSCRIPTIONS = Array.from({ length: 20 }, (_, index) => 10 + index);
/** Answers received before the kill. */
const ANSWERED_BEFORE_KILL = 5;
/** Reason 18 of validDeclaration. */
const REASON_ID = 18;

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts `node server/index.ts` on a free port and resolves once it logs that it listens. */
async function startServer(dataDir: string, staticDir: string): Promise<ServerProcess> {
  const child = spawn(NODE, ['server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', DATA_DIR: dataDir, STATIC_DIR: staticDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not listen in time: ${output.slice(-2000)}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const line of output.split('\n')) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === 'listening' && typeof entry.port === 'number') {
          clearTimeout(timer);
          resolve(entry.port);
        }
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening: ${output.slice(-2000)}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => output };
}

describe('claim submissions across a crash', () => {
  it('When the server is killed with -9 during concurrent submissions and restarted, then every answered claim is whole and none is partial', {
    timeout: 90_000,
  }, async () => {
    const prepared = await prepareTestDatabase('pglite');
    cleanups.push(() => prepared.remove());
    const staticDir = mkdtempSync(join(tmpdir(), 'claim-portal-crash-site-'));
    cleanups.push(() => rmSync(staticDir, { recursive: true, force: true }));
    writeFileSync(join(staticDir, 'index.html'), '<h1>home</h1>');

    const first = await startServer(prepared.dataDir, staticDir);
    const submissions = SUBSCRIPTIONS.map((n) => ({
      n,
      key: randomBytes(18).toString('base64url'),
      fields: validDeclaration(n),
    }));
    const answered = new Map<number, string>();
    let resolveEnough: () => void = () => {};
    const enough = new Promise<void>((resolve) => {
      resolveEnough = resolve;
    });
    const inFlight = submissions.map(async ({ n, key, fields }) => {
      try {
        const answer = await postDeclaration(first.baseUrl, fields, key);
        if (answer.status === 200) {
          answered.set(n, SinistresCreatedAnswerSchema.parse(answer.body).data.numero_sinistre);
          if (answered.size >= ANSWERED_BEFORE_KILL) resolveEnough();
        }
      } catch {
        // Cut by the kill: no answer, so no promise was made.
      }
    });
    await Promise.race([enough, Promise.all(inFlight)]);
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(inFlight);
    const acknowledged = new Map(answered);
    expect(acknowledged.size).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
    // The kill cut submissions short: some never got their answer.
    expect(acknowledged.size).toBeLessThan(SUBSCRIPTIONS.length);

    // The same folder, untouched: the stale lock and postmaster.pid are the server's to handle.
    const second = await startServer(prepared.dataDir, staticDir);
    expect((await fetch(`${second.baseUrl}/healthz`)).status).toBe(200);
    const requiredDocuments = getDemoGuarantee(12).motifs.find((motif) => motif.id === REASON_ID)?.documentTypeIds
      .length;
    for (const numero of acknowledged.values()) {
      const url = new URL(`${PARTNER_API_BASE}/sinistres`, second.baseUrl);
      url.search = new URLSearchParams({ dossier_numero: numero, dossier_nom: 'Lefèvre', lang: 'fr' }).toString();
      const answer = await fetch(url);
      expect(answer.status, numero).toBe(200);
      const info = SinistresAnswerSchema.parse(await answer.json()).data.infos_sinistre;
      expect(Object.keys(info.justificatifs_manquants)).toHaveLength(requiredDocuments ?? -1);
    }
    // Every submission resent with its key: an answered one gets its claim back, the others one claim each.
    const resent = await Promise.all(
      submissions.map(async ({ n, key, fields }) => {
        const answer = await postDeclaration(second.baseUrl, fields, key);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return [n, SinistresCreatedAnswerSchema.parse(answer.body).data.numero_sinistre] as const;
      }),
    );
    for (const [n, numero] of resent) if (acknowledged.has(n)) expect(numero).toBe(acknowledged.get(n));
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    const database = await openDatabase(prepared.config, createLogger('silent'));
    cleanups.push(() => database.close());
    const { db } = database;
    const created = await db.select().from(claims).where(gte(claims.numero, 'SI-0001001'));
    expect(created.map((claim) => claim.numero).sort()).toEqual(resent.map(([, numero]) => numero).sort());
    expect(new Set(created.map((claim) => claim.souscriptionId)).size).toBe(SUBSCRIPTIONS.length);
    const [required] = await db
      .select({ n: count() })
      .from(reasonDocuments)
      .where(eq(reasonDocuments.reasonId, REASON_ID));
    const ids = created.map((claim) => claim.id);
    const proofs = await db
      .select({ claimId: claimProofs.claimId, n: count() })
      .from(claimProofs)
      .where(inArray(claimProofs.claimId, ids))
      .groupBy(claimProofs.claimId);
    const tokens = await db
      .select({ claimId: followUpTokens.claimId })
      .from(followUpTokens)
      .where(inArray(followUpTokens.claimId, ids));
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'claim-confirmation'));
    for (const claim of created) {
      expect(proofs.find((row) => row.claimId === claim.id)?.n, claim.numero).toBe(required?.n);
      expect(
        tokens.filter((row) => row.claimId === claim.id),
        claim.numero,
      ).toHaveLength(1);
      expect(
        mails.filter((mail) => mail.subject.includes(claim.numero)),
        claim.numero,
      ).toHaveLength(1);
    }
    expect(mails).toHaveLength(created.length);
  });
});
