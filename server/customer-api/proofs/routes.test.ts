import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  ErrorAnswerSchema,
  MAX_UPLOAD_BYTES,
  PARTNER_API_BASE,
  ProofUploadAnswerSchema,
  ProofValidationAnswerSchema,
  SinistresAnswerSchema,
  SinistresCreatedAnswerSchema,
} from '../../../contracts/partner-api.ts';
import {
  claimantComments,
  claimProofs,
  claims,
  followUpTokens,
  rateLimitHits,
  uploadedFiles,
} from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { pdfOfSize, sampleJpeg, samplePdf, samplePng, streamUpload } from '../../files/test-support.ts';
import { createCapturedLogger } from '../../test-support.ts';
import { FAILED_LOOKUP_BY_ADDRESS_RULE, hashFollowUpToken } from '../claims/claimant-access.ts';
import { postDeclaration, validDeclaration } from '../claims/test-support.ts';
import { PROOF_POSTS_PER_ADDRESS, SWEEP_EVERY_UPLOADS } from './routes.ts';
import { deleteExpiredUploads, TEMPORARY_UPLOAD_LIFETIME_MS } from './service.ts';
import { multipartForm, postForm, usePartnerApiApp } from './test-support.ts';

const PROOFS_URL = `${PARTNER_API_BASE}/justificatifs`;
/** The last name of every claim validDeclaration declares. */
const LAST_NAME = 'Lefèvre';

