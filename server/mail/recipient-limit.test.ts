import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBrands } from '../../brands/index.ts';
import type { BrandCatalog } from '../../brands/lib/parse.ts';
import { ClaimHandlingAnswerSchema } from '../../contracts/backoffice.ts';
import { startClaimsApp } from '../customer-api/claims/test-support.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { mailOutbox, rateLimitHits, securityEventCounts } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { signedInStaffCookie } from '../staff-api/sessions/test-support.ts';
import { createCapturedLogger, createFakeSite, createTestCatalog, type RunningApp } from '../test-support.ts';
import { deliverDueMail } from './delivery.ts';
import { askFollowUpLink, declareTo, subscriptionDeclaration } from './mail-cannon-test-support.ts';
import { enqueueMail, type NewMail } from './outbox.ts';
import { RECIPIENT_LIMITS, recipientKeyOf } from './recipient-limit.ts';
import { renderMail } from './templates.ts';
import { startSmtpServer, type TestSmtpServer } from './test-support.ts';
import { createTransport, type MailTransport } from './transport.ts';

const silent = createCapturedLogger().logger;
const [HOUR, DAY] = RECIPIENT_LIMITS.visitor;

function contactAcknowledgement(to: string): NewMail {
  return {
    to,
    ...renderMail('contact-acknowledgement', 'fr', createTestCatalog().neutral, { claimNumber: undefined }),
  };
}

describe('recipient key', () => {
  it('When an address differs only by case and spaces, then it counts as the same recipient', () => {
    expect(recipientKeyOf('  Claire.Martin@Example.COM ')).toBe(recipientKeyOf('claire.martin@example.com'));
  });
});

