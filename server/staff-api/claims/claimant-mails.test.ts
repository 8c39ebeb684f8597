import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../contracts/languages.ts';
import { hashFollowUpToken } from '../../customer-api/claims/claimant-access.ts';
import { documentTypes, followUpTokens, mailOutbox } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { deliverDueMail } from '../../mail/delivery.ts';
import { formatMailDate, mailTranslator } from '../../mail/templates.ts';
import { parseMessage, startSmtpServer, type TestSmtpServer } from '../../mail/test-support.ts';
import { createTransport, type MailTransport, type OutgoingMail } from '../../mail/transport.ts';
import { createCapturedLogger, createTestCatalog } from '../../test-support.ts';
import { runClaimsCommand } from './command.ts';
import { refuseDocument, requestDocument, setClaimEtat, validateDocument } from './service.ts';
import { insertDurandClaim } from './test-support.ts';

/**
 * The claimant hears of every change staff make, one mail per change, held a
 * minute so that a change undone within it sends nothing. Time is driven through the outbox
 * (`held_until` and `next_attempt_at` moved into the past: "a minute has passed"), never waited.
 */

const ORIGIN = 'https://claims.example.com';
const brands = createTestCatalog();
const veligo = brands.bySlug.get('veligo');
const MAILING = { brands, origin: ORIGIN };
const BY = { actor: 'claude.staff', mailing: MAILING };
const silent = createCapturedLogger().logger;

/** A transport that records what it sends, and can be held until the test lets it go. */
function recordingTransport(): MailTransport & { sent: OutgoingMail[]; hold(): () => void } {
  const sent: OutgoingMail[] = [];
  let gate: Promise<void> | undefined;
  return {
    kind: 'file',
    sent,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    async send(mail) {
      await gate;
      sent.push(mail);
    },
    close() {},
  };
}

