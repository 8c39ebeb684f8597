import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MailDetailAnswerSchema,
  MailsListAnswerSchema,
  mailHtmlPath,
  mailPath,
  MAILS_PATH,
} from '../../../contracts/mails.ts';
import { mailOutbox } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { deliverDueMail } from '../../mail/delivery.ts';
import { enqueueMail, renderMail } from '../../mail/public.ts';
import { startSmtpServer, type TestSmtpServer } from '../../mail/test-support.ts';
import { createTransport } from '../../mail/transport.ts';
import {
  createCapturedLogger,
  createFakeSite,
  createTestCatalog,
  type RunningApp,
  startTestApp,
} from '../../test-support.ts';
import { insertDurandClaim } from '../claims/test-support.ts';
import { signedInStaffCookie } from '../sessions/test-support.ts';

const brand = createTestCatalog().neutral;
const CLAIMANT = 'Claire.Martin@Example.com';
const TOKEN = 'k3yOfTheFollowUpLinkThatMustNotBeKept_0123456';

/**
 * The mails page's API over real HTTP on both databases: real outbox rows written by the mail
 * module's templates, one of them really sent to an SMTP server.
 */
describeWithDatabases('back office: the mails of the outbox', (context) => {
  const site = createFakeSite();
  let app: RunningApp | undefined;
  let smtp: TestSmtpServer | undefined;
  let cookie = '';
  let claimNumber = '';
  const ids = { confirmation: 0, insuredNumber: 0, held: 0, limited: 0 };

  beforeAll(async () => {
    const db = context.database.db;
    await seedDemoData(db);
    app = await startTestApp(site.staticDir, undefined, { database: context.database });
    cookie = await signedInStaffCookie(db);
    await db.delete(mailOutbox);
    const claim = await insertDurandClaim(db);
    claimNumber = claim.numero;
    ids.confirmation = await db.transaction((tx) =>
      enqueueMail(tx, {
        to: CLAIMANT,
        claimId: claim.id,
        ...renderMail('claim-confirmation', 'fr', brand, {
          claimNumber,
          declarationDate: '2026-11-20',
          documents: ['Certificat médical'],
          followUpUrl: `https://claims.example.com/client-file?dossier=${TOKEN}`,
        }),
      }),
    );
    smtp = await startSmtpServer();
    const transport = createTransport({ SMTP_URL: smtp.url, MAIL_FROM: undefined, DATA_DIR: '/nonexistent' });
    await deliverDueMail({ database: context.database, transport, logger: createCapturedLogger().logger });
    transport.close();
    ids.insuredNumber = await db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'paul.durand@example.org',
        ...renderMail('insured-number', 'en', brand, {
          insuredNumbers: ['SO-0000007'],
          stayStart: '2026-07-01',
          stayEnd: '2026-07-14',
          declareUrl: 'https://claims.example.com/en/declare-sinistre',
        }),
      }),
    );
    ids.held = await db.transaction((tx) =>
      enqueueMail(tx, {
        to: CLAIMANT,
        claimId: claim.id,
        change: { topic: 'etat', from: null, to: 'awaitingDecision', holdMs: 60_000 },
        ...renderMail('document-requested', 'fr', brand, {
          claimNumber,
          document: 'RIB',
          requestedAt: '2026-11-21',
          followUpUrl: `https://claims.example.com/client-file?dossier=${TOKEN}`,
        }),
      }),
    );
    const [limited] = await db
      .insert(mailOutbox)
      .values({
        kind: 'follow-up-link',
        lang: 'de',
        recipient: 'someone.else@example.net',
        subject: 'Ihr Link',
        textBody: '',
        htmlBody: '',
        status: 'limited',
        lastError: 'recipient_day_limit',
      })
      .returning({ id: mailOutbox.id });
    ids.limited = limited?.id ?? 0;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    site.remove();
  });

  async function list(query: Record<string, string> = {}, headers: Record<string, string> = { Cookie: cookie }) {
    if (!app) throw new Error('the app starts in beforeAll');
    const answer = await fetch(`${app.baseUrl}${MAILS_PATH}?${new URLSearchParams(query)}`, { headers });
    return { status: answer.status, body: (await answer.json()) as unknown };
  }

  async function listed(query: Record<string, string> = {}) {
    const { status, body } = await list(query);
    expect(status).toBe(200);
    return MailsListAnswerSchema.parse(body);
  }

  it('When staff open the list, then every mail shows newest first with its state, kind, language and claim, and the counts per state', async () => {
    const answer = await listed();
    expect(answer.datas.mails.map((mail) => mail.id)).toEqual([
      ids.limited,
      ids.held,
      ids.insuredNumber,
      ids.confirmation,
    ]);
    expect(answer.datas.counts).toEqual({ pending: 2, sent: 1, failed: 0, cancelled: 0, limited: 1 });
    expect(answer).toMatchObject({ total: 4, page: 1, pages: 1, size: 20 });
    const [limited, held, insured, confirmation] = answer.datas.mails;
    expect(confirmation).toMatchObject({
      recipient: CLAIMANT,
      kind: 'claim-confirmation',
      audience: 'claimant',
      lang: 'fr',
      claimNumber,
      status: 'sent',
      attempts: 0,
    });
    expect(confirmation?.sentAt).not.toBeNull();
    expect(insured).toMatchObject({ kind: 'insured-number', lang: 'en', claimNumber: null, status: 'pending' });
    expect(Date.parse(held?.heldUntil ?? '')).toBeGreaterThan(Date.now());
    expect(limited).toMatchObject({ status: 'limited', limitedBy: 'day' });
  });

  it('When staff search an address in part and in another case, then only its mails are listed', async () => {
    const answer = await listed({ q: 'claire.MARTIN@example' });
    expect(answer.datas.mails.map((mail) => mail.id)).toEqual([ids.held, ids.confirmation]);
    expect(answer.datas.counts).toEqual({ pending: 1, sent: 1, failed: 0, cancelled: 0, limited: 0 });
    expect((await listed({ q: 'nobody@example.com' })).datas.mails).toEqual([]);
  });

  it('When staff search a claim number, whole or in part, then the mails about that claim are listed', async () => {
    for (const q of [claimNumber, claimNumber.toLowerCase(), claimNumber.slice(3, 8)]) {
      const answer = await listed({ q });
      expect(
        answer.datas.mails.map((mail) => mail.id),
        q,
      ).toEqual([ids.held, ids.confirmation]);
    }
  });

  it('When staff choose a state or an audience, then only those mails are listed and the page size is kept', async () => {
    const sent = await listed({ etat: 'sent', size: '10' });
    expect(sent.datas.mails.map((mail) => mail.id)).toEqual([ids.confirmation]);
    expect(sent).toMatchObject({ total: 1, size: 10 });
    // The chips still count every state of the search.
    expect(sent.datas.counts.pending).toBe(2);
    expect((await listed({ etat: 'limited' })).datas.mails.map((mail) => mail.id)).toEqual([ids.limited]);
    expect((await listed({ type: 'claimant' })).total).toBe(4);
    expect((await listed({ type: 'establishment' })).total).toBe(0);
  });

  it('When a page past the end is asked, then the last page answers', async () => {
    const answer = await listed({ size: '10', page: '7' });
    expect(answer).toMatchObject({ page: 1, pages: 1, total: 4 });
  });

  it('When staff open a sent mail, then they read its content as the claimant did, its follow-up key masked', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    const answer = await fetch(`${app.baseUrl}${mailPath(ids.confirmation)}`, { headers: { Cookie: cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const mail = MailDetailAnswerSchema.parse(await answer.json()).datas;
    expect(mail).toMatchObject({ status: 'sent', claimNumber, contentKept: true, lastError: null, attachments: [] });
    expect(mail.text).toContain(claimNumber);
    expect(mail.text).toContain('Certificat médical');
    expect(mail.html).toContain('<table');
    expect(`${mail.text}${mail.html}`).toContain('client-file?dossier=');
    expect(JSON.stringify(mail)).not.toContain(TOKEN);
  });

  it('When staff open a held mail, then it shows until when it is held and its whole content', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    const answer = await fetch(`${app.baseUrl}${mailPath(ids.held)}`, { headers: { Cookie: cookie } });
    const mail = MailDetailAnswerSchema.parse(await answer.json()).datas;
    expect(mail).toMatchObject({ status: 'pending', kind: 'document-requested', contentKept: true });
    expect(mail.heldUntil).not.toBeNull();
    expect(mail.text).toContain('RIB');
  });

  it('When a limited mail is opened, then it says which limit and that no content was kept', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    const answer = await fetch(`${app.baseUrl}${mailPath(ids.limited)}`, { headers: { Cookie: cookie } });
    const mail = MailDetailAnswerSchema.parse(await answer.json()).datas;
    expect(mail).toMatchObject({ status: 'limited', limitedBy: 'day', contentKept: false, text: '', html: '' });
  });

  it('When the page frames a mail, then its HTML comes as a sandboxed document that runs and loads nothing, framed by the back office only', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    const answer = await fetch(`${app.baseUrl}${mailHtmlPath(ids.confirmation)}`, { headers: { Cookie: cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining(["default-src 'none'", "style-src 'unsafe-inline'", "frame-ancestors 'self'", 'sandbox']),
    );
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const html = await answer.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain(claimNumber);
    expect(html).not.toContain(TOKEN);
    // A mail without a kept HTML body has nothing to show; without a session, nothing at all.
    const limited = await fetch(`${app.baseUrl}${mailHtmlPath(ids.limited)}`, { headers: { Cookie: cookie } });
    expect(limited.status).toBe(404);
    const signedOut = await fetch(`${app.baseUrl}${mailHtmlPath(ids.confirmation)}`);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).not.toContain(claimNumber);
  });

  it('When a mail that does not exist or a malformed id is asked, then 404 or 400 answers in French', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    const missing = await fetch(`${app.baseUrl}${mailPath(2_000_000_000)}`, { headers: { Cookie: cookie } });
    expect(missing.status).toBe(404);
    await expect(missing.json()).resolves.toMatchObject({ status: 'error', message: 'Aucun mail n° 2000000000.' });
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const bad = await fetch(`${app.baseUrl}${MAILS_PATH}/${id}`, { headers: { Cookie: cookie } });
      expect(bad.status, id).toBe(400);
    }
    for (const query of [{ etat: 'lost' }, { type: 'everyone' }, { size: '7' }, { q: 'x'.repeat(300) }]) {
      const { status, body } = await list(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body).toMatchObject({ status: 'error' });
    }
  });

  it("When the booking establishment was sent a copy with a file, then it is listed under 'Établissement' and its detail names the file with its size", async () => {
    const db = context.database.db;
    const file = Buffer.from('%PDF-1.4 copy of the declaration');
    const [copy] = await db
      .insert(mailOutbox)
      .values({
        kind: 'establishment-copy',
        lang: 'fr',
        recipient: 'accueil@camping-des-pins.example',
        subject: `Copie de la déclaration ${claimNumber}`,
        textBody: `Déclaration ${claimNumber}`,
        htmlBody: `<p>Déclaration ${claimNumber}</p>`,
        attachments: [
          { filename: 'declaration.pdf', contentType: 'application/pdf', contentBase64: file.toString('base64') },
        ],
      })
      .returning({ id: mailOutbox.id });
    const establishment = await listed({ type: 'establishment' });
    expect(establishment.datas.mails.map((mail) => [mail.id, mail.audience])).toEqual([[copy?.id, 'establishment']]);
    expect((await listed({ type: 'claimant' })).datas.mails.map((mail) => mail.id)).not.toContain(copy?.id);
    expect((await listed({ type: 'staff' })).total).toBe(0);
    if (!app) throw new Error('the app starts in beforeAll');
    const answer = await fetch(`${app.baseUrl}${mailPath(copy?.id ?? 0)}`, { headers: { Cookie: cookie } });
    const mail = MailDetailAnswerSchema.parse(await answer.json()).datas;
    expect(mail.attachments).toEqual([
      { filename: 'declaration.pdf', contentType: 'application/pdf', size: file.length },
    ]);
    expect(JSON.stringify(mail)).not.toContain(file.toString('base64'));
  });

  it('When the mails are asked without a staff session, then the answer is 401 and holds no mail', async () => {
    if (!app) throw new Error('the app starts in beforeAll');
    for (const headers of [{}, { Cookie: 'bo_session=forged' }]) {
      const { status, body } = await list({}, headers);
      expect(status).toBe(401);
      expect(JSON.stringify(body)).not.toContain('example');
      const detail = await fetch(`${app.baseUrl}${mailPath(ids.confirmation)}`, { headers });
      expect(detail.status).toBe(401);
      expect(await detail.text()).not.toContain(claimNumber);
    }
  });
});
