import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClaimHandlingAnswerSchema, WorkQueueAnswerSchema } from '../../../contracts/backoffice.ts';
import type { Language } from '../../../contracts/languages.ts';
import {
  PARTNER_API_BASE,
  ProofUploadAnswerSchema,
  SinistresCreatedAnswerSchema,
} from '../../../contracts/partner-api.ts';
import { claimProofs, claims, followUpTokens, mailOutbox } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { samplePdf } from '../../files/test-support.ts';
import { deliverDueMail } from '../../mail/delivery.ts';
import { formatMailDate, mailTranslator } from '../../mail/templates.ts';
import { parseMessage, startSmtpServer, type TestSmtpServer } from '../../mail/test-support.ts';
import { createTransport, type MailTransport } from '../../mail/transport.ts';
import { signedInStaffCookie } from '../../staff-api/sessions/test-support.ts';
import { createCapturedLogger, createTestCatalog } from '../../test-support.ts';
import { hashFollowUpToken } from '../claims/claimant-access.ts';
import { postDeclaration, validDeclaration } from '../claims/test-support.ts';
import { multipartForm, postForm, usePartnerApiApp } from './test-support.ts';

/**
 * A proof file is never replaced silently: every file transmitted for a proof stays
 * a version staff can open, a new file for bank details already sent flags the claim "RIB modifié"
 * until staff decide, and the claim's address is mailed what was received. Real HTTP, real SMTP,
 * both databases.
 */

const PROOFS_URL = `${PARTNER_API_BASE}/justificatifs`;
/** validDeclaration's reason 18 asks for these four documents, in this order: the RIB is the fourth. */
const RIB_INDEX = 3;
const MEDICAL_INDEX = 1;

/** A PDF whose bytes say `label`, so that each version can be told apart once downloaded. */
function pdfSaying(label: string): Buffer {
  return Buffer.concat([samplePdf(), Buffer.from(`\n% ${label}\n`, 'latin1')]);
}