describeWithDatabases('the per-recipient mail limit', { demo: true }, (context) => {
  const site = createFakeSite();
  let brands: BrandCatalog;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let app: RunningApp;
  /** A second server process on the same database (on PGlite, the embedded database is one process's). */
  let secondDatabase: Database | undefined;
  let second: RunningApp;
  let cookie = '';
  let clients = 0;
  /** A new client address for each call: no per-address rule plays a part here. */
  const nextClient = () => `203.0.113.${1 + (clients++ % 250)}`;

  beforeAll(async () => {
    brands = await loadBrands();
    cookie = await signedInStaffCookie(context.database.db, 'mail.limit.staff');
    smtp = await startSmtpServer();
    transport = createTransport({ SMTP_URL: smtp.url, MAIL_FROM: undefined, DATA_DIR: context.config.DATA_DIR });
    const config = { TRUST_PROXY: '1' };
    app = await startClaimsApp(context.database, site.staticDir, { brands, config });
    secondDatabase = context.driver === 'postgres' ? await openDatabase(context.config, silent) : undefined;
    second = await startClaimsApp(secondDatabase ?? context.database, site.staticDir, { brands, config });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await second?.close();
    await secondDatabase?.close();
    transport?.close();
    await smtp?.close();
    site.remove();
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
    smtp.received.length = 0;
  });

  /** Delivers every due mail to the SMTP server, round after round. */
  async function deliverAll(): Promise<void> {
    for (;;) {
      const report = await deliverDueMail({ database: context.database, transport, logger: silent });
      if (report.sent.length + report.retried.length + report.failed.length === 0) return;
    }
  }

  const receivedBy = (address: string) =>
    smtp.received.filter((mail) => mail.to.some((to) => recipientKeyOf(to) === recipientKeyOf(address)));

  async function staffClaim(numero: string) {
    const response = await fetch(`${app.baseUrl}/sinistres/${numero}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return ClaimHandlingAnswerSchema.parse(await response.json()).datas;
  }

  it('When a claimant declares, asks for the follow-up link twice and staff change the claim four times, then every mail reaches their mailbox', async () => {
    const email = 'vraie.cliente@example.com';
    const declared = await declareTo(app.baseUrl, subscriptionDeclaration(email, 19), nextClient());
    expect(declared.status).toBe(200);
    const numero = declared.numero ?? '';
    expect(await askFollowUpLink(app.baseUrl, numero, nextClient())).toBe(200);
    expect(await askFollowUpLink(second.baseUrl, numero, nextClient())).toBe(200);
    // Staff move the claim through its states; each change is told once its minute is over.
    for (const etat of ['attente_traitement', 'en_cours', 'attente_traitement', 'paiement_envoye']) {
      const response = await fetch(`${app.baseUrl}/sinistres/${numero}/etat`, {
        method: 'PATCH',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ etat }),
      });
      expect(response.status).toBe(200);
      await context.database.db.execute(
        sql`update mail_outbox set held_until = null, next_attempt_at = now() where status = 'pending'`,
      );
    }
    await deliverAll();

    const mails = (await staffClaim(numero)).mails;
    expect(mails.map((mail) => mail.status)).toEqual(mails.map(() => 'sent'));
    expect(mails.length).toBe(7);
    expect(receivedBy(email)).toHaveLength(7);
  });

  it('When one mail more than the hourly limit goes to one address within an hour, whatever its case, then the limit reaches the mail server and staff see the last as not sent for the limit', async () => {
    const email = 'Cible.Inconnue@example.com';
    // Most of the hour's share first, from forms, the address typed in lower case.
    await context.database.db.transaction(async (tx) => {
      for (let n = 0; n < HOUR.limit - 3; n++) await enqueueMail(tx, contactAcknowledgement(email.toLowerCase()));
    });
    const numeros: string[] = [];
    for (let n = 0; n < 4; n++) {
      // The same address as a stranger types it, in capitals or not.
      const typed = n % 2 === 0 ? email : email.toLowerCase();
      const declared = await declareTo(app.baseUrl, subscriptionDeclaration(typed, n), nextClient());
      // The limit never fails the declaration.
      expect(declared.status).toBe(200);
      numeros.push(declared.numero ?? '');
    }
    await app.securityEvents.flush();
    await deliverAll();

    expect(receivedBy(email)).toHaveLength(HOUR.limit);
    const last = await staffClaim(numeros[3] ?? '');
    expect(last.mails).toMatchObject([
      { kind: 'claim-confirmation', status: 'limited', limitedBy: 'hour', sentAt: null },
    ]);
    const first = await staffClaim(numeros[0] ?? '');
    expect(first.mails).toMatchObject([{ kind: 'claim-confirmation', status: 'sent' }]);
    // A limited mail keeps no body: it held a follow-up link.
    const [limited] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'limited'))
      .orderBy(mailOutbox.id);
    expect(limited).toMatchObject({ textBody: '', htmlBody: '', lastError: 'recipient_hour_limit' });
    const [events] = await context.database.db
      .select({ count: securityEventCounts.count })
      .from(securityEventCounts)
      .where(eq(securityEventCounts.kind, 'mail_recipient_limited'));
    expect(Number(events?.count)).toBeGreaterThanOrEqual(1);
  });

  it('When two server processes receive declarations to one address at the same time, then no more than the hourly limit is sent in all', async () => {
    const email = 'deux.processus@example.com';
    // All of the hour's share but four places: eight declarations then race for them.
    await context.database.db.transaction(async (tx) => {
      for (let n = 0; n < HOUR.limit - 4; n++) await enqueueMail(tx, contactAcknowledgement(email));
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        declareTo(n % 2 === 0 ? app.baseUrl : second.baseUrl, subscriptionDeclaration(email, 4 + n), nextClient()),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    await deliverAll();

    expect(receivedBy(email)).toHaveLength(HOUR.limit);
    const statuses = await context.database.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));
    expect(statuses.filter((row) => row.status === 'limited')).toHaveLength(4);
  });

  it('When an address had its daily share over the day, then the next mail is kept as limited by the day', async () => {
    const email = 'toute.la.journee@example.com';
    await context.database.db.transaction(async (tx) => {
      for (let n = 0; n < DAY.limit; n++) await enqueueMail(tx, contactAcknowledgement(email));
    });
    // They were written through the day: three hours ago, so the hour has room again.
    await context.database.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '3 hours'`, status: 'sent' })
      .where(eq(mailOutbox.recipient, email));
    const id = await context.database.db.transaction((tx) => enqueueMail(tx, contactAcknowledgement(email)));
    const [row] = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'limited', lastError: 'recipient_day_limit' });
  });
});
