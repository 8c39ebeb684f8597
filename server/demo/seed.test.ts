import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { asc, count, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contracts/languages.ts';
import { type AppDatabase, queryRows } from '../db/client.ts';
import {
  claimEvents,
  claimProofs,
  claims,
  contracts,
  countryTranslations,
  faqEntries,
  guarantees,
  guaranteeTranslations,
  knowledgeDocuments,
  legalParagraphs,
  mailOutbox,
  reasonDocuments,
  subscriptionGuarantees,
  subscriptions,
  uploadedFiles,
} from '../db/schema.ts';
import { LocalFileStore } from '../files/store.ts';
import { DATABASE_DRIVERS, openTestDatabase } from '../db/test-database.ts';
import { COUNTRIES } from '../../content/countries.ts';
import { FAQ_ENTRIES, KNOWLEDGE_DOCUMENTS } from '../../content/faq.ts';
import { GUARANTEES } from './records/guarantees.ts';
import { LEGAL_PAGES } from '../../content/legal-pages.ts';
import { CLAIMS, CONTRACTS, SUBSCRIPTIONS } from './records/people.ts';
import { seedDemoData } from './seed.ts';

/** Row counts of the seeded tables. */
async function countRows(db: AppDatabase): Promise<Record<string, number>> {
  const tables = {
    guarantees,
    guaranteeTranslations,
    reasonDocuments,
    countryTranslations,
    contracts,
    subscriptions,
    subscriptionGuarantees,
    claims,
    claimProofs,
    legalParagraphs,
    faqEntries,
    knowledgeDocuments,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ rows: count() }).from(table);
    counts[name] = row?.rows ?? 0;
  }
  return counts;
}

const EXPECTED_COUNTS = {
  guarantees: GUARANTEES.length,
  guaranteeTranslations: GUARANTEES.length * LANGUAGES.length,
  reasonDocuments: GUARANTEES.flatMap((guarantee) => guarantee.motifs).flatMap((reason) => reason.documentTypeIds)
    .length,
  countryTranslations: COUNTRIES.length * LANGUAGES.length,
  contracts: CONTRACTS.length,
  subscriptions: SUBSCRIPTIONS.length,
  claims: CLAIMS.length,
  claimProofs: CLAIMS.flatMap((claim) => claim.proofs).length,
  legalParagraphs: LEGAL_PAGES.flatMap((page) => page.paragraphs).length * LANGUAGES.length,
  faqEntries: FAQ_ENTRIES.length * LANGUAGES.length,
  knowledgeDocuments: KNOWLEDGE_DOCUMENTS.length * LANGUAGES.length,
};