describeWithDatabases('partner API: proofs', (context) => {
  const captured = createCapturedLogger('info');
  /** Generic demo numbers SO-0000010 … SO-0000029, one claim each. */
  let nextSubscription = 10;

  const suite = usePartnerApiApp(context, captured.logger);

  /** The follow-up token answered to the declaration of each claim declared here, by claim number. */
  const tokens = new Map<string, string>();

  /** The follow-up token of a claim declared here: what the declaring browser holds. */
  function tokenOf(numero: string): string {
    const token = tokens.get(numero);
    if (token === undefined) throw new Error(`no token for ${numero}`);
    return token;
  }

  /** Declares a fresh claim (reason 18: four requested proofs) and returns its number and proof ids. */
  async function declareClaim(): Promise<{ numero: string; claimId: number; proofIds: number[] }> {
    const answer = await postDeclaration(
      suite.app.baseUrl,
      validDeclaration(nextSubscription++),
      randomBytes(18).toString('base64url'),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const created = SinistresCreatedAnswerSchema.parse(answer.body).data;
    const numero = created.numero_sinistre;
    tokens.set(numero, created.hash ?? '');
    const [claim] = await context.database.db.select().from(claims).where(eq(claims.numero, numero));
    if (!claim) throw new Error(`no claim ${numero}`);
    const proofs = await context.database.db
      .select({ id: claimProofs.id })
      .from(claimProofs)
      .where(eq(claimProofs.claimId, claim.id))
      .orderBy(claimProofs.id);
    return { numero, claimId: claim.id, proofIds: proofs.map((proof) => proof.id) };
  }

  function upload(
    fields: ReadonlyArray<readonly [string, string]>,
    file?: { bytes: Buffer; name: string; type: string; field?: string },
  ) {
    const files = file ? [{ field: file.field ?? 'newfile', bytes: file.bytes, name: file.name, type: file.type }] : [];
    return postForm(`${suite.app.baseUrl}${PROOFS_URL}`, multipartForm(fields, files));
  }

  /** Uploads a PDF for `type` and returns its temp_file. */
  async function uploadPdf(type: number, name = 'facture.pdf', bytes: Buffer = samplePdf()): Promise<string> {
    const answer = await upload([['type', String(type)]], { bytes, name, type: 'application/pdf' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ProofUploadAnswerSchema.parse(answer.body).data.temp_file;
  }

  function validate(fields: Record<string, string>) {
    return postForm(`${suite.app.baseUrl}${PROOFS_URL}`, multipartForm(fields));
  }

  function validation(numero: string, items: unknown[], extra: Record<string, string> = {}) {
    return validate({ hash: tokenOf(numero), justificatifs: JSON.stringify(items), ...extra });
  }

  async function followUp(numero: string) {
    const url = new URL(`${PARTNER_API_BASE}/sinistres`, suite.app.baseUrl);
    url.search = new URLSearchParams({ hash: tokenOf(numero), lang: 'fr' }).toString();
    const response = await fetch(url);
    expect(response.status).toBe(200);
    return SinistresAnswerSchema.parse(await response.json()).data.infos_sinistre;
  }

  async function uploadRow(id: string) {
    const [row] = await context.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
    return row;
  }

  async function uploadCount(): Promise<number> {
    return (await context.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length;
  }

  async function download(query: Record<string, string>) {
    const url = new URL(`${PROOFS_URL}/fichier`, suite.app.baseUrl);
    url.search = new URLSearchParams(query).toString();
    return fetch(url);
  }

  // Upload --------------------------------------------------------------------------------------

  describe('upload', () => {
    it.each([
      ['a PDF', 'facture.pdf', 'application/pdf', async () => samplePdf()],
      ['a PNG', 'photo.png', 'image/png', samplePng],
      ['a JPEG', 'photo.jpg', 'image/jpeg', sampleJpeg],
    ])(
      'When %s is uploaded for a proof, then it is stored as a temporary upload expiring in 24 h and its id and cleaned name are answered',
      async (_kind, name, type, make) => {
        const bytes = await make();
        const before = Date.now();
        const answer = await upload(
          [
            ['lang', 'fr'],
            ['type', '1'],
          ],
          { bytes, name: `../../${name}`, type },
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const { data } = ProofUploadAnswerSchema.parse(answer.body);
        expect(data.temp_name).toBe(name);
        const row = await uploadRow(data.temp_file);
        expect(row).toMatchObject({ status: 'temporary', originalName: name, mime: type, size: bytes.length });
        expect(row?.claimProofId).toBeNull();
        const expires = row?.expiresAt?.getTime() ?? 0;
        expect(expires).toBeGreaterThanOrEqual(before + TEMPORARY_UPLOAD_LIFETIME_MS - 1000);
        expect(expires).toBeLessThanOrEqual(Date.now() + TEMPORARY_UPLOAD_LIFETIME_MS + 1000);
        expect(suite.app.storedFiles()).toContain(row?.storageKey);
        expect(answer.headers.get('cache-control')).toBe('no-store');
      },
    );

    it('When a text file is named .pdf and declared application/pdf, then 400 "Format non pris en charge" answers and neither the store nor the database keeps anything', async () => {
      const stored = suite.app.storedFiles();
      const rows = await uploadCount();
      const answer = await upload([['type', '1']], {
        bytes: Buffer.from('Ceci est un simple texte, pas un PDF.\n'.repeat(200)),
        name: 'facture.pdf',
        type: 'application/pdf',
      });
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body)).toMatchObject({
        message: 'Format non pris en charge',
        fields: { newfile: 'Format non pris en charge' },
        code: 'unsupported_format',
      });
      expect(suite.app.storedFiles()).toEqual(stored);
      expect(await uploadCount()).toBe(rows);
    });

    it('When the refused file follows a lang field, then the refusal is in that language', async () => {
      const answer = await upload(
        [
          ['lang', 'de'],
          ['type', '0'],
        ],
        { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.png', type: 'image/png' },
      );
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body).message).toBe('Nicht unterstütztes Format');
    });

    it('When a file of exactly 37,500,000 bytes is uploaded, then 413 "Fichier trop lourd. Limite max : 30 Mo" answers while it streams and nothing is kept; one byte less is accepted', async () => {
      const stored = suite.app.storedFiles();
      const rows = await uploadCount();
      const refused = await streamUpload(`${suite.app.baseUrl}${PROOFS_URL}`, {
        fields: { lang: 'fr', type: '1' },
        file: {
          field: 'newfile',
          filename: 'scan.pdf',
          contentType: 'application/pdf',
          chunks: pdfOfSize(MAX_UPLOAD_BYTES),
        },
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({
        status: 'error',
        message: 'Fichier trop lourd. Limite max\u00a0: 30\u00a0Mo',
        fields: { newfile: 'Fichier trop lourd. Limite max\u00a0: 30\u00a0Mo' },
        code: 'file_too_large',
      });
      await vi.waitFor(() => expect(suite.app.storedFiles()).toEqual(stored));
      expect(await uploadCount()).toBe(rows);

      const accepted = await streamUpload(`${suite.app.baseUrl}${PROOFS_URL}`, {
        fields: { lang: 'fr', type: '1' },
        file: {
          field: 'newfile',
          filename: 'scan.pdf',
          contentType: 'application/pdf',
          chunks: pdfOfSize(MAX_UPLOAD_BYTES - 1),
        },
      });
      expect(accepted.status, accepted.body).toBe(200);
      const { data } = ProofUploadAnswerSchema.parse(JSON.parse(accepted.body));
      expect(await uploadRow(data.temp_file)).toMatchObject({ size: MAX_UPLOAD_BYTES - 1, mime: 'application/pdf' });
    }, 120_000);

    it('When unknown fields come with the file, then 400 names each of them and the file is not kept', async () => {
      const stored = suite.app.storedFiles();
      const answer = await upload(
        [
          ['type', '1'],
          ['dropbox', '1'],
          ['valide', '1'],
        ],
        { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' },
      );
      expect(answer.status).toBe(400);
      const body = ErrorAnswerSchema.parse(answer.body);
      expect(Object.keys(body.fields ?? {}).sort()).toEqual(['dropbox', 'valide']);
      expect(body.fields?.['dropbox']).toBe("Ce champ n'est pas attendu");
      expect(suite.app.storedFiles()).toEqual(stored);
    });

    it('When validation fields come with a file, then 400 names them and the stored file is removed', async () => {
      const stored = suite.app.storedFiles();
      const rows = await uploadCount();
      const answer = await upload(
        [
          ['type', '1'],
          ['claimNumber', 'SI-0000003'],
          ['lastName', 'MARTIN'],
        ],
        { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' },
      );
      expect(answer.status).toBe(400);
      expect(Object.keys(ErrorAnswerSchema.parse(answer.body).fields ?? {}).sort()).toEqual([
        'claimNumber',
        'lastName',
      ]);
      expect(suite.app.storedFiles()).toEqual(stored);
      expect(await uploadCount()).toBe(rows);
    });

    it('When a type comes without a file, then 400 asks for the file', async () => {
      const answer = await upload([['type', '2']]);
      expect(answer.status).toBe(400);
      expect(ErrorAnswerSchema.parse(answer.body)).toMatchObject({ code: 'missing_file' });
    });

    it('When the type is not a proof id, or the file comes in another field, then 400 answers and nothing is kept', async () => {
      const stored = suite.app.storedFiles();
      const negative = await upload([['type', '-1']], { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' });
      expect(negative.status).toBe(400);
      expect(ErrorAnswerSchema.parse(negative.body).fields?.['type']).toBeDefined();
      const otherField = await upload([['type', '1']], {
        bytes: samplePdf(),
        name: 'a.pdf',
        type: 'application/pdf',
        field: 'fichier',
      });
      expect(otherField.status).toBe(400);
      expect(suite.app.storedFiles()).toEqual(stored);
    });
  });

  // Validation ----------------------------------------------------------------------------------

  describe('validation', () => {
    it('When uploaded files are validated with a comment, then each proof is transmitted and unread, the files are attached, the comment is stored and the follow-up page shows it', async () => {
      const { numero, claimId, proofIds } = await declareClaim();
      const [first, second] = proofIds as [number, number];
      const before = await followUp(numero);
      expect(before.a_justificatif_non_lu).toBe(false);
      expect(before.justificatifs_manquants[String(first)]?.data_mysql).toMatchObject({ dropbox: 0, valide: 0 });

      const firstFile = await uploadPdf(first, 'certificat-interruption.pdf');
      const secondFile = await uploadPdf(second, 'certificat-medical.pdf');
      const answer = await validation(
        numero,
        [
          { type: first, value: firstFile, name: 'certificat-interruption.pdf', is_validated: 0 },
          { type: second, value: secondFile, name: 'certificat-medical.pdf', tmp_name: 'x' },
        ],
        { additionalComment: '  Le second certificat suit par courrier.  ', lang: 'en' },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(ProofValidationAnswerSchema.parse(answer.body)).toEqual({
        status: 'success',
        message: 'Your documents have been sent.',
        data: { transmitted: 2 },
      });

      const after = await followUp(numero);
      expect(after.justificatifs_manquants[String(first)]?.data_mysql).toMatchObject({
        dropbox: 1,
        valide: 0,
        nom_fichier: 'certificat-interruption.pdf',
        taille: samplePdf().length,
      });
      expect(after.justificatifs_manquants[String(second)]?.data_mysql).toMatchObject({ dropbox: 1, valide: 0 });
      expect(after.a_justificatif_non_lu).not.toBe(false);
      const received =
        after.a_justificatif_non_lu === false ? 0 : Date.parse(after.a_justificatif_non_lu.reception_date);
      expect(Math.abs(received - Date.now())).toBeLessThan(60_000);

      const rows = await context.database.db
        .select()
        .from(uploadedFiles)
        .where(inArray(uploadedFiles.id, [firstFile, secondFile]));
      expect(rows.map((row) => [row.status, row.expiresAt, row.claimProofId]).sort()).toEqual(
        [
          ['attached', null, first],
          ['attached', null, second],
        ].sort(),
      );
      const comments = await context.database.db
        .select()
        .from(claimantComments)
        .where(eq(claimantComments.claimId, claimId));
      expect(comments).toMatchObject([
        { commentaire: 'Le second certificat suit par courrier.', transmittedFiles: 2, lang: 'en', readAt: null },
      ]);
    });

    it('When a file is validated as "other document" (type 0), then a new transmitted, not requested proof is added to the claim', async () => {
      const { numero, claimId, proofIds } = await declareClaim();
      const file = await uploadPdf(0, 'attestation-employeur.pdf');
      const answer = await validation(numero, [{ type: 0, value: file, name: 'attestation-employeur.pdf' }]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const proofs = await context.database.db.select().from(claimProofs).where(eq(claimProofs.claimId, claimId));
      const added = proofs.find((proof) => !proofIds.includes(proof.id));
      expect(added).toMatchObject({ demande: 0, dropbox: 1, valide: 0, nomFichier: 'attestation-employeur.pdf' });
      expect(added?.readAt).toBeNull();
      const shown = (await followUp(numero)).justificatifs_manquants[String(added?.id)]?.data_mysql;
      expect(shown).toMatchObject({ demande: 0, dropbox: 1, valide: 0, nom_court: 'Autre document' });
      expect(
        await context.database.db.select().from(claimantComments).where(eq(claimantComments.claimId, claimId)),
      ).toEqual([]);
    });

    it('When the claim number and the right last name come without the follow-up link, then 403 says, translated, to open the mailed link or ask for one, and nothing changes', async () => {
      const { numero, proofIds } = await declareClaim();
      const file = await uploadPdf(proofIds[0] ?? 0);
      const justificatifs = JSON.stringify([{ type: proofIds[0], value: file, name: 'facture.pdf' }]);
      const before = await followUp(numero);
      for (const lang of ['fr', 'en', 'de'] as const) {
        const answer = await validate({ claimNumber: numero, lastName: LAST_NAME, justificatifs, lang });
        expect(answer.status).toBe(403);
        const refusal = ErrorAnswerSchema.parse(answer.body);
        expect(refusal.code).toBe('proofs_by_link_only');
        expect(refusal.message).toMatch(
          { fr: /lien de suivi envoyé par e-mail/, en: /follow-up link sent to you by email/, de: /E-Mail/ }[lang],
        );
      }
      const commentOnly = await validate({
        claimNumber: numero,
        lastName: LAST_NAME,
        justificatifs: '[]',
        additionalComment: 'Voici mon RIB',
      });
      expect(commentOnly.status).toBe(403);
      expect(await uploadRow(file)).toMatchObject({ status: 'temporary', claimProofId: null });
      expect(await followUp(numero)).toEqual(before);
      const comments = await context.database.db.select().from(claimantComments);
      expect(comments.some((row) => row.commentaire === 'Voici mon RIB')).toBe(false);
    });

    it('When the token is unknown, then the answer is the follow-up lookup\'s "not found" and nothing changes', async () => {
      const { proofIds } = await declareClaim();
      const file = await uploadPdf(proofIds[0] ?? 0);
      const unknown = randomBytes(32).toString('base64url');
      const answer = await validate({
        hash: unknown,
        justificatifs: JSON.stringify([{ type: proofIds[0], value: file, name: 'facture.pdf' }]),
      });
      const lookup = await fetch(
        `${suite.app.baseUrl}${PARTNER_API_BASE}/sinistres?${new URLSearchParams({ hash: unknown })}`,
      );
      expect(answer.status).toBe(404);
      expect(answer.status).toBe(lookup.status);
      expect(answer.body).toEqual(await lookup.json());
      expect(answer.body).toMatchObject({ message: "Désolé, nous n'avons pu retrouver votre sinistre." });
      expect(await uploadRow(file)).toMatchObject({ status: 'temporary', claimProofId: null });
    });

    it('When unknown tokens were tried 30 times from one address, then the next validation answers 429 translated, even with a good token', async () => {
      const { numero } = await declareClaim();
      for (let attempt = 0; attempt < FAILED_LOOKUP_BY_ADDRESS_RULE.limit; attempt++) {
        const wrong = await validate({
          hash: randomBytes(32).toString('base64url'),
          justificatifs: '[]',
          additionalComment: 'x',
        });
        expect(wrong.status).toBe(404);
      }
      const refused = await validation(numero, [], { additionalComment: 'x', lang: 'en' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(ErrorAnswerSchema.parse(refused.body)).toMatchObject({ code: 'rate_limited' });
      expect(ErrorAnswerSchema.parse(refused.body).message).toMatch(/^Too many attempts/);
      await context.database.db.delete(rateLimitHits);
    });

    it('When one item is unknown, expired, already attached, of another claim or validated by staff, then 400 names each bad item and nothing of the validation is applied', async () => {
      const { numero, proofIds } = await declareClaim();
      const other = await declareClaim();
      const [first, second, third] = proofIds as [number, number, number];
      const { db } = context.database;

      const alreadySent = await uploadPdf(first);
      expect((await validation(numero, [{ type: first, value: alreadySent, name: 'a.pdf' }])).status).toBe(200);
      const expired = await uploadPdf(second);
      await db
        .update(uploadedFiles)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(uploadedFiles.id, expired));
      await db.update(claimProofs).set({ valide: 1, dropbox: 1 }).where(eq(claimProofs.id, third));
      const good = await uploadPdf(second);
      const forOtherClaim = await uploadPdf(other.proofIds[0] ?? 0);
      const forValidated = await uploadPdf(third);
      const unknown = '2b4f0d3e-8c1a-4e5b-9f6a-7d8c9e0f1a2b';

      const answer = await validation(numero, [
        { type: second, value: good, name: 'ok.pdf' },
        { type: second, value: unknown, name: 'x.pdf' },
        { type: second, value: expired, name: 'x.pdf' },
        { type: first, value: alreadySent, name: 'x.pdf' },
        { type: other.proofIds[0], value: forOtherClaim, name: 'x.pdf' },
        { type: third, value: forValidated, name: 'x.pdf' },
        { type: second, value: good, name: 'again.pdf' },
      ]);
      expect(answer.status).toBe(400);
      const body = ErrorAnswerSchema.parse(answer.body);
      expect(body.code).toBe('proofs_refused');
      expect(body.fields).toEqual({
        'justificatifs[1]': "Ce fichier n'est plus disponible\u00a0: merci de le déposer à nouveau.",
        'justificatifs[2]': "Ce fichier n'est plus disponible\u00a0: merci de le déposer à nouveau.",
        'justificatifs[3]': 'Ce fichier a déjà été transmis.',
        'justificatifs[4]': 'Ce justificatif ne correspond pas à votre dossier.',
        'justificatifs[5]': 'Ce justificatif a déjà été validé.',
        'justificatifs[6]': 'Ce fichier figure deux fois dans la liste.',
      });
      expect(await uploadRow(good)).toMatchObject({ status: 'temporary', claimProofId: null });
      const [secondProof] = await db.select().from(claimProofs).where(eq(claimProofs.id, second));
      expect(secondProof).toMatchObject({ dropbox: 0, nomFichier: null });
    });

    it('When the list is not JSON, not a list of uploaded proofs, or empty without a comment, then 400 names justificatifs or the item', async () => {
      const { numero } = await declareClaim();
      for (const [justificatifs, field] of [
        ['{not json', 'justificatifs'],
        ['{"type":1}', 'justificatifs'],
        ['[{"type":1,"value":"not-a-uuid","name":"a.pdf"}]', 'justificatifs[0]'],
        ['[{"type":1,"value":"2b4f0d3e-8c1a-4e5b-9f6a-7d8c9e0f1a2b","name":"a.pdf","admin":1}]', 'justificatifs[0]'],
        ['[]', 'justificatifs'],
      ] as const) {
        const answer = await validate({ hash: tokenOf(numero), justificatifs });
        expect(answer.status, justificatifs).toBe(400);
        expect(Object.keys(ErrorAnswerSchema.parse(answer.body).fields ?? {}), justificatifs).toEqual([field]);
      }
    });

    it('When only a comment is validated, then it is stored and nothing is transmitted', async () => {
      const { numero, claimId } = await declareClaim();
      const answer = await validation(numero, [], { additionalComment: 'Je vous envoie la facture demain.' });
      expect(answer.status).toBe(200);
      expect(ProofValidationAnswerSchema.parse(answer.body).data.transmitted).toBe(0);
      expect(
        await context.database.db.select().from(claimantComments).where(eq(claimantComments.claimId, claimId)),
      ).toMatchObject([{ commentaire: 'Je vous envoie la facture demain.', transmittedFiles: 0 }]);
    });

    it('When a validation carries unknown fields, a malformed claim number or a malformed token, then 400 names them', async () => {
      const unknown = await validate({
        hash: 'x'.repeat(43),
        justificatifs: '[]',
        etat: 'paiement_envoye',
      });
      expect(unknown.status).toBe(400);
      expect(Object.keys(ErrorAnswerSchema.parse(unknown.body).fields ?? {})).toEqual(['etat']);
      const malformed = await validate({ claimNumber: 'SO-0000003', lastName: 'MARTIN', justificatifs: '[]' });
      expect(malformed.status).toBe(400);
      expect(Object.keys(ErrorAnswerSchema.parse(malformed.body).fields ?? {})).toEqual(['claimNumber']);
      const badToken = await validate({ hash: 'short', justificatifs: '[]' });
      expect(badToken.status).toBe(400);
      expect(Object.keys(ErrorAnswerSchema.parse(badToken.body).fields ?? {})).toEqual(['hash']);
    });
  });

  // Download ------------------------------------------------------------------------------------

  describe('download', () => {
    /** Stores a fresh follow-up token of a claim, as a mailed link carries it. */
    async function followUpToken(claimId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await context.database.db.insert(followUpTokens).values({
        claimId,
        tokenHash: hashFollowUpToken(token),
        expiresAt: new Date(Date.now() + 60_000),
      });
      return token;
    }

    it("When a transmitted file is asked with the follow-up link's token, then it is sent as an attachment with nosniff", async () => {
      const { numero, claimId, proofIds } = await declareClaim();
      const proof = proofIds[0] ?? 0;
      const bytes = await samplePng();
      const answer = await upload([['type', String(proof)]], {
        bytes,
        name: 'relevé bancaire.pdf',
        type: 'application/pdf',
      });
      const file = ProofUploadAnswerSchema.parse(answer.body).data.temp_file;
      expect((await validation(numero, [{ type: proof, value: file, name: 'x' }])).status).toBe(200);

      const response = await download({ proof: String(proof), hash: await followUpToken(claimId) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="releve bancaire.pdf"; filename\*=UTF-8''/,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    });

    it('When a file is asked with the right claim number and last name (which an insured number reveals), then 403 says, translated, that files open from the mailed link, and nothing is sent', async () => {
      const { numero, claimId, proofIds } = await declareClaim();
      const proof = proofIds[0] ?? 0;
      const file = await uploadPdf(proof, 'carte-identite.pdf');
      expect((await validation(numero, [{ type: proof, value: file, name: 'x' }])).status).toBe(200);
      // The claim opens with these credentials: its proofs' states are there, not their bytes.
      const states = await followUp(numero);
      expect(states.justificatifs_manquants[String(proof)]?.data_mysql).toMatchObject({
        dropbox: 1,
        nom_fichier: 'carte-identite.pdf',
      });

      for (const [lang, message] of [
        [
          'fr',
          'Pour protéger vos données, les fichiers transmis ne s’ouvrent que depuis le lien de suivi envoyé par e-mail.',
        ],
        ['en', 'To protect your data, files you sent can only be opened from the tracking link sent by email.'],
        [
          'pl',
          'Ze względu na ochronę danych przesłane pliki można otworzyć tylko z linku do śledzenia sprawy wysłanego e-mailem.',
        ],
      ] as const) {
        const response = await download({ proof: String(proof), dossier_numero: numero, dossier_nom: LAST_NAME, lang });
        expect(response.status).toBe(403);
        expect(response.headers.get('content-disposition')).toBeNull();
        expect(ErrorAnswerSchema.parse(await response.json())).toEqual({
          status: 'error',
          message,
          code: 'files_by_link_only',
        });
      }
      // One of the two is enough to be refused; the link's token still opens the file.
      expect((await download({ proof: String(proof), dossier_numero: numero })).status).toBe(403);
      expect((await download({ proof: String(proof), dossier_nom: LAST_NAME })).status).toBe(403);
      const byToken = await download({ proof: String(proof), hash: await followUpToken(claimId) });
      expect(byToken.status).toBe(200);
      expect(
        Buffer.from(await byToken.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    });

    it('When the token is unknown, the proof is another claim\'s or has no file, then the same "not found" as the follow-up lookup answers', async () => {
      const { numero, claimId, proofIds } = await declareClaim();
      const other = await declareClaim();
      const proof = proofIds[0] ?? 0;
      const file = await uploadPdf(proof);
      expect((await validation(numero, [{ type: proof, value: file, name: 'x' }])).status).toBe(200);
      const otherFile = await uploadPdf(other.proofIds[0] ?? 0);
      expect((await validation(other.numero, [{ type: other.proofIds[0], value: otherFile, name: 'x' }])).status).toBe(
        200,
      );
      const token = await followUpToken(claimId);

      const lookup = await fetch(
        `${suite.app.baseUrl}${PARTNER_API_BASE}/sinistres?${new URLSearchParams({ dossier_numero: numero, dossier_nom: 'Dupont' })}`,
      );
      const expected = await lookup.json();
      for (const query of [
        { proof: String(other.proofIds[0]), hash: token },
        { proof: String(proofIds[1]), hash: token },
        { proof: String(proof), hash: 'x'.repeat(43) },
      ]) {
        const response = await download(query);
        expect(response.status, JSON.stringify(query)).toBe(404);
        expect(await response.json()).toEqual(expected);
      }
    });

    it('When the query has unknown fields, then 400 names them', async () => {
      const response = await download({ proof: '1', hash: 'x'.repeat(43), path: '../x' });
      expect(response.status).toBe(400);
      expect(Object.keys(ErrorAnswerSchema.parse(await response.json()).fields ?? {})).toEqual(['path']);
    });
  });

  // Abuse and clean-up --------------------------------------------------------------------------

  describe('limits and clean-up', () => {
    it('When one address posts too often, then the next post answers 429 translated with Retry-After, before its body is read', async () => {
      for (let index = 0; index < PROOF_POSTS_PER_ADDRESS.limit; index++) {
        const answer = await upload([['type', '1']]);
        expect(answer.status).toBe(400);
      }
      const stored = suite.app.storedFiles();
      const refused = await postForm(
        `${suite.app.baseUrl}${PROOFS_URL}?lang=it`,
        multipartForm(
          [['type', '1']],
          [{ field: 'newfile', bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' }],
        ),
      );
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(ErrorAnswerSchema.parse(refused.body)).toMatchObject({ code: 'rate_limited' });
      expect(ErrorAnswerSchema.parse(refused.body).message).toMatch(/^Troppi tentativi/);
      expect(suite.app.storedFiles()).toEqual(stored);
    });

    it('When temporary uploads have expired, then deleteExpiredUploads removes their rows and bytes and leaves fresh and attached files', async () => {
      const { db } = context.database;
      const { numero, proofIds } = await declareClaim();
      const expired = await uploadPdf(0);
      const fresh = await uploadPdf(0);
      const attached = await uploadPdf(proofIds[0] ?? 0);
      expect((await validation(numero, [{ type: proofIds[0], value: attached, name: 'x' }])).status).toBe(200);
      await db
        .update(uploadedFiles)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(uploadedFiles.id, expired));
      const expiredKey = (await uploadRow(expired))?.storageKey;
      // Earlier tests left expired uploads too.
      const expiredRows = await db
        .select({ id: uploadedFiles.id })
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.status, 'temporary'), lt(uploadedFiles.expiresAt, new Date())));

      const sweep = await deleteExpiredUploads(db, suite.app.fileStore);
      expect(sweep).toEqual({ deleted: expiredRows.length, bytesNotRemoved: 0 });
      expect(await uploadRow(expired)).toBeUndefined();
      expect(suite.app.storedFiles()).not.toContain(expiredKey);
      expect(await uploadRow(fresh)).toMatchObject({ status: 'temporary' });
      expect(await uploadRow(attached)).toMatchObject({ status: 'attached' });
      expect(suite.app.storedFiles()).toContain((await uploadRow(fresh))?.storageKey);

      // A day later the fresh one has expired too; the attached one never expires.
      const later = await deleteExpiredUploads(
        db,
        suite.app.fileStore,
        new Date(Date.now() + TEMPORARY_UPLOAD_LIFETIME_MS + 60_000),
      );
      expect(later.deleted).toBeGreaterThanOrEqual(1);
      expect(await uploadRow(fresh)).toBeUndefined();
      expect(await uploadRow(attached)).toMatchObject({ status: 'attached' });
      await expect(suite.app.fileStore.get((await uploadRow(attached))?.storageKey ?? '')).resolves.toBeInstanceOf(
        Readable,
      );
    });

    it('When uploads keep coming, then an expired upload is swept away without anyone asking', async () => {
      const expired = await uploadPdf(0);
      await context.database.db
        .update(uploadedFiles)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(uploadedFiles.id, expired));
      for (let index = 0; index < SWEEP_EVERY_UPLOADS; index++) await uploadPdf(0);
      await vi.waitFor(async () => expect(await uploadRow(expired)).toBeUndefined(), { timeout: 10_000, interval: 20 });
    });

    it('When claimants upload and validate, then the logs name no person, e-mail or file name', () => {
      const logs = captured.lines.join('\n');
      expect(logs).toContain('proofs transmitted');
      for (const secret of [
        'Lefèvre',
        'Lefevre',
        'Anaïs',
        '@example.com',
        'Dupont',
        'certificat-medical',
        'facture.pdf',
      ])
        expect(logs).not.toContain(secret);
    });
  });
});