describeWithDatabases('The claimant is mailed each change staff make', { demo: true }, (context) => {
  let smtp: TestSmtpServer;
  let smtpTransport: MailTransport;
  let dataDir: string;
  /** Three document types of the demo's catalogue. */
  let types: { id: number; code: string }[] = [];

  beforeAll(async () => {
    types = await context.database.db
      .select({ id: documentTypes.id, code: documentTypes.code })
      .from(documentTypes)
      .orderBy(asc(documentTypes.id))
      .limit(3);
    dataDir = mkdtempSync(join(tmpdir(), 'claim-change-mail-'));
    smtp = await startSmtpServer();
    smtpTransport = createTransport({ SMTP_URL: smtp.url, MAIL_FROM: undefined, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    smtpTransport?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A new claim under veligo in `lang`, with a received proof to validate and one to refuse. */
  function createClaim(lang: Language = 'fr', email = `claimant.${lang}@example.org`) {
    return insertDurandClaim(
      context.database.db,
      types.slice(0, 2).map((type) => ({ documentTypeId: type.id, demande: 1, dropbox: 1, nomFichier: 'piece.pdf' })),
      { assureEmail: email, lang, company: 'veligo', acquisitionMethode: 'portail_veligo_mail' },
    );
  }

  /** The claim's mails, oldest first. */
  function mailsOf(claimId: number) {
    return context.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.claimId, claimId))
      .orderBy(asc(mailOutbox.id));
  }

  /** A minute passes for every held mail: it is no longer held, and due. */
  async function aMinutePasses() {
    await context.database.db
      .update(mailOutbox)
      .set({ heldUntil: sql`now() - interval '1 second'`, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(and(isNotNull(mailOutbox.heldUntil), eq(mailOutbox.status, 'pending')));
  }

  const deliver = (transport: MailTransport) =>
    deliverDueMail({ database: context.database, transport, logger: silent, batchSize: 100 });

  it('When staff change the state, ask for a document, validate and refuse a proof of claims in the 9 languages, then each claimant receives one mail per change in their language and brand, with the follow-up link, the date in full and what to do next', async () => {
    const { db } = context.database;
    const made = new Map<Language, Awaited<ReturnType<typeof createClaim>>>();
    for (const lang of LANGUAGES) {
      const claim = await createClaim(lang);
      made.set(lang, claim);
      const [toValidate = 0, toRefuse = 0] = claim.proofIds;
      await setClaimEtat(db, claim.numero, 'attente_traitement', BY);
      await requestDocument(db, claim.numero, String(types[2]?.id), BY);
      await validateDocument(db, claim.numero, toValidate, BY);
      await refuseDocument(db, claim.numero, toRefuse, {
        ...BY,
        motif: 'Illisible, merci de renvoyer une copie nette',
      });
    }
    // Held a minute: nothing leaves before.
    expect(await deliver(smtpTransport)).toEqual({ sent: [], retried: [], failed: [] });
    const before = smtp.received.length;
    await aMinutePasses();
    const report = await deliver(smtpTransport);
    expect(report.sent).toHaveLength(LANGUAGES.length * 4);
    const received = smtp.received.slice(before).map((mail) => ({ to: mail.to, message: parseMessage(mail.raw) }));

    for (const lang of LANGUAGES) {
      const claim = made.get(lang);
      if (!claim || !veligo) throw new Error('setup');
      const text = mailTranslator(lang);
      const mine = received.filter((mail) => mail.to.includes(`claimant.${lang}@example.org`));
      // Each change's subject names the claim, and the mail says what to do next.
      const expected = [
        [text('stateChanged.subject', { claimNumber: claim.numero }), text('stateChanged.next.awaitingDecision')],
        [text('documentRequested.subject', { claimNumber: claim.numero }), text('documentRequested.next')],
        // The document asked for just before is still to send.
        [text('proofValidated.subject', { claimNumber: claim.numero }), text('claimChange.missingIntro')],
        [text('proofRefused.subject', { claimNumber: claim.numero }), text('proofRefused.next')],
      ];
      expect(mine.map((mail) => mail.message.headers.get('subject')).toSorted()).toEqual(
        expected.map(([subject]) => subject).toSorted(),
      );
      const link = `${ORIGIN}/veligo/${lang === 'fr' ? '' : `${lang}/`}client-file?dossier=`;
      const today = formatMailDate(new Date(), lang);
      for (const [subject, nextStep] of expected) {
        const message = mine.find((mail) => mail.message.headers.get('subject') === subject)?.message;
        if (!message) throw new Error(`no mail "${subject}"`);
        expect(message.text).toContain(nextStep);
        expect(message.text).toContain(claim.numero);
        expect(message.text).toContain(today);
        expect(message.html).toContain(`<html lang="${lang}">`);
        expect(message.html).toContain(veligo.theme.primary);
        expect(message.text).toContain(veligo.name);
        // A working follow-up link: its token is the claim's.
        const token = new RegExp(`${link.replaceAll('?', '\\?')}([A-Za-z0-9_-]+)`).exec(message.text)?.[1] ?? '';
        const [stored] = await db
          .select({ claimId: followUpTokens.claimId })
          .from(followUpTokens)
          .where(eq(followUpTokens.tokenHash, hashFollowUpToken(token)));
        expect(stored?.claimId).toBe(claim.id);
      }
      const refusal = mine.find((mail) => mail.message.headers.get('subject') === expected[3]?.[0]);
      expect(refusal?.message.text).toContain('Illisible, merci de renvoyer une copie nette');
      const rows = await mailsOf(claim.id);
      expect(rows.map((row) => [row.kind, row.status])).toEqual([
        ['claim-state-changed', 'sent'],
        ['document-requested', 'sent'],
        ['proof-validated', 'sent'],
        ['proof-refused', 'sent'],
      ]);
    }
  });

  it('When staff set a state back within the minute, then no mail leaves; replaced within the minute, only the net change leaves; undone after the minute, both leave', async () => {
    const { db } = context.database;
    const transport = recordingTransport();
    const claim = await createClaim('en');

    // Undone within the minute: the held mail is cancelled, nothing replaces it.
    await setClaimEtat(db, claim.numero, 'sans_suite', BY);
    await setClaimEtat(db, claim.numero, 'en_cours', BY);
    expect((await mailsOf(claim.id)).map((row) => row.status)).toEqual(['cancelled']);
    await aMinutePasses();
    expect((await deliver(transport)).sent).toEqual([]);

    // Replaced within the minute: one mail, of the last state.
    await setClaimEtat(db, claim.numero, 'paiement_envoye', BY);
    await setClaimEtat(db, claim.numero, 'attente_traitement', BY);
    await aMinutePasses();
    expect((await deliver(transport)).sent).toHaveLength(1);
    expect(transport.sent[0]?.text).toContain(mailTranslator('en')('stateChanged.status.awaitingDecision'));

    // A state the follow-up page shows as the one the claimant was told: nothing.
    await setClaimEtat(db, claim.numero, 'en_cours', BY);
    await aMinutePasses();
    await deliver(transport);
    await setClaimEtat(db, claim.numero, 'expertise_en_cours', { ...BY, force: true });
    expect((await mailsOf(claim.id)).filter((row) => row.status === 'pending')).toEqual([]);

    // Undone after the minute: the first was told, so the second is told too.
    await setClaimEtat(db, claim.numero, 'sans_suite', BY);
    await aMinutePasses();
    await setClaimEtat(db, claim.numero, 'en_cours', BY);
    await aMinutePasses();
    await deliver(transport);
    expect((await mailsOf(claim.id)).map((row) => [row.kind, row.status])).toEqual([
      ['claim-state-changed', 'cancelled'],
      ['claim-state-changed', 'cancelled'],
      ['claim-state-changed', 'sent'],
      ['claim-state-changed', 'sent'],
      ['claim-state-changed', 'sent'],
      ['claim-state-changed', 'sent'],
    ]);
    expect(transport.sent).toHaveLength(4);
    expect(transport.sent.filter((mail) => mail.text.includes('Closed without a refund'))).toHaveLength(1);
  });

  it('When a delivery worker has taken a held mail as its minute ends, then a change made meanwhile does not cancel it and is told after it', async () => {
    const { db } = context.database;
    const transport = recordingTransport();
    const claim = await createClaim('de');
    await setClaimEtat(db, claim.numero, 'paiement_envoye', BY);
    await aMinutePasses();
    const release = transport.hold();
    const round = deliver(transport);
    // The worker has claimed it (leased, no longer held) and is sending it.
    await expect.poll(async () => (await mailsOf(claim.id))[0]?.heldUntil === null, { interval: 20 }).toBe(true);
    await setClaimEtat(db, claim.numero, 'en_cours', BY);
    release();
    expect((await round).sent).toHaveLength(1);
    expect((await mailsOf(claim.id)).map((row) => row.status)).toEqual(['sent', 'pending']);
  });

  it('When several staff make the same change at the same time, and several workers deliver, then the claimant gets one mail per change, never two', async () => {
    const { db } = context.database;
    const transport = recordingTransport();
    const claim = await createClaim('pl');
    const [proofId = 0] = claim.proofIds;
    await Promise.allSettled([
      ...Array.from({ length: 5 }, () => setClaimEtat(db, claim.numero, 'paiement_envoye', BY)),
      ...Array.from({ length: 5 }, () => requestDocument(db, claim.numero, String(types[2]?.id), BY)),
      ...Array.from({ length: 5 }, () => validateDocument(db, claim.numero, proofId, BY)),
    ]);
    await aMinutePasses();
    await Promise.all([deliver(transport), deliver(transport), deliver(transport)]);
    const mine = transport.sent.filter((mail) => mail.to === 'claimant.pl@example.org');
    expect(mine.map((mail) => mail.subject).toSorted()).toEqual(
      [
        mailTranslator('pl')('stateChanged.subject', { claimNumber: claim.numero }),
        mailTranslator('pl')('documentRequested.subject', { claimNumber: claim.numero }),
        mailTranslator('pl')('proofValidated.subject', { claimNumber: claim.numero }),
      ].toSorted(),
    );
  });

  it('When staff change a claim from the terminal (npm run claims), then the claimant is mailed as from the back office', async () => {
    const claim = await createClaim('it');
    const result = await runClaimsCommand(['set-etat', claim.numero, 'sans_suite'], context.database);
    expect(result.exitCode).toBe(0);
    const [row] = await mailsOf(claim.id);
    expect(row?.kind).toBe('claim-state-changed');
    expect(row?.subject).toBe(mailTranslator('it')('stateChanged.subject', { claimNumber: claim.numero }));
    expect(row?.textBody).toContain(mailTranslator('it')('stateChanged.complaintButton'));
  });

  it('When a claim was imported with an address no mail can go to, then staff can still change it, and nothing is queued', async () => {
    const claim = await createClaim('fr', 'not an address');
    await setClaimEtat(context.database.db, claim.numero, 'sans_suite', BY);
    expect(await mailsOf(claim.id)).toEqual([]);
  });
});
