import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { claimProofs } from '../../db/schema.ts';
import { describeWithDatabases, type PreparedTestDatabase, prepareTestDatabase } from '../../db/test-database.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createLogger } from '../../logger.ts';
import { createTestCatalog } from '../../test-support.ts';
import { runClaimsCommand } from './command.ts';
import { claimsSocketPath, startClaimsSocket } from './socket.ts';
import {
  ClaimsAdminError,
  getClaim,
  getClaimForHandling,
  listClaims,
  listDocumentTypes,
  refuseDocument,
  requestDocument,
  setClaimEtat,
  TERMINAL_ACTOR,
  validateDocument,
} from './service.ts';
import { insertDurandClaim } from './test-support.ts';

const silent = createLogger('silent');
/** Who the service tests' changes are made by, and how their claimants are mailed. */
const MAILING = { brands: createTestCatalog(), origin: 'https://claims.example.com' };
const BY = { actor: 'claude.staff', mailing: MAILING };

describeWithDatabases('claims admin service', { demo: true }, (context) => {
  /** A new claim of its own for a test (numbered by the sequence), with the given proofs. */
  function createClaim(
    proofs: { documentTypeId: number; demande: 0 | 1; dropbox: 0 | 1; nomFichier?: string }[] = [],
  ): Promise<{ numero: string; proofIds: number[] }> {
    return insertDurandClaim(
      context.database.db,
      proofs.map((proof) => ({ nomFichier: null, ...proof })),
    );
  }

  async function proofRow(id: number) {
    const [row] = await context.database.db.select().from(claimProofs).where(eq(claimProofs.id, id));
    if (!row) throw new Error(`no proof ${id}`);
    return row;
  }

  // list ------------------------------------------------------------------------------------------

  it('When the claims are listed, then the most recent come first with their proofs requested, transmitted and validated', async () => {
    await createClaim();
    const listed = await listClaims(context.database.db);

    const times = listed.map((claim) => claim.declarationDate.getTime());
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    const demo = listed.filter((claim) => ['SI-0000003', 'SI-0000007', 'SI-0000008'].includes(claim.numero));
    expect(demo).toEqual([
      expect.objectContaining({
        numero: 'SI-0000003',
        etat: 'en_cours',
        company: 'sandaya',
        lang: 'fr',
        assureNom: 'MARTIN',
        requested: 4,
        transmitted: 2,
        validated: 1,
      }),
      expect.objectContaining({ numero: 'SI-0000008', etat: 'sans_suite', requested: 3, transmitted: 3, validated: 3 }),
      expect.objectContaining({ numero: 'SI-0000007', etat: 'paiement_envoye', requested: 4, validated: 4 }),
    ]);
    // A claim without any proof counts zeros.
    expect(listed[0]).toMatchObject({ requested: 0, transmitted: 0, validated: 0 });
  });

  it('When the list is filtered by state and limited, then only that many claims in that state come', async () => {
    const { db } = context.database;
    const paid = await listClaims(db, { etat: 'paiement_envoye' });
    expect(paid.map((claim) => claim.numero)).toContain('SI-0000007');
    expect(new Set(paid.map((claim) => claim.etat))).toEqual(new Set(['paiement_envoye']));

    expect(await listClaims(db, { limit: 1 })).toHaveLength(1);
    expect(await listClaims(db, { etat: 'nowhere' })).toEqual([]);
    await expect(listClaims(db, { limit: 0 })).rejects.toThrow(ClaimsAdminError);
    await expect(listClaims(db, { limit: 1001 })).rejects.toThrow(/from 1 to 1000/);
  });

  // show ------------------------------------------------------------------------------------------

  it('When a claim is shown, then its facts come with its proofs by id, whatever the case of the number', async () => {
    const claim = await getClaim(context.database.db, ' si-0000003 ');

    expect(claim).toMatchObject({
      numero: 'SI-0000003',
      etat: 'en_cours',
      assureNom: 'MARTIN',
      assureNumero: 'SO-0000003',
      souscriptionId: 1005,
      garantie: { id: 5, nom: 'Annulation pour raison médicale' },
      motif: { id: 6, nom: 'Maladie grave' },
      sinistreDate: '2026-11-02',
    });
    expect(
      claim.proofs.map((proof) => [proof.documentCode, proof.nomCourt, proof.demande, proof.dropbox, proof.valide]),
    ).toEqual([
      ['CERTIFICAT_MEDICAL', 'Certificat médical', 1, 0, 0],
      ['CONFIRMATION_RESERVATION', 'Confirmation de réservation', 1, 1, 1],
      ['FACTURE_ANNULATION', 'Facture d’annulation', 1, 0, 0],
      ['RIB', 'RIB', 1, 1, 0],
    ]);
    const ids = claim.proofs.map((proof) => proof.id);
    expect(ids).toEqual(ids.toSorted((a, b) => a - b));
  });

  it('When an unknown or malformed claim number is shown, then a one-line refusal says so', async () => {
    await expect(getClaim(context.database.db, 'SI-0999999')).rejects.toThrow(
      new ClaimsAdminError('No claim SI-0999999.'),
    );
    await expect(getClaim(context.database.db, 'SO-0000003')).rejects.toThrow(/is not a claim number/);
  });

  // set-etat --------------------------------------------------------------------------------------

  it('When a claim is moved between follow-up states, then it changes, and setting the same state again changes nothing', async () => {
    const { db } = context.database;
    const { numero } = await createClaim();

    expect(await setClaimEtat(db, numero, 'attente_traitement', BY)).toEqual({
      numero,
      previous: 'en_cours',
      etat: 'attente_traitement',
    });
    expect(await setClaimEtat(db, numero, 'paiement_envoye', BY)).toEqual({
      numero,
      previous: 'attente_traitement',
      etat: 'paiement_envoye',
    });
    expect(await setClaimEtat(db, numero, 'paiement_envoye', BY)).toMatchObject({ previous: 'paiement_envoye' });
    expect((await getClaim(db, numero)).etat).toBe('paiement_envoye');
  });

  it('When a state the follow-up page does not know is set, then it is refused unless forced, and a malformed one always', async () => {
    const { db } = context.database;
    const { numero } = await createClaim();

    await expect(setClaimEtat(db, numero, 'archive', BY)).rejects.toThrow(/add --force/);
    expect((await getClaim(db, numero)).etat).toBe('en_cours');

    expect(await setClaimEtat(db, numero, 'archive', { ...BY, force: true })).toMatchObject({ etat: 'archive' });
    await expect(setClaimEtat(db, numero, 'Not A State', { ...BY, force: true })).rejects.toThrow(/is not a state/);
    await expect(setClaimEtat(db, 'SI-0999999', 'en_cours', BY)).rejects.toThrow('No claim SI-0999999.');
  });

  // request-document ------------------------------------------------------------------------------

  it('When a document is requested by code or id, then a requested proof is added once, and a second request is refused', async () => {
    const { db } = context.database;
    const { numero } = await createClaim();

    const byCode = await requestDocument(db, numero, 'certificat_medical', BY);
    expect(byCode).toMatchObject({ numero, created: true, documentType: { id: 1, code: 'CERTIFICAT_MEDICAL' } });
    expect(await proofRow(byCode.proofId)).toMatchObject({
      documentTypeId: 1,
      demande: 1,
      dropbox: 0,
      valide: 0,
      nomCourt: 'Certificat médical',
    });
    const byId = await requestDocument(db, numero, '11', BY);
    expect(byId.documentType.code).toBe('RIB');

    await expect(requestDocument(db, numero, 'CERTIFICAT_MEDICAL', BY)).rejects.toThrow(
      `${numero} already asks for CERTIFICAT_MEDICAL (proof ${byCode.proofId}).`,
    );
    await expect(requestDocument(db, numero, 'NO_SUCH_DOCUMENT', BY)).rejects.toThrow(/document-types/);
    expect((await getClaim(db, numero)).proofs).toHaveLength(2);
  });

  it('When a document the claimant sent unasked is requested, then that proof becomes requested rather than doubled', async () => {
    const { db } = context.database;
    const { numero, proofIds } = await createClaim([
      { documentTypeId: 12, demande: 0, dropbox: 1, nomFichier: 'id.pdf' },
    ]);

    expect(await requestDocument(db, numero, 'PIECE_IDENTITE', BY)).toMatchObject({
      proofId: proofIds[0],
      created: false,
    });
    expect(await proofRow(proofIds[0] ?? 0)).toMatchObject({ demande: 1, dropbox: 1, nomFichier: 'id.pdf' });
    expect((await getClaim(db, numero)).proofs).toHaveLength(1);
  });

  it('When the same document is requested twice at once, then exactly one proof is added', async () => {
    const { db } = context.database;
    const { numero } = await createClaim();

    const results = await Promise.allSettled([
      requestDocument(db, numero, 'DEPOT_PLAINTE', BY),
      requestDocument(db, numero, 'DEPOT_PLAINTE', BY),
    ]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(ClaimsAdminError);
    expect((await getClaim(db, numero)).proofs).toHaveLength(1);
  });

  // validate-document -----------------------------------------------------------------------------

  it('When a transmitted proof is validated, then it is validated and read, and validating it again changes nothing', async () => {
    const { db } = context.database;
    const { numero, proofIds } = await createClaim([
      { documentTypeId: 11, demande: 1, dropbox: 1, nomFichier: 'rib.pdf' },
    ]);
    const proofId = proofIds[0] ?? 0;

    const validation = await validateDocument(db, numero, proofId, BY);
    expect(validation).toMatchObject({ numero, proofId, nomCourt: 'Pièce', alreadyValidated: false });
    const row = await proofRow(proofId);
    expect(row).toMatchObject({ valide: 1, dropbox: 1 });
    expect(row.validatedAt).toEqual(validation.validatedAt);
    expect(row.readAt).toBeInstanceOf(Date);
    expect(row.receptionDate).toBeInstanceOf(Date);

    const again = await validateDocument(db, numero, proofId, BY);
    expect(again).toMatchObject({ alreadyValidated: true, validatedAt: row.validatedAt });
  });

  it('When a transmitted proof is refused, then it is asked again and the claim page and the claimant carry the latest refusal until a new file comes', async () => {
    const { db } = context.database;
    const { numero, proofIds } = await createClaim([
      { documentTypeId: 11, demande: 1, dropbox: 1, nomFichier: 'rib.pdf' },
      { documentTypeId: 1, demande: 1, dropbox: 0 },
    ]);
    const [rib = 0, never = 0] = proofIds;
    const refusalOf = async (id: number) =>
      (await getClaimForHandling(db, numero)).proofs.find((proof) => proof.id === id)?.refusal;

    await refuseDocument(db, numero, rib, { ...BY, motif: 'Illisible' });
    expect(await proofRow(rib)).toMatchObject({ demande: 1, dropbox: 0, nomFichier: null });
    expect(await refusalOf(rib)).toEqual({ at: expect.any(Date), motif: 'Illisible' });
    // A proof only asked, never refused, waits without one.
    expect(await refusalOf(never)).toBeNull();

    // Sent again, then refused again: the page tells the latest reason.
    await db.update(claimProofs).set({ dropbox: 1, nomFichier: 'rib-2.pdf' }).where(eq(claimProofs.id, rib));
    expect(await refusalOf(rib)).toBeNull();
    await refuseDocument(db, numero, rib, { ...BY, motif: 'Le RIB n’est pas au nom du titulaire' });
    const latest = await refusalOf(rib);
    expect(latest?.motif).toBe('Le RIB n’est pas au nom du titulaire');

    // Validated without a file (it came by post): the refusal no longer stands; the history keeps both.
    await validateDocument(db, numero, rib, { ...BY, force: true });
    expect(await refusalOf(rib)).toBeNull();
    const history = (await getClaimForHandling(db, numero)).history.map((event) => event.action);
    expect(history.filter((action) => action === 'proof_refused')).toHaveLength(2);
  });

  it('When a proof with no file is validated, then it is refused unless forced, and forcing marks it transmitted', async () => {
    const { db } = context.database;
    const { numero, proofIds } = await createClaim([{ documentTypeId: 1, demande: 1, dropbox: 0 }]);
    const proofId = proofIds[0] ?? 0;

    await expect(validateDocument(db, numero, proofId, BY)).rejects.toThrow(/has no transmitted file; add --force/);
    expect(await proofRow(proofId)).toMatchObject({ valide: 0, validatedAt: null });

    await validateDocument(db, numero, proofId, { ...BY, force: true });
    const row = await proofRow(proofId);
    expect(row).toMatchObject({ valide: 1, dropbox: 1 });
    expect(row.receptionDate).toBeInstanceOf(Date);
  });

  it('When a proof of another claim, or no proof, is named, then nothing is validated', async () => {
    const { db } = context.database;
    const other = await createClaim([{ documentTypeId: 11, demande: 1, dropbox: 1 }]);
    const { numero } = await createClaim();
    const otherProof = other.proofIds[0] ?? 0;

    await expect(validateDocument(db, numero, otherProof, BY)).rejects.toThrow(`${numero} has no proof ${otherProof}`);
    await expect(validateDocument(db, numero, 0, BY)).rejects.toThrow(/is not a proof id/);
    expect(
      await db
        .select({ valide: claimProofs.valide })
        .from(claimProofs)
        .where(and(eq(claimProofs.id, otherProof), eq(claimProofs.valide, 1))),
    ).toEqual([]);
  });

  it('When the document types are listed, then each has its id, code and French short name', async () => {
    const types = await listDocumentTypes(context.database.db);

    expect(types).toContainEqual({ id: 20, code: 'CERTIFICAT_TROU_EN_UN', nomCourt: 'Certificat de trou en un' });
    expect(types.map((type) => type.id)).toEqual(types.map((type) => type.id).toSorted((a, b) => a - b));
  });
});

// The command line, end to end ------------------------------------------------------------------

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));

