import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadBrands } from '../../brands/index.ts';
import { startClaimsApp } from '../customer-api/claims/test-support.ts';
import { claims, mailOutbox, securityEventCounts } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { deliverDueMail } from '../mail/delivery.ts';
import {
  askFollowUpLink,
  declareTo,
  groupDeclaration,
  postContactForm,
  subscriptionDeclaration,
} from '../mail/mail-cannon-test-support.ts';
import { GOLFY_INSURED_NUMBER } from '../demo/records/people.ts';
import { RECIPIENT_LIMITS } from '../mail/recipient-limit.ts';
import { startSmtpServer, type TestSmtpServer } from '../mail/test-support.ts';
import { createTransport, type MailTransport } from '../mail/transport.ts';
import { createCapturedLogger, createFakeSite, type RunningApp } from '../test-support.ts';
import { expectLegitimateTrafficServed, prepareLegitimateStaff } from './legitimate-traffic.ts';

/**
 * The mail cannon: a stranger's address typed into everything that mails without signing in —
 * declarations on a group insured number (anyone may declare on it, with any address), follow-up
 * links of those claims, contact forms — from a handful of addresses. The stranger's mailbox gets
 * at most the hourly share, every request is still answered, and a real claimant and staff member
 * are served meanwhile.
 */

const STRANGER = 'pas.moi@example.org';
/** The attack, bounded: so many of each, from so many addresses. */
const GROUP_DECLARATIONS = 12;
/** Declarations on real subscriptions (SO-0000026 … 29) naming the stranger as the claimant. */
const DECLARATIONS = 4;
const FOLLOW_UP_LINKS = 8;
const CONTACT_FORMS = 8;
const ATTACKERS = ['192.0.2.10', '192.0.2.11', '192.0.2.12', '192.0.2.13'];

describeWithDatabases('abuse: a mail cannon aimed at a stranger', { demo: true }, (context) => {
  const silent = createCapturedLogger().logger;
  const site = createFakeSite();
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let app: RunningApp;

  beforeAll(async () => {
    await prepareLegitimateStaff(context.database.db);
    smtp = await startSmtpServer();
    transport = createTransport({ SMTP_URL: smtp.url, MAIL_FROM: undefined, DATA_DIR: context.config.DATA_DIR });
    app = await startClaimsApp(context.database, site.staticDir, {
      brands: await loadBrands(),
      config: { TRUST_PROXY: '1' },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    transport?.close();
    await smtp?.close();
    site.remove();
  });

  it('When declarations, follow-up links and contact forms all name one stranger, then at most the hourly share reaches the mail server and legitimate traffic is served', async () => {
    const attacker = (n: number) => ATTACKERS[n % ATTACKERS.length] ?? '192.0.2.10';
    let attackStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      attackStarted = resolve;
    });
    // The attacker's script: one request after the other, as fast as the answers come.
    const attack = (async () => {
      const group: Awaited<ReturnType<typeof declareTo>>[] = [];
      for (let n = 0; n < GROUP_DECLARATIONS; n++) {
        group.push(await declareTo(app.baseUrl, groupDeclaration(STRANGER, n), attacker(n)));
        if (n === 2) attackStarted();
      }
      const declared: Awaited<ReturnType<typeof declareTo>>[] = [];
      for (let n = 0; n < DECLARATIONS; n++)
        declared.push(await declareTo(app.baseUrl, subscriptionDeclaration(STRANGER, 16 + n), attacker(n)));
      const numeros = declared.flatMap((answer) => (answer.numero ? [answer.numero] : []));
      const links: number[] = [];
      for (let n = 0; n < FOLLOW_UP_LINKS; n++)
        links.push(await askFollowUpLink(app.baseUrl, numeros[n % numeros.length] ?? '', attacker(n)));
      const forms: number[] = [];
      for (let n = 0; n < CONTACT_FORMS; n++) forms.push(await postContactForm(app.baseUrl, STRANGER, attacker(n)));
      return { group, declared, links, forms };
    })();
    // Both awaited together: a failure of one still leaves the other's outcome handled.
    const [legitimate, { group, declared, links, forms }] = await Promise.all([
      started.then(() => expectLegitimateTrafficServed(app)),
      attack,
    ]);
    // A group number's declaration needs the typed address confirmed by a mailed code: refused,
    // nothing created. Elsewhere nothing the attacker did failed on the server: declarations and
    // links are answered as usual (their mails kept as limited); the contact form's own rule
    // refuses its sixth with a 429.
    expect(group.map((answer) => answer.status)).toEqual(group.map(() => 400));
    expect(
      await context.database.db.select().from(claims).where(eq(claims.assureNumero, GOLFY_INSURED_NUMBER)),
    ).toEqual([]);
    expect(declared.map((answer) => answer.status)).toEqual(declared.map(() => 200));
    expect(links).toEqual(links.map(() => 200));
    expect(forms.every((status) => status === 200 || status === 429)).toBe(true);

    for (;;) {
      const report = await deliverDueMail({ database: context.database, transport, logger: silent });
      if (report.sent.length + report.retried.length + report.failed.length === 0) break;
    }
    const toStranger = smtp.received.filter((mail) => mail.to.includes(STRANGER));
    expect(toStranger.length).toBeLessThanOrEqual(RECIPIENT_LIMITS.visitor[0].limit);
    expect(toStranger.length).toBeGreaterThan(0);
    // The legitimate declaration's confirmation went out.
    expect(smtp.received.some((mail) => mail.to.some((to) => to.startsWith('legit.')))).toBe(true);

    const limited = await context.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'limited'));
    expect(limited.length).toBeGreaterThanOrEqual(DECLARATIONS + FOLLOW_UP_LINKS - RECIPIENT_LIMITS.visitor[0].limit);
    await app.securityEvents.flush();
    const [events] = await context.database.db
      .select({ count: securityEventCounts.count })
      .from(securityEventCounts)
      .where(eq(securityEventCounts.kind, 'mail_recipient_limited'));
    expect(Number(events?.count)).toBe(limited.length);
    console.info(
      `[${context.driver}] legitimate traffic during the mail cannon: ${legitimate
        .map((outcome) => `${outcome.action} ${outcome.ms} ms`)
        .join(', ')}; ${toStranger.length} mails reached the stranger, ${limited.length} kept as limited`,
    );
  }, 30_000);
});