for (const driver of DATABASE_DRIVERS) {
  describe(`seedDemoData [${driver}]`, () => {
    it('When two processes seed an empty database at once, and it starts again later, then the demo is written exactly once', async () => {
      const test = await openTestDatabase(driver);
      try {
        const { db } = test.database;
        const results = await Promise.all([seedDemoData(db), seedDemoData(db)]);
        expect(results.filter(Boolean)).toHaveLength(1);
        const afterFirst = await countRows(db);
        expect(afterFirst).toMatchObject(EXPECTED_COUNTS);

        expect(await seedDemoData(db)).toBe(false);
        expect(await countRows(db)).toEqual(afterFirst);
      } finally {
        await test.close();
      }
    }, 120_000);

    it('When the demo is seeded, then the insured numbers, claims and documents are the demo records', async () => {
      const test = await openTestDatabase(driver);
      try {
        const { db } = test.database;
        await seedDemoData(db);

        const martin = await db
          .select({ etat: claims.etat, nom: claims.assureNom, numero: subscriptions.assureNumero })
          .from(claims)
          .innerJoin(subscriptions, eq(subscriptions.souscriptionId, claims.souscriptionId))
          .where(eq(claims.numero, 'SI-0000003'));
        expect(martin).toEqual([{ etat: 'en_cours', nom: 'MARTIN', numero: 'SO-0000003' }]);

        const proofs = await db
          .select({
            demande: claimProofs.demande,
            dropbox: claimProofs.dropbox,
            valide: claimProofs.valide,
            unread: sql<boolean>`${claimProofs.receptionDate} is not null and ${claimProofs.readAt} is null`,
          })
          .from(claimProofs)
          .innerJoin(claims, eq(claims.id, claimProofs.claimId))
          .where(eq(claims.numero, 'SI-0000003'))
          .orderBy(asc(claimProofs.id));
        expect(proofs).toEqual([
          { demande: 1, dropbox: 0, valide: 0, unread: false },
          { demande: 1, dropbox: 1, valide: 1, unread: false },
          { demande: 1, dropbox: 0, valide: 0, unread: false },
          { demande: 1, dropbox: 1, valide: 0, unread: true },
        ]);

        const states = await db
          .select({ numero: claims.numero, etat: claims.etat })
          .from(claims)
          .orderBy(claims.numero);
        expect(states).toEqual([
          { numero: 'SI-0000003', etat: 'en_cours' },
          { numero: 'SI-0000007', etat: 'paiement_envoye' },
          { numero: 'SI-0000008', etat: 'sans_suite' },
        ]);

        const perNumber = await queryRows<{ numero: string; subscriptions: number }>(
          db,
          sql`select assure_numero as numero, count(*)::int as subscriptions from subscriptions group by 1`,
        );
        const subscriptionsOf = (numero: string) => perNumber.find((row) => row.numero === numero)?.subscriptions;
        expect(subscriptionsOf('SO-0000001')).toBe(1);
        expect(subscriptionsOf('SO-0000002')).toBe(3);
        expect(subscriptionsOf('SO-FNS-0000004')).toBe(1);
        expect(subscriptionsOf('SO-0000029')).toBe(1);

        const hidden = await db
          .select({ id: guarantees.id })
          .from(guarantees)
          .where(eq(guarantees.sinistreAfficheDeclare, 0))
          .orderBy(guarantees.id);
        expect(hidden.length).toBeGreaterThan(0);

        const englishCancellation = await db
          .select({ nom: guaranteeTranslations.nom })
          .from(guaranteeTranslations)
          .where(sql`${guaranteeTranslations.guaranteeId} = 1 and ${guaranteeTranslations.lang} = 'en'`);
        expect(englishCancellation).toEqual([{ nom: 'Trip cancellation' }]);
      } finally {
        await test.close();
      }
    }, 120_000);

    it('When the demo is seeded, then each hand-written claim has the history and the claimant mails its state implies', async () => {
      const test = await openTestDatabase(driver);
      try {
        const { db } = test.database;
        await seedDemoData(db);
        const history = await db
          .select({
            numero: claims.numero,
            login: claimEvents.staffLogin,
            action: claimEvents.action,
            detail: claimEvents.detail,
          })
          .from(claimEvents)
          .innerJoin(claims, eq(claims.id, claimEvents.claimId))
          .orderBy(claims.numero, asc(claimEvents.createdAt));
        const of = (numero: string) =>
          history
            .filter((event) => event.numero === numero)
            .map(({ login, action, detail }) => [login, action, detail]);
        expect(of('SI-0000003')).toEqual([
          ['camille', 'proof_validated', expect.objectContaining({ document: 'Confirmation de réservation' })],
        ]);
        expect(of('SI-0000007').map(([login, action]) => [login, action])).toEqual([
          ...Array.from({ length: 4 }, () => ['sophie', 'proof_validated']),
          ['sophie', 'etat'],
          ['sophie', 'etat'],
        ]);
        expect(of('SI-0000007').at(-1)?.[2]).toEqual({ from: 'attente_traitement', to: 'paiement_envoye' });
        expect(of('SI-0000008').at(-1)).toEqual(['mathieu', 'etat', { from: 'en_cours', to: 'sans_suite' }]);

        // The claim's last change is its last update, as the claims list sorts and shows it.
        const [martin] = await db
          .select({ updatedAt: claims.updatedAt })
          .from(claims)
          .where(eq(claims.numero, 'SI-0000003'));
        expect(martin?.updatedAt.toISOString()).toBe('2026-11-07T10:02:00.000Z');

        const mails = await db
          .select({
            numero: claims.numero,
            kind: mailOutbox.kind,
            recipient: mailOutbox.recipient,
            status: mailOutbox.status,
          })
          .from(mailOutbox)
          .innerJoin(claims, eq(claims.id, mailOutbox.claimId))
          .orderBy(claims.numero, asc(mailOutbox.createdAt), asc(mailOutbox.id));
        expect(mails.filter((mail) => mail.numero === 'SI-0000003')).toEqual([
          expect.objectContaining({ kind: 'establishment-copy', status: 'sent' }),
          {
            numero: 'SI-0000003',
            kind: 'claim-confirmation',
            recipient: 'nathalie.martin@example.com',
            status: 'sent',
          },
          { numero: 'SI-0000003', kind: 'proof-validated', recipient: 'nathalie.martin@example.com', status: 'sent' },
        ]);
        expect(mails.filter((mail) => mail.numero === 'SI-0000008').map((mail) => mail.kind)).toEqual([
          'claim-confirmation',
          'proof-validated',
          'proof-validated',
          'proof-validated',
          'claim-state-changed',
        ]);
        expect(mails.every((mail) => mail.status === 'sent')).toBe(true);
      } finally {
        await test.close();
      }
    }, 120_000);

    it('When the demo is seeded with a file store, then every transmitted or validated proof has a real PDF or PNG of its stated size', async () => {
      const test = await openTestDatabase(driver);
      const filesDir = mkdtempSync(join(tmpdir(), 'demo-files-'));
      try {
        const { db } = test.database;
        const fileStore = new LocalFileStore(filesDir);
        await seedDemoData(db, { fileStore });
        const rows = await db
          .select({
            numero: claims.numero,
            dropbox: claimProofs.dropbox,
            nomFichier: claimProofs.nomFichier,
            taille: claimProofs.taille,
            file: uploadedFiles,
          })
          .from(claimProofs)
          .innerJoin(claims, eq(claims.id, claimProofs.claimId))
          .leftJoin(uploadedFiles, eq(uploadedFiles.claimProofId, claimProofs.id))
          .orderBy(asc(claimProofs.id));
        const sent = rows.filter((row) => row.dropbox === 1);
        expect(sent.length).toBe(CLAIMS.flatMap((claim) => claim.proofs).filter((proof) => proof.dropbox === 1).length);
        expect(rows.filter((row) => row.dropbox === 0).every((row) => row.file === null)).toBe(true);
        for (const row of sent) {
          expect(row.file, row.nomFichier ?? '').toMatchObject({ status: 'attached', originalName: row.nomFichier });
          const bytes = await buffer(await fileStore.get(row.file?.storageKey ?? ''));
          expect(bytes.length).toBe(row.taille);
          expect((await fileTypeFromBuffer(bytes))?.mime).toBe(
            row.nomFichier?.endsWith('.png') ? 'image/png' : 'application/pdf',
          );
          expect(row.file?.mime).toBe((await fileTypeFromBuffer(bytes))?.mime);
        }
      } finally {
        await test.close();
        rmSync(filesDir, { recursive: true, force: true });
      }
    }, 120_000);

    it('When the database already holds guarantees (an insurer import), then nothing is seeded', async () => {
      const test = await openTestDatabase(driver);
      try {
        const { db } = test.database;
        await db.insert(guarantees).values({ id: 900, ordre: 1, type: 'annulation' });
        expect(await seedDemoData(db)).toBe(false);
        const counts = await countRows(db);
        expect(counts).toMatchObject({ guarantees: 1, contracts: 0, subscriptions: 0, claims: 0 });
      } finally {
        await test.close();
      }
    }, 120_000);
  });
}