/** Runs `node scripts/claims.ts <args>` on the DATA_DIR, as `npm run claims -- <args>` does. */
function spawnClaimsCommand(
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ['scripts/claims.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', NODE_OPTIONS: process.env['NODE_OPTIONS'] ?? '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Each command starts Node and opens the embedded database (about 6 s on a quiet 2-core machine);
 * a test running several of them beside the rest of the suite needs far more than the default.
 */
const COMMAND_TEST_TIMEOUT = 180_000;

describe('npm run claims (embedded database)', () => {
  let prepared: PreparedTestDatabase;

  beforeAll(async () => {
    prepared = await prepareTestDatabase('pglite');
    const database = await openDatabase(prepared.config, silent);
    try {
      await seedDemoData(database.db);
    } finally {
      await database.close();
    }
  }, COMMAND_TEST_TIMEOUT);
  afterAll(async () => {
    await prepared?.remove();
  });

  it(
    'When staff list, change and show claims from the command line, then it prints tables and one-line errors with exit code 1',
    async () => {
      const list = await spawnClaimsCommand(['list', '--etat', 'en_cours'], prepared.dataDir);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const [header, , ...lines] = list.stdout.trimEnd().split('\n');
      expect(header?.split(/\s{2,}/)).toEqual([
        'number',
        'declared',
        'etat',
        'company',
        'lang',
        'last name',
        'requested',
        'transmitted',
        'validated',
      ]);
      expect(lines.map((line) => line.split(/\s{2,}/))).toEqual([
        ['SI-0000003', '2026-11-04 09:12 UTC', 'en_cours', 'sandaya', 'fr', 'MARTIN', '4', '2', '1'],
      ]);

      const unknown = await spawnClaimsCommand(['archive-all'], prepared.dataDir);
      expect(unknown).toMatchObject({
        code: 1,
        stderr: 'Unknown command "archive-all". Run `npm run claims -- help` for usage.\n',
      });

      // What the script prints is what the command answers (command.ts): the other answers are
      // read from it in this process, without a Node start and a database opening each.
      const database = await openDatabase(prepared.config, silent);
      try {
        const change = await runClaimsCommand(['set-etat', 'SI-0000007', 'en_cours'], database);
        expect(change).toMatchObject({ exitCode: 0, stdout: 'SI-0000007: paiement_envoye → en_cours.\n' });

        const show = await runClaimsCommand(['show', 'SI-0000007'], database);
        expect(show.exitCode).toBe(0);
        expect(show.stdout).toMatch(/^etat {2,}en_cours$/m);
        expect(show.stdout).toMatch(/^\d+ +RIB +RIB +yes +yes +yes +rib-durand\.png /m);

        const refused = await runClaimsCommand(['set-etat', 'SI-0000007', 'archive'], database);
        expect(refused.exitCode).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr.trimEnd().split('\n')).toEqual([
          '"archive" is not a state the follow-up page knows (en_cours, attente_traitement, paiement_envoye, sans_suite); add --force to set it anyway.',
        ]);
      } finally {
        await database.close();
      }
    },
    COMMAND_TEST_TIMEOUT,
  );

  it(
    'When the server has the embedded database open, then the command goes through the server and the change is made',
    async () => {
      const server = await openDatabase(prepared.config, silent);
      const socket = await startClaimsSocket(claimsSocketPath(prepared.dataDir), server, silent);
      try {
        const change = await spawnClaimsCommand(['set-etat', 'SI-0000008', 'en_cours'], prepared.dataDir);
        expect(change).toEqual({ code: 0, stdout: 'SI-0000008: sans_suite → en_cours.\n', stderr: '' });
        expect((await getClaim(server.db, 'SI-0000008')).etat).toBe('en_cours');
        // Through the server too, the history names the terminal.
        expect((await getClaimForHandling(server.db, 'SI-0000008')).history.at(-1)).toMatchObject({
          staffLogin: TERMINAL_ACTOR,
          action: 'etat',
          detail: { from: 'sans_suite', to: 'en_cours' },
        });

        const refused = await spawnClaimsCommand(['show', 'SI-0009999'], prepared.dataDir);
        expect(refused).toEqual({ code: 1, stdout: '', stderr: 'No claim SI-0009999.\n' });
        const mistake = await spawnClaimsCommand(['show'], prepared.dataDir);
        expect(mistake.stderr).toBe('show takes <SI-…>. Run `npm run claims -- help` for usage.\n');
      } finally {
        await socket?.close();
        await server.close();
      }
      expect(statSync(join(prepared.dataDir, 'run')).mode & 0o777).toBe(0o700);
      expect(existsSync(claimsSocketPath(prepared.dataDir))).toBe(false);
    },
    COMMAND_TEST_TIMEOUT,
  );

  it(
    'When another process has the embedded database open and no server answers, then the command says so, and changes nothing',
    async () => {
      const other = await openDatabase(prepared.config, silent);
      try {
        const result = await spawnClaimsCommand(['set-etat', 'SI-0000007', 'sans_suite'], prepared.dataDir);

        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          `Cannot open the embedded database in ${prepared.dataDir}: another process (pid ${process.pid}) has it open and does not answer on ${claimsSocketPath(prepared.dataDir)}. Stop it first, or run the server and this command on a PostgreSQL server (DATABASE_URL).\n`,
        );
        expect((await getClaim(other.db, 'SI-0000007')).etat).not.toBe('sans_suite');
      } finally {
        await other.close();
      }
    },
    COMMAND_TEST_TIMEOUT,
  );

  it('When help is asked, then the usage lists every command and exits 0', async () => {
    const help = await spawnClaimsCommand(['help'], prepared.dataDir);

    expect(help.code).toBe(0);
    for (const command of ['list', 'show', 'set-etat', 'request-document', 'validate-document', 'document-types']) {
      expect(help.stdout).toMatch(new RegExp(`^ {2}${command}\\b`, 'm'));
    }
  });
});
