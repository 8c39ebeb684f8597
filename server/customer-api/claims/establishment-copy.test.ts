import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import { ClaimHandlingAnswerSchema, type ClaimHandling } from '../../../contracts/backoffice.ts';
import { claims, mailOutbox, subscriptions } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { deliverDueMail } from '../../mail/delivery.ts';
import { type ParsedMessage, parseMessage, startSmtpServer, type TestSmtpServer } from '../../mail/test-support.ts';
import { createTransport, type MailTransport } from '../../mail/transport.ts';
import { signedInStaffCookie } from '../../staff-api/sessions/test-support.ts';
import { createCapturedLogger, createFakeSite, type RunningApp } from '../../test-support.ts';
import { postDeclaration, startClaimsApp, validDeclaration } from './test-support.ts';

/**
 * Step 5's copy box: a cancellation declared with it is copied to the booking establishment, at
 * the subscription's address, else the brand file's; the SMTP server receives it, and the staff
 * claim page says whether, when and where it went. Real app, real database, real SMTP.
 */

const silent = createCapturedLogger().logger;

/** The generic demo subscriptions used here (SO-00000`n`), and the establishment each gives. */
const DUNES = { n: 10, address: 'reservations@camping-dunes-argent.example' };

describeWithDatabases('The copy of a cancellation to the booking establishment', { demo: true }, (context) => {
  const site = createFakeSite();
  let brands: BrandCatalog;
  let app: RunningApp;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let dataDir: string;
  let cookie = '';

  beforeAll(async () => {
    brands = await loadBrands();
    cookie = await signedInStaffCookie(context.database.db, 'establishment.copy.staff');
    dataDir = mkdtempSync(join(tmpdir(), 'establishment-copy-'));
    smtp = await startSmtpServer();
    transport = createTransport({ SMTP_URL: smtp.url, MAIL_FROM: undefined, DATA_DIR: dataDir });
    app = await startClaimsApp(context.database, site.staticDir, { brands });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    transport?.close();
    await smtp?.close();
    site.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  /** Leaves the generic subscriptions `ns` without an establishment address of their own. */
  async function withoutOwnAddress(...ns: number[]): Promise<void> {
    await context.database.db
      .update(subscriptions)
      .set({ destinationEmail: null })
      .where(
        inArray(
          subscriptions.souscriptionId,
          ns.map((n) => 1010 + n),
        ),
      );
  }

  /** A cancellation (group 1, reason 1) on SO-00000`n`, box ticked unless said otherwise; answers its number. */
  async function declareCancellation(n: number, overrides: Record<string, string> = {}): Promise<string> {
    const fields = validDeclaration(n, {
      garantie_type: '1',
      motif_id: '1',
      confirmation_annulation: '1',
      assure_prenom: 'Léa',
      assure_nom: 'Vasseur',
      destination_nom: 'Camping Les Dunes d’Argent',
      declaration_commentaire: 'Décès de mon père le 12, nous ne viendrons pas.',
      ...overrides,
    });
    const answer = await postDeclaration(app.baseUrl, fields, randomUUID());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { data: { numero_sinistre: string } }).data.numero_sinistre;
  }

  /** The staff claim page's answer, as the back office reads it. */
  async function staffClaim(numero: string): Promise<ClaimHandling> {
    const response = await fetch(`${app.baseUrl}/sinistres/${numero}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return ClaimHandlingAnswerSchema.parse(await response.json()).datas;
  }

  /** Delivers every due mail to the SMTP server. */
  async function deliverAll(): Promise<void> {
    for (;;) {
      const report = await deliverDueMail({ database: context.database, transport, logger: silent, batchSize: 100 });
      if (report.sent.length + report.retried.length + report.failed.length === 0) return;
    }
  }

  /** What the SMTP server received for `address`. */
  function receivedBy(address: string): ParsedMessage[] {
    return smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parseMessage(mail.raw));
  }

  async function copiesOf(numero: string) {
    return context.database.db
      .select({ status: mailOutbox.status, recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .innerJoin(claims, eq(claims.id, mailOutbox.claimId))
      .where(and(eq(claims.numero, numero), eq(mailOutbox.kind, 'establishment-copy')));
  }

  it('When the demo is seeded, then its cancellations read as copied to their establishments on the day they were declared, and nothing waits to be sent', async () => {
    const claim = await staffClaim('SI-0000003');
    expect(claim.establishmentCopy).toMatchObject({
      state: 'sent',
      recipient: 'reservations@camping-les-pins.example',
    });
    expect(Date.parse(claim.establishmentCopy?.sentAt ?? '') - Date.parse(claim.declarationDate)).toBe(2 * 60_000);
    expect((await staffClaim('SI-0000008')).establishmentCopy).toBeNull();
    await deliverAll();
    expect(smtp.received).toEqual([]);
  });

  it('When a cancellation is declared in English with the copy box ticked, then the establishment of the subscription receives the copy in French, apart from the claimant’s mail, and the staff claim page says when and to whom it was sent', async () => {
    const numero = await declareCancellation(DUNES.n, { lang: 'en', assure_email: 'lea.vasseur@example.org' });

    const before = await staffClaim(numero);
    expect(before.establishmentCopy).toEqual({ state: 'pending', recipient: DUNES.address, sentAt: null });

    await deliverAll();
    const [copy, ...more] = receivedBy(DUNES.address);
    expect(more).toEqual([]);
    expect(copy?.headers.get('subject')).toBe(`Annulation de réservation – copie de la déclaration ${numero}`);
    for (const line of [
      `Numéro de dossier\u00a0: ${numero}`,
      'Assuré\u00a0: Léa Vasseur',
      'Établissement\u00a0: Camping Les Dunes d’Argent',
      'Garantie\u00a0: Annulation de séjour',
      'Le client confirme l’annulation définitive de sa réservation.',
      'Décès de mon père le 12, nous ne viendrons pas.',
    ])
      expect(copy?.text).toContain(line);
    // Nothing in it reaches the claimant: neither their address nor their follow-up link.
    expect(copy?.text).not.toContain('lea.vasseur@example.org');
    expect(copy?.text).not.toContain('dossier=');
    // The claimant's own confirmation still goes to them, in their language.
    expect(receivedBy('lea.vasseur@example.org').map((mail) => mail.headers.get('subject'))).toEqual([
      expect.stringContaining(numero),
    ]);

    const after = await staffClaim(numero);
    expect(after.establishmentCopy).toMatchObject({ state: 'sent', recipient: DUNES.address });
    const sentAt = Date.parse(after.establishmentCopy?.sentAt ?? '');
    expect(Math.abs(Date.now() - sentAt)).toBeLessThan(60_000);
    expect(after.mails.map((mail) => [mail.kind, mail.status])).toEqual([
      ['claim-confirmation', 'sent'],
      ['establishment-copy', 'sent'],
    ]);
  });

  it('When the subscription gives no establishment address, then the brand file’s booking desk receives the copy', async () => {
    await withoutOwnAddress(11);
    const numero = await declareCancellation(11, {
      company: 'lachapelle',
      acquisition_methode: 'portail_lachapelle_mail',
    });
    await deliverAll();
    const [copy] = receivedBy('reservations@camping-la-chapelle.example');
    expect(copy?.text).toContain(`Numéro de dossier\u00a0: ${numero}`);
    expect(copy?.text).toContain('Le service sinistres Camping La Chapelle');
    expect((await staffClaim(numero)).establishmentCopy).toMatchObject({
      state: 'sent',
      recipient: 'reservations@camping-la-chapelle.example',
    });
  });

  it('When neither the subscription nor the brand file gives an address, then nothing is sent and the staff claim page says there was no address', async () => {
    await withoutOwnAddress(12);
    const numero = await declareCancellation(12);
    await deliverAll();
    expect(await copiesOf(numero)).toEqual([]);
    expect(smtp.received.flatMap((mail) => mail.to)).toEqual(['anais.lefevre.12@example.com']);
    expect((await staffClaim(numero)).establishmentCopy).toEqual({ state: 'noAddress', recipient: null, sentAt: null });
  });

  it('When the claim is of a group without the copy box, or of a brand that does not show it, then no copy is written, whatever was posted', async () => {
    const interruption = await declareCancellation(13, { garantie_type: '12', motif_id: '18' });
    const zenride = await declareCancellation(14, {
      company: 'zenride',
      acquisition_methode: 'portail_zenride_mail',
      sejour_debut_date: '',
      sejour_fin_date: '',
    });
    await deliverAll();
    expect(await copiesOf(interruption)).toEqual([]);
    expect(await copiesOf(zenride)).toEqual([]);
    expect(receivedBy(DUNES.address)).toEqual([]);
    expect((await staffClaim(interruption)).establishmentCopy).toBeNull();
    expect((await staffClaim(zenride)).establishmentCopy).toEqual({
      state: 'notRequested',
      recipient: null,
      sentAt: null,
    });
  });

  it('When six cancellations of one campsite are declared within the hour, then its booking desk receives all six copies: they are not counted in a claimant’s share of five an hour', async () => {
    const ns = [15, 16, 17, 18, 19, 20];
    await withoutOwnAddress(...ns);
    const numbers: string[] = [];
    for (const n of ns)
      numbers.push(
        await declareCancellation(n, { company: 'lesmenhirs', acquisition_methode: 'portail_lesmenhirs_mail' }),
      );
    await deliverAll();
    const copies = receivedBy('reservations@camping-les-menhirs.example');
    expect(copies.map((mail) => mail.headers.get('subject')).sort()).toEqual(
      numbers.map((numero) => `Annulation de réservation – copie de la déclaration ${numero}`).sort(),
    );
  });
});