describeWithDatabases('proof versions, changed bank details and the mail of received proofs', (context) => {
  const captured = createCapturedLogger('info');
  const suite = usePartnerApiApp(context, captured.logger);
  const silent = createCapturedLogger().logger;
  let cookie = '';
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let dataDir = '';
  /** Generic demo numbers SO-0000010 … SO-0000029, one claim each. */
  let nextSubscription = 10;

  beforeAll(async () => {
    cookie = await signedInStaffCookie(context.database.db, 'claude.staff');
    dataDir = mkdtempSync(join(tmpdir(), 'proofs-received-mail-'));
    smtp = await startSmtpServer();
    transport = createTransport({ SMTP_URL: smtp.url, MAIL_FROM: undefined, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Declares a fresh claim (reason 18: four requested proofs, the RIB fourth) in `lang`. */
  async function declareClaim(lang: Language = 'fr') {
    const n = nextSubscription++;
    const answer = await postDeclaration(
      suite.app.baseUrl,
      validDeclaration(n, { lang }),
      randomBytes(18).toString('base64url'),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const numero = SinistresCreatedAnswerSchema.parse(answer.body).data.numero_sinistre;
    const [claim] = await context.database.db.select().from(claims).where(eq(claims.numero, numero));
    if (!claim) throw new Error(`no claim ${numero}`);
    const proofs = await context.database.db
      .select({ id: claimProofs.id })
      .from(claimProofs)
      .where(eq(claimProofs.claimId, claim.id))
      .orderBy(claimProofs.id);
    return { numero, claimId: claim.id, email: claim.assureEmail, proofIds: proofs.map((proof) => proof.id) };
  }

  /** Uploads a PDF for proof `type` and answers its temp_file. */
  async function uploadPdf(type: number, name: string, bytes: Buffer): Promise<string> {
    const form = multipartForm([['type', String(type)]], [{ field: 'newfile', bytes, name, type: 'application/pdf' }]);
    const answer = await postForm(`${suite.app.baseUrl}${PROOFS_URL}`, form);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ProofUploadAnswerSchema.parse(answer.body).data.temp_file;
  }

  /** The claimant's "Valider" on the follow-up page, for `files` uploaded just before. */
  async function validate(numero: string, files: { type: number; name: string; bytes: Buffer }[]) {
    const items = [];
    for (const file of files)
      items.push({ type: file.type, value: await uploadPdf(file.type, file.name, file.bytes), name: file.name });
    const fields = { hash: await followUpToken(numero), justificatifs: JSON.stringify(items) };
    const answer = await postForm(`${suite.app.baseUrl}${PROOFS_URL}`, multipartForm(fields));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  /** A call of the staff API, signed in. */
  function staffCall(method: string, path: string) {
    return fetch(`${suite.app.baseUrl}${path}`, { method, headers: { Cookie: cookie } });
  }

  async function claimPage(numero: string) {
    const answer = await staffCall('GET', `/sinistres/${numero}`);
    expect(answer.status).toBe(200);
    return ClaimHandlingAnswerSchema.parse(await answer.json()).datas;
  }

  async function queueLine(numero: string) {
    const answer = await staffCall('GET', '/a_traiter');
    expect(answer.status).toBe(200);
    return WorkQueueAnswerSchema.parse(await answer.json()).datas.proofs.find((line) => line.number === numero);
  }

  /** A working follow-up link's token for claim `claimId`, as the mailed link carries it. */
  async function tokenOfClaim(claimId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await context.database.db
      .insert(followUpTokens)
      .values({ claimId, tokenHash: hashFollowUpToken(token), expiresAt: new Date(Date.now() + 60_000) });
    return token;
  }

  async function followUpToken(numero: string): Promise<string> {
    const [claim] = await context.database.db.select({ id: claims.id }).from(claims).where(eq(claims.numero, numero));
    if (!claim) throw new Error(`no claim ${numero}`);
    return tokenOfClaim(claim.id);
  }

  /** What the claimant's download (the mailed link's token) sends for a proof. */
  async function claimantDownload(claimId: number, proofId: number): Promise<string> {
    const token = await tokenOfClaim(claimId);
    const url = new URL(`${PROOFS_URL}/fichier`, suite.app.baseUrl);
    url.search = new URLSearchParams({ proof: String(proofId), hash: token }).toString();
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    return Buffer.from(await answer.arrayBuffer()).toString('latin1');
  }

  it('When a claimant validates a file twice for one proof, then staff see both versions newest first with their time and channel, each opens with its own bytes, and the claimant downloads the latest', async () => {
    const { numero, claimId, proofIds } = await declareClaim();
    const proofId = proofIds[MEDICAL_INDEX] ?? 0;
    const before = Date.now();
    await validate(numero, [{ type: proofId, name: 'certificat.pdf', bytes: pdfSaying('first certificate') }]);
    await validate(numero, [{ type: proofId, name: 'certificat.pdf', bytes: pdfSaying('second certificate') }]);

    const proof = (await claimPage(numero)).proofs.find((candidate) => candidate.id === proofId);
    expect(proof?.versions).toHaveLength(2);
    const [latest, first] = proof?.versions ?? [];
    for (const version of [latest, first]) {
      expect(version).toMatchObject({
        originalName: 'certificat.pdf',
        mime: 'application/pdf',
        channel: 'follow_up_link',
      });
      expect(Date.parse(version?.transmittedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(Date.parse(latest?.transmittedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(first?.transmittedAt ?? ''));
    // Not bank details: nothing to flag.
    expect(proof?.bankDetailsChangedAt).toBeNull();

    const opened = [];
    for (const version of [latest, first]) {
      const answer = await staffCall(
        'GET',
        `/sinistres/${numero}/justificatifs/${proofId}/versions/${version?.id}/fichier`,
      );
      expect(answer.status).toBe(200);
      opened.push(Buffer.from(await answer.arrayBuffer()).toString('latin1'));
    }
    expect(opened[0]).toContain('second certificate');
    expect(opened[1]).toContain('first certificate');
    expect(await claimantDownload(claimId, proofId)).toContain('second certificate');

    // A version of another proof, or an unknown one, is not opened through this proof.
    const other = proofIds[0] ?? 0;
    expect(
      (await staffCall('GET', `/sinistres/${numero}/justificatifs/${other}/versions/${latest?.id}/fichier`)).status,
    ).toBe(404);
    expect(
      (await staffCall('GET', `/sinistres/${numero}/justificatifs/${proofId}/versions/not-a-version/fichier`)).status,
    ).toBe(400);
  });

  it('When the bank details receive a new file after a first one, then the claim is flagged "RIB modifié" in the work queue and on the claim page until staff validate or refuse it', async () => {
    const validated = await declareClaim();
    const refused = await declareClaim();
    for (const claim of [validated, refused]) {
      const rib = claim.proofIds[RIB_INDEX] ?? 0;
      await validate(claim.numero, [{ type: rib, name: 'rib.pdf', bytes: pdfSaying('genuine RIB') }]);
      // A first RIB is what was asked: it waits for review, unflagged.
      expect(await queueLine(claim.numero)).toMatchObject({ bankDetailsChanged: false });
      await validate(claim.numero, [{ type: rib, name: 'rib.pdf', bytes: pdfSaying('replacing RIB') }]);
      const line = await queueLine(claim.numero);
      expect(line).toMatchObject({ bankDetailsChanged: true, toReview: ['RIB'] });
      const page = await claimPage(claim.numero);
      const proof = page.proofs.find((candidate) => candidate.id === rib);
      expect(proof?.bankDetailsChangedAt).not.toBeNull();
      expect(proof?.versions.map((version) => version.originalName)).toEqual(['rib.pdf', 'rib.pdf']);
    }
    // Flagged claims come first in the group of proofs to review.
    const answer = await staffCall('GET', '/a_traiter');
    const lines = WorkQueueAnswerSchema.parse(await answer.json()).datas.proofs;
    const firstUnflagged = lines.findIndex((line) => !line.bankDetailsChanged);
    expect(
      lines.slice(firstUnflagged === -1 ? lines.length : firstUnflagged).some((line) => line.bankDetailsChanged),
    ).toBe(false);

    const validatedRib = validated.proofIds[RIB_INDEX] ?? 0;
    const validation = await staffCall(
      'POST',
      `/sinistres/${validated.numero}/justificatifs/${validatedRib}/validation`,
    );
    expect(validation.status).toBe(200);
    const refusedRib = refused.proofIds[RIB_INDEX] ?? 0;
    const refusal = await fetch(`${suite.app.baseUrl}/sinistres/${refused.numero}/justificatifs/${refusedRib}/refus`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ motif: 'Le RIB ne correspond pas au titulaire du dossier' }),
    });
    expect(refusal.status).toBe(200);
    for (const [claim, proofId] of [
      [validated, validatedRib],
      [refused, refusedRib],
    ] as const) {
      const proof = (await claimPage(claim.numero)).proofs.find((candidate) => candidate.id === proofId);
      expect(proof?.bankDetailsChangedAt).toBeNull();
      // Both files stay listed after the decision.
      expect(proof?.versions).toHaveLength(2);
      expect((await queueLine(claim.numero))?.bankDetailsChanged ?? false).toBe(false);
    }
  });

  it.each([
    ['fr', 'French'],
    ['en', 'English'],
  ] as const)(
    'When a claimant validates two files at once in %s, then one mail in %s reaches the claim address over SMTP, listing both documents with the date, the support lines and what to do if it was not them',
    async (lang, _language) => {
      const claim = await declareClaim(lang);
      const rib = claim.proofIds[RIB_INDEX] ?? 0;
      const medical = claim.proofIds[MEDICAL_INDEX] ?? 0;
      await validate(claim.numero, [
        { type: rib, name: 'rib-compte.pdf', bytes: pdfSaying('RIB') },
        { type: medical, name: 'certificat-medical.pdf', bytes: pdfSaying('certificate') },
      ]);
      const rows = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.claimId, claim.claimId));
      expect(rows.map((row) => row.kind).toSorted()).toEqual(['claim-confirmation', 'proofs-received']);

      const before = smtp.received.length;
      await deliverDueMail({ database: context.database, transport, logger: silent, batchSize: 100 });
      const t = mailTranslator(lang);
      const subject = t('proofsReceived.subject', { claimNumber: claim.numero });
      const mails = smtp.received
        .slice(before)
        .filter((mail) => mail.to.includes(claim.email))
        .map((mail) => parseMessage(mail.raw))
        .filter((message) => message.headers.get('subject') === subject);
      expect(mails).toHaveLength(1);
      const text = mails[0]?.text ?? '';
      const names = lang === 'fr' ? ['RIB', 'Certificat médical'] : ['Bank details', 'Medical certificate'];
      expect(text).toContain(t('proofsReceived.intro', { count: 2 }));
      expect(text).toContain(
        `- ${t('proofsReceived.documentFile', { document: names[0] ?? '', file: 'rib-compte.pdf' })}`,
      );
      expect(text).toContain(
        `- ${t('proofsReceived.documentFile', { document: names[1] ?? '', file: 'certificat-medical.pdf' })}`,
      );
      expect(text).toContain(formatMailDate(new Date(), lang));
      expect(text).toContain(t('proofsReceived.notYou'));
      const neutral = createTestCatalog().neutral;
      for (const line of neutral.support) expect(text).toContain(line.phone);
      expect(mails[0]?.html).toContain(`<html lang="${lang}">`);

      // A validation of one more file is one more mail, never one per file.
      await validate(claim.numero, [{ type: claim.proofIds[0] ?? 0, name: 'attestation.pdf', bytes: pdfSaying('x') }]);
      const after = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.claimId, claim.claimId));
      expect(after.filter((row) => row.kind === 'proofs-received')).toHaveLength(2);
    },
  );
});
