import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import {
  CodeIdentiteAnswerSchema,
  CodeIdentiteVerificationAnswerSchema,
  ErrorAnswerSchema,
  ONE_TIME_CODE_LIFETIME_MS,
} from '../../../contracts/partner-api.ts';
import { identityCodes, mailOutbox, rateLimitHits } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { createLogger } from '../../logger.ts';
import { deliverDueMail } from '../../mail/delivery.ts';
import { parseMessage, startSmtpServer, type TestSmtpServer } from '../../mail/test-support.ts';
import { createTransport, type MailTransport } from '../../mail/transport.ts';
import { createFakeSite, type RunningApp } from '../../test-support.ts';
import { startClaimsApp } from '../claims/test-support.ts';
import { CODES_PER_NUMBER } from './identity-code-routes.ts';
import { mailedCode, postFields } from './identity-code-test-support.ts';

/**
 * The one-time code that proves possession of an insured number: asked, mailed to
 * the address on file in the visitor's language, tried at most 5 times, valid 10 minutes, once.
 */

const JULIEN = { numero: 'SO-0000001', email: 'julien.moreau@example.com', souscription: 1001 };

describeWithDatabases('partner API: one-time identity codes', { demo: true }, (context) => {
  let site: ReturnType<typeof createFakeSite>;
  let app: RunningApp;
  /** A second server process on the same database, as behind a load balancer. */
  let other: RunningApp;
  let brands: BrandCatalog;
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    site = createFakeSite();
    brands = await loadBrands();
    app = await startClaimsApp(context.database, site.staticDir, { brands, config: { TRUST_PROXY: '1' } });
    other = await startClaimsApp(context.database, site.staticDir, { brands, config: { TRUST_PROXY: '1' } });
    smtp = await startSmtpServer();
    transport = createTransport({ SMTP_URL: smtp.url, MAIL_FROM: undefined, DATA_DIR: site.staticDir });
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await app?.close();
    await other?.close();
    site?.remove();
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
    await context.database.db.delete(identityCodes);
    // Every mail counts against its recipient: each test starts with the holders' mailboxes unused.
    await context.database.db.delete(mailOutbox);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const ask = (fields: Record<string, string>, client?: string) =>
    postFields(app.baseUrl, 'code_identite', { lang: 'fr', ...fields }, client);
  const verify = (code: string, fields: Record<string, string> = {}, server: RunningApp = app) =>
    postFields(server.baseUrl, 'code_identite/verification', { numero: JULIEN.numero, code, lang: 'fr', ...fields });
  const errorCode = (body: unknown) => ErrorAnswerSchema.parse(body).code;
  /** A six-digit code that is not `code`. */
  const wrong = (code: string, shift = 1) => String((Number(code) + shift) % 1_000_000).padStart(6, '0');

  it('When a code is asked for SO-0000001 in German on veligo, then the answer shows the masked address, and the mail reaching the SMTP server is in German under veligo with the six digits', async () => {
    const asked = await ask({ numero: JULIEN.numero, lang: 'de', marque: 'veligo' });
    expect(asked.status).toBe(200);
    const answer = CodeIdentiteAnswerSchema.parse(asked.body);
    expect(answer.data.destination_masquee).toBe('j•••@example.com');
    expect(answer.message).toBe('Ein Code wurde soeben an j•••@example.com gesendet. Er ist 10 Minuten gültig.');
    expect(JSON.stringify(asked.body)).not.toContain('julien');

    const code = await mailedCode(context.database.db, JULIEN.email);
    smtp.received.length = 0;
    await deliverDueMail({ database: context.database, transport, logger: createLogger('silent'), batchSize: 100 });
    const received = smtp.received.find((mail) => mail.to.includes(JULIEN.email));
    expect(received).toBeDefined();
    const message = parseMessage(received?.raw ?? '');
    expect(message.headers.get('subject')).toBe(`Ihr Code: ${code}`);
    expect(message.text).toContain('Ihr Bestätigungscode');
    expect(message.text).toContain('10 Minuten');
    expect(message.text).toContain(brands.bySlug.get('veligo')?.name ?? 'veligo');
    // The code is stored hashed only.
    const [stored] = await context.database.db.select().from(identityCodes);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('When the right code is typed, then the identity of that subscription comes back in full, once', async () => {
    await ask({ numero: JULIEN.numero });
    const code = await mailedCode(context.database.db, JULIEN.email);

    const verified = await verify(code);
    expect(verified.status).toBe(200);
    const [info] = CodeIdentiteVerificationAnswerSchema.parse(verified.body).data.infos;
    expect(info).toMatchObject({
      souscription_id: JULIEN.souscription,
      assure_nom: 'MOREAU',
      assure_prenom: 'Julien',
      assure_email: JULIEN.email,
      assure_telephone: '0612345678',
      assure_adresse: '14 rue des Lilas',
    });
    // Single use: the same code again opens nothing.
    const again = await verify(code);
    expect([again.status, errorCode(again.body)]).toEqual([400, 'one_time_code_expired']);
  });

  it('When a wrong code is typed 5 times, then the fifth says the code is spent, and even the right code is refused after', async () => {
    await ask({ numero: JULIEN.numero });
    const code = await mailedCode(context.database.db, JULIEN.email);
    const answers: (string | undefined)[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) answers.push(errorCode((await verify(wrong(code, attempt))).body));
    expect(answers).toEqual([
      'one_time_code_wrong',
      'one_time_code_wrong',
      'one_time_code_wrong',
      'one_time_code_wrong',
      'one_time_code_expired',
    ]);
    const right = await verify(code);
    expect(right.status).toBe(400);
    expect(ErrorAnswerSchema.parse(right.body)).toMatchObject({
      code: 'one_time_code_expired',
      fields: { code: expect.stringContaining('demandez-en un nouveau') },
    });
    expect(JSON.stringify(right.body)).not.toContain('MOREAU');
  });

  it('When 10 minutes have passed, then the code is refused as expired; a new code works', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await ask({ numero: JULIEN.numero });
    const code = await mailedCode(context.database.db, JULIEN.email);
    vi.setSystemTime(Date.now() + ONE_TIME_CODE_LIFETIME_MS + 1_000);
    const late = await verify(code);
    expect([late.status, errorCode(late.body)]).toEqual([400, 'one_time_code_expired']);

    await ask({ numero: JULIEN.numero });
    const fresh = await mailedCode(context.database.db, JULIEN.email);
    expect((await verify(fresh)).status).toBe(200);
  });

  it('When 12 tries race on two server processes, then only 5 are counted and the right code among them opens the identity at most once', async () => {
    await ask({ numero: JULIEN.numero });
    const code = await mailedCode(context.database.db, JULIEN.email);
    const tries = Array.from({ length: 12 }, (_, index) =>
      verify(index % 4 === 0 ? code : wrong(code, index), {}, index % 2 === 0 ? app : other),
    );
    const results = await Promise.all(tries);
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 400)).toBe(true);
    // Never more answers than tries: 5 counted, the others found no live code.
    const counted = results.filter(
      (result) => result.status === 200 || errorCode(result.body) === 'one_time_code_wrong',
    ).length;
    expect(counted).toBeLessThanOrEqual(5);
    const [row] = await context.database.db
      .select({ triesLeft: identityCodes.triesLeft })
      .from(identityCodes)
      .where(eq(identityCodes.souscriptionId, JULIEN.souscription));
    expect(row?.triesLeft).toBeGreaterThanOrEqual(0);
  });

  it('When a code is asked for an unknown number, then the answer has the same shape and nothing is mailed', async () => {
    const before = await context.database.db.$count(mailOutbox);
    const unknown = await ask({ numero: 'SO-9999999', lang: 'en' });
    expect(unknown.status).toBe(200);
    expect(CodeIdentiteAnswerSchema.parse(unknown.body).data.destination_masquee).toBe('');
    expect(await context.database.db.$count(mailOutbox)).toBe(before);
    const tried = await verify('123456', { numero: 'SO-9999999' });
    expect([tried.status, errorCode(tried.body)]).toEqual([400, 'one_time_code_expired']);
  });

  it(`When codes are asked for one number ${CODES_PER_NUMBER.limit + 1} times from several addresses, then the last is refused with 429 and the mailbox got ${CODES_PER_NUMBER.limit} mails`, async () => {
    const mails = () =>
      context.database.db.$count(
        mailOutbox,
        and(eq(mailOutbox.recipient, JULIEN.email), eq(mailOutbox.kind, 'one-time-code')),
      );
    const before = await mails();
    const statuses: number[] = [];
    for (let index = 0; index <= CODES_PER_NUMBER.limit; index++)
      statuses.push((await ask({ numero: JULIEN.numero }, `198.51.100.${index + 1}`)).status);
    expect(statuses).toEqual([...new Array(CODES_PER_NUMBER.limit).fill(200), 429]);
    expect((await mails()) - before).toBe(CODES_PER_NUMBER.limit);
  });

  it('When SO-0000003 asks its follow-up link by insured number, then MARTIN’s address receives it, the answer is the same as for a number without a claim and names no claim', async () => {
    const { db } = context.database;
    const lienSuivi = (fields: Record<string, string>) => postFields(app.baseUrl, 'lien_suivi', fields);
    const before = await db.$count(mailOutbox, eq(mailOutbox.kind, 'follow-up-link'));
    const known = await lienSuivi({ assure_numero: 'SO-0000003', lang: 'fr' });
    const none = await lienSuivi({ assure_numero: 'SO-0000001', lang: 'fr' });
    const unknown = await lienSuivi({ assure_numero: 'SO-9999999', lang: 'fr' });
    expect(known).toEqual(none);
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    expect(JSON.stringify(known.body)).not.toContain('SI-');
    const sent = await db
      .select({ recipient: mailOutbox.recipient, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'follow-up-link'));
    expect(sent.length - before).toBe(1);
    expect(sent.at(-1)).toEqual({
      recipient: 'nathalie.martin@example.com',
      subject: expect.stringContaining('SI-0000003'),
    });
    const both = await lienSuivi({ assure_numero: 'SO-0000003', numero_sinistre: 'SI-0000003' });
    expect(both.status).toBe(400);
  });
});
