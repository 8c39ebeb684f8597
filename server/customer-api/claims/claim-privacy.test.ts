import { randomBytes } from 'node:crypto';
import { replaceClaimNumbers } from '../../../contracts/claim-number.ts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  PARTNER_API_BASE,
  SinistresAnswerSchema,
  SinistresCreatedAnswerSchema,
} from '../../../contracts/partner-api.ts';
import { eq } from 'drizzle-orm';
import { claimProofs, claims, rateLimitHits } from '../../db/schema.ts';
import { refuseDocument } from '../../staff-api/claims/service.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { createFakeSite, createTestCatalog, type RunningApp } from '../../test-support.ts';
import { postDeclaration, startClaimsApp, validDeclaration } from './test-support.ts';

/**
 * What `GET sinistres` tells whom: a claim number and last name, which are no secret (a booking
 * mail, a relative may show them), read the claim's state only; the mailed link's token, or the
 * one answered to the declaring browser, read it in full.
 */

/** How staff's refusal in these tests mails its claimant. */
const MAILING = { brands: createTestCatalog(), origin: 'https://claims.example.com' };

function newKey(): string {
  return randomBytes(18).toString('base64url');
}

describeWithDatabases('partner API: what a claim tells whom', { demo: true }, (context) => {
  let site: ReturnType<typeof createFakeSite>;
  let app: RunningApp;

  beforeAll(async () => {
    site = createFakeSite();
    app = await startClaimsApp(context.database, site.staticDir);
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });

  async function getSinistres(query: Record<string, string>) {
    const url = new URL(`${PARTNER_API_BASE}/sinistres`, app.baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function declare(n: number, overrides: Parameters<typeof validDeclaration>[1] = {}) {
    const fields = validDeclaration(n, overrides);
    const answer = await postDeclaration(app.baseUrl, fields, newKey());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { numero_sinistre: numero, hash } = SinistresCreatedAnswerSchema.parse(answer.body).data;
    return { fields, numero, hash };
  }

  it('When a claim is opened by number and name, then the answer holds only the state, dates, request and proofs: no field says who the claimant is', async () => {
    const { numero, fields, hash } = await declare(10, {
      assure_nom: 'Quintessa',
      assure_prenom: 'Bérangère',
      assure_email: 'berangere.quintessa@example.com',
      assure_telephone: '0611223344',
      assure_adresse: '17 allée des Tilleuls',
      assure_cp: '69007',
      sejour_montant: '987.65',
    });
    // Staff refused a file she sent, naming her in their reason: free text, for the follow-up link only.
    const { db } = context.database;
    const [refused] = await db
      .select({ id: claimProofs.id })
      .from(claimProofs)
      .innerJoin(claims, eq(claims.id, claimProofs.claimId))
      .where(eq(claims.numero, numero))
      .orderBy(claimProofs.id)
      .limit(1);
    await db
      .update(claimProofs)
      .set({ dropbox: 1 })
      .where(eq(claimProofs.id, refused?.id ?? 0));
    const motif = 'Le certificat au nom de Bérangère Quintessa est illisible';
    await refuseDocument(db, numero, refused?.id ?? 0, { actor: 'claude.staff', mailing: MAILING, motif });
    const answers = [
      await getSinistres({ dossier_numero: numero, dossier_nom: 'quintessa', lang: 'fr' }),
      await getSinistres({ dossier_numero: 'SI-0000003', dossier_nom: 'MARTIN', lang: 'fr' }),
    ];
    // What number + name may answer with a value; every other field must be empty.
    const stateFields = [
      'etat',
      'dossier_numero',
      'dossier_date',
      'sinistre_objet',
      'sinistre_motif',
      'sinistre_date',
      'acquisition_methode',
      'a_justificatif_non_lu',
      'justificatifs_manquants',
    ];
    const proofStateFields = [
      'id',
      'dropbox',
      'valide',
      'demande',
      'nom_court',
      'taille',
      'creation_date',
      'validation_date',
      'refus_date',
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const info = SinistresAnswerSchema.parse(answer.body).data.infos_sinistre;
      // Staff's answers to the claimant's messages are their correspondence: never by number and name.
      expect(info.reponses).toBeUndefined();
      const answered = Object.entries(info).filter(([, value]) => value !== '' && value !== false);
      expect(answered.map(([name]) => name).filter((name) => !stateFields.includes(name))).toEqual([]);
      for (const proof of Object.values(info.justificatifs_manquants)) {
        const proofAnswered = Object.entries(proof.data_mysql).filter(([, value]) => value !== '');
        expect(proofAnswered.map(([name]) => name).filter((name) => !proofStateFields.includes(name))).toEqual([]);
      }
    }
    // The claim number is drawn at random and the timestamps carry milliseconds: their digits may hold
    // the stay's amount (987).
    const text = replaceClaimNumbers(JSON.stringify(answers[0]?.body), () => 'SI-number').replace(
      /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g,
      'timestamp',
    );
    for (const value of ['Quintessa', 'Bérangère', 'berangere', '0611223344', 'Tilleuls', '69007', '987'])
      expect(text).not.toContain(value);
    expect(fields['assure_email']).toBe('berangere.quintessa@example.com');
    // The refused proof still reads refused, and when; the mailed link's token reads why.
    const stateOnly = SinistresAnswerSchema.parse(answers[0]?.body).data.infos_sinistre;
    const refusedProof = stateOnly.justificatifs_manquants[String(refused?.id)]?.data_mysql;
    expect(refusedProof).toMatchObject({ dropbox: 0, refus_motif: '' });
    expect(refusedProof?.refus_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const full = await getSinistres({ hash: hash ?? '', lang: 'fr' });
    const withLink = SinistresAnswerSchema.parse(full.body).data.infos_sinistre;
    expect(withLink.justificatifs_manquants[String(refused?.id)]?.data_mysql).toMatchObject({
      refus_date: refusedProof?.refus_date,
      refus_motif: motif,
    });
    // SI-0000003's transmitted files keep their state, not their names.
    const martin = SinistresAnswerSchema.parse(answers[1]?.body).data.infos_sinistre;
    const transmitted = Object.values(martin.justificatifs_manquants).filter((proof) => proof.data_mysql.dropbox === 1);
    expect(transmitted.length).toBeGreaterThan(0);
    expect(transmitted.every((proof) => proof.data_mysql.nom_fichier === '')).toBe(true);
  });

  it('When the declaring browser opens its claim with the token answered to its declaration, then the answer holds everything, as with the mailed link', async () => {
    const key = newKey();
    const fields = validDeclaration(11, { assure_nom: 'Holloway', assure_email: 'holloway.token@example.com' });
    const declared = SinistresCreatedAnswerSchema.parse((await postDeclaration(app.baseUrl, fields, key)).body).data;
    const retried = SinistresCreatedAnswerSchema.parse((await postDeclaration(app.baseUrl, fields, key)).body).data;
    expect(retried.numero_sinistre).toBe(declared.numero_sinistre);
    expect(retried.hash).not.toBe(declared.hash);
    for (const token of [declared.hash, retried.hash]) {
      const answer = await getSinistres({ hash: token ?? '', lang: 'fr' });
      expect(answer.status).toBe(200);
      expect(SinistresAnswerSchema.parse(answer.body).data.infos_sinistre).toMatchObject({
        dossier_numero: declared.numero_sinistre,
        dossier_nom: 'Holloway',
        dossier_email: 'holloway.token@example.com',
        dossier_montant_sejour: '640.50',
      });
    }
  });
});
