import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WORK_QUEUE_COUNTS_PATH, WorkQueueCountsAnswerSchema } from '../../../contracts/backoffice.ts';
import {
  deadlinesOf,
  INBOX_PATH,
  INBOX_STAFF_PATH,
  InboxAnswerSentSchema,
  InboxChangeAnswerSchema,
  InboxDetailAnswerSchema,
  InboxListAnswerSchema,
  InboxStaffAnswerSchema,
  inboxAnswersPath,
  inboxAssignPath,
  inboxAttachmentPath,
  inboxMessagePath,
  inboxNotesPath,
  inboxStatePath,
} from '../../../contracts/inbox.ts';
import {
  FORM_FILES_FIELD,
  FORM_KEY_FIELD,
  FORM_POSTER_PATH,
  formFieldName,
  PARTNER_API_BASE,
  SinistresAnswerSchema,
} from '../../../contracts/partner-api.ts';
import { issueFollowUpToken } from '../../customer-api/claims/follow-up-links.ts';
import { multipartForm, postForm, usePartnerApiApp } from '../../customer-api/proofs/test-support.ts';
import { claims, inboxAnswers, inboxMessages } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { samplePdf } from '../../files/test-support.ts';
import { deliverDueMail } from '../../mail/delivery.ts';
import { RECIPIENT_LIMITS } from '../../mail/recipient-limit.ts';
import { parseMessage, startSmtpServer, type TestSmtpServer } from '../../mail/test-support.ts';
import { createTransport, type MailTransport } from '../../mail/transport.ts';
import { createCapturedLogger, createTestCatalog } from '../../test-support.ts';
import { signedInStaffCookie } from '../sessions/test-support.ts';

/**
 * The staff inbox, end to end through the real app: a claimant posts a complaint or a contact
 * message with the real form, staff find it in the inbox with its deadlines, assign it, note it
 * and answer it; the answer reaches a real SMTP server in the claimant's language under the
 * brand, and the claimant's follow-up answer (with the mailed link only) lists it.
 */

const veligo = createTestCatalog().bySlug.get('veligo');
const silent = createCapturedLogger().logger;
/** The mails a visitor's address may receive in an hour. */
const VISITOR_HOUR_LIMIT = RECIPIENT_LIMITS.visitor[0].limit;

describeWithDatabases('The staff inbox', (context) => {
  const suite = usePartnerApiApp(context, silent);
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let dataDir: string;
  let camille: string;
  let louisId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'inbox-mail-'));
    smtp = await startSmtpServer();
    transport = createTransport({ SMTP_URL: smtp.url, MAIL_FROM: undefined, DATA_DIR: dataDir });
    camille = await signedInStaffCookie(context.database.db, 'camille.staff');
    await signedInStaffCookie(context.database.db, 'louis.staff');
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function url(path: string): string {
    return `${suite.app.baseUrl}${path}`;
  }

  async function staffGet(path: string, cookie = camille) {
    const response = await fetch(url(path), { headers: { cookie } });
    return { status: response.status, body: (await response.json()) as unknown, response };
  }

  async function staffSend(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(url(path), {
      method,
      headers: { cookie: camille, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  function postMessage(
    key: 'reclamation' | 'contact',
    form: Record<string, string>,
    options: { company?: string } = {},
  ) {
    const fields: [string, string][] = [
      ['lang', 'en'],
      [FORM_KEY_FIELD, key],
      ...(options.company ? [['company', options.company] as [string, string]] : []),
      ...Object.entries(form).map(([name, value]): [string, string] => [formFieldName(name), value]),
    ];
    const files =
      key === 'reclamation'
        ? [{ field: FORM_FILES_FIELD, bytes: samplePdf(), name: 'booking.pdf', type: 'application/pdf' }]
        : [];
    return postForm(url(FORM_POSTER_PATH), multipartForm(fields, files));
  }

  async function newestInboxId(): Promise<number> {
    const [row] = await context.database.db
      .select({ id: inboxMessages.id })
      .from(inboxMessages)
      .orderBy(desc(inboxMessages.id))
      .limit(1);
    if (!row) throw new Error('no inbox message');
    return row.id;
  }

  async function detailOf(id: number) {
    const answer = await staffGet(inboxMessagePath(id));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return InboxDetailAnswerSchema.parse(answer.body).datas;
  }

  /** Sends what the outbox holds to the SMTP server; answers the mails received with `subject`. */
  async function receivedWithSubject(subject: string) {
    await deliverDueMail({ database: context.database, transport, logger: silent, batchSize: 100 });
    return smtp.received
      .map((mail) => ({ to: mail.to, message: parseMessage(mail.raw) }))
      .filter((mail) => mail.message.headers.get('subject') === subject);
  }

  /** The follow-up answer of SI-0000003, with a mailed link's token or by number and name. */
  async function followUp(access: 'link' | 'number') {
    const { db } = context.database;
    const [claim] = await db.select({ id: claims.id }).from(claims).where(eq(claims.numero, 'SI-0000003'));
    if (!claim) throw new Error('demo claim missing');
    const query =
      access === 'link'
        ? { hash: await issueFollowUpToken(db, claim.id, 'mail'), lang: 'en' }
        : { dossier_numero: 'SI-0000003', dossier_nom: 'MARTIN', lang: 'en' };
    const response = await fetch(url(`${PARTNER_API_BASE}/sinistres?${new URLSearchParams(query)}`));
    expect(response.status).toBe(200);
    const raw = await response.text();
    return { raw, info: SinistresAnswerSchema.parse(JSON.parse(raw)).data.infos_sinistre };
  }

  it('When a complaint is posted in English, then staff find it new with its deadlines, assign, note and answer it, the claimant receives the answer in English under the brand, and the follow-up lists it with the link only', async () => {
    const email = 'grace.hopper@example.com';
    const posted = await postMessage(
      'reclamation',
      {
        nom: 'Hopper',
        prenom: 'Grace',
        email,
        adresse: '1 Navy Street',
        cp: '10001',
        ville: 'Arlington',
        pays: 'USA',
        telephone: '0611223344',
        num_sinistre: 'SI-0000003',
        motif: 'delai',
        message: 'Three weeks and still no refund for my cancelled stay.',
      },
      { company: 'veligo' },
    );
    expect(posted.status).toBe(200);
    const id = await newestInboxId();

    // Listed, newest first, new, with its brand, claim, attachment and ACPR deadlines.
    const list = InboxListAnswerSchema.parse((await staffGet(`${INBOX_PATH}?kind=reclamation`)).body);
    const line = list.datas[0];
    const [stored] = await context.database.db
      .select({ receivedAt: inboxMessages.receivedAt })
      .from(inboxMessages)
      .where(eq(inboxMessages.id, id));
    const due = deadlinesOf('reclamation', stored?.receivedAt ?? new Date());
    expect(line).toMatchObject({
      id,
      kind: 'reclamation',
      state: 'nouveau',
      company: 'veligo',
      brand: veligo?.name,
      lang: 'en',
      sender: 'Hopper Grace',
      subject: 'delai',
      claimNumber: 'SI-0000003',
      claimLinked: true,
      attachments: 1,
      assignee: null,
      rule: 'acpr-2022-r-01',
      late: false,
      deadlines: {
        acknowledgement: { dueAt: due.acknowledgementDueAt?.toISOString(), late: false },
        answer: { dueAt: due.answerDueAt.toISOString(), doneAt: null, late: false },
      },
    });
    // The automatic acknowledgement counts: acknowledged when received.
    expect(line?.deadlines.acknowledgement?.doneAt).toBe(stored?.receivedAt.toISOString());
    expect(list.brands).toContainEqual({ company: 'veligo', brand: veligo?.name });

    // The attachment opens as a proof does.
    const detailBefore = await detailOf(id);
    const attachment = detailBefore.attachments[0];
    expect(attachment).toMatchObject({ originalName: 'booking.pdf', mime: 'application/pdf' });
    const file = await fetch(url(inboxAttachmentPath(id, attachment?.id ?? 0)), { headers: { cookie: camille } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(samplePdf())).toBe(true);

    // Assigned to Louis, noted, answered by Camille.
    const team = InboxStaffAnswerSchema.parse((await staffGet(INBOX_STAFF_PATH)).body).datas;
    louisId = team.find((member) => member.login === 'louis.staff')?.id ?? 0;
    expect((await staffSend('PATCH', inboxAssignPath(id), { staffUserId: louisId })).status).toBe(200);
    expect(
      (await staffSend('POST', inboxNotesPath(id), { body: 'Refund sent on the 20th: check the bank.' })).status,
    ).toBe(200);
    const sent = await staffSend('POST', inboxAnswersPath(id), {
      html: '<p>Dear Ms Hopper,</p><p>Your <strong>refund</strong> was sent on 20 November.</p><script>alert(1)</script>',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { mailId } = InboxAnswerSentSchema.parse(sent.body).datas;

    // The SMTP server receives the answer, in English, under the brand, with the message quoted.
    const mails = await receivedWithSubject('Our answer to your complaint');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toEqual([email]);
    expect(mail?.message.html).toContain('<strong>refund</strong>');
    expect(mail?.message.html).not.toContain('<script>');
    expect(mail?.message.html).toContain(veligo?.theme.primary);
    expect(mail?.message.text).toContain('Here is our answer to the complaint you sent us on');
    expect(mail?.message.text).toContain('Your refund was sent on 20 November.');
    expect(mail?.message.text).toContain('> Three weeks and still no refund for my cancelled stay.');
    expect(mail?.message.text).toContain(veligo?.name);

    // Answered, with the whole history in order and who did what.
    const detail = await detailOf(id);
    expect(detail.state).toBe('repondu');
    expect(detail.assignee).toEqual({ id: louisId, login: 'louis.staff' });
    expect(detail.deadlines.answer.doneAt).not.toBeNull();
    expect(detail.notes).toMatchObject([
      { staffLogin: 'camille.staff', body: 'Refund sent on the 20th: check the bank.' },
    ]);
    expect(detail.answers).toMatchObject([{ staffLogin: 'camille.staff', mailId, mailStatus: 'sent' }]);
    expect(detail.answers[0]?.html).not.toContain('script');
    expect(detail.history.map((event) => [event.action, event.actor, event.staffLogin])).toEqual([
      ['created', 'claimant', null],
      ['acknowledged', 'system', null],
      ['mail_sent', 'system', null],
      ['assigned', 'staff', 'camille.staff'],
      ['state_changed', 'staff', 'camille.staff'],
      ['note', 'staff', 'camille.staff'],
      ['answered', 'staff', 'camille.staff'],
      ['state_changed', 'staff', 'camille.staff'],
      ['mail_sent', 'staff', 'camille.staff'],
    ]);
    expect(detail.history[3]?.detail).toEqual({ from: null, to: 'louis.staff' });
    expect(detail.history[7]?.detail).toEqual({ from: 'en_cours', to: 'repondu' });

    // The claimant's follow-up lists the answer with the link, never by number and name.
    const withLink = await followUp('link');
    expect(withLink.info.reponses).toContainEqual(
      expect.objectContaining({ message: expect.objectContaining({ type: 'reclamation' }) }),
    );
    expect(withLink.raw).toContain('<strong>refund</strong>');
    const byNumber = await followUp('number');
    expect(byNumber.info.reponses).toBeUndefined();
    expect(byNumber.raw).not.toContain('refund');
  });

  it('When a contact message is posted in English, then staff answer it, the claimant receives it in English, the state and history follow, and the follow-up lists it with the link', async () => {
    const email = 'alan.turing@example.com';
    const posted = await postMessage('contact', {
      nom: 'Turing',
      email,
      telephone: '0611223355',
      message: 'How do I add my bank details to my file?',
      num_sinistre: 'SI-0000003',
      source_referrer: 'https://www.example.org/faq',
    });
    expect(posted.status).toBe(200);
    const id = await newestInboxId();

    const list = InboxListAnswerSchema.parse((await staffGet(`${INBOX_PATH}?kind=contact&lang=en`)).body);
    expect(list.datas[0]).toMatchObject({
      id,
      kind: 'contact',
      state: 'nouveau',
      company: null,
      lang: 'en',
      claimLinked: true,
      rule: 'service-target',
      deadlines: { acknowledgement: null, answer: { doneAt: null, late: false } },
    });

    const moved = await staffSend('PATCH', inboxStatePath(id), { state: 'en_cours' });
    expect(moved.status).toBe(200);
    expect(InboxChangeAnswerSchema.parse(moved.body)).toEqual({ status: 'success' });
    const sent = await staffSend('POST', inboxAnswersPath(id), {
      html: '<p>Open your follow-up link and choose <em>Add a document</em>.</p>',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const mails = await receivedWithSubject('Our answer to your message');
    expect(mails.map((mail) => mail.to)).toEqual([[email]]);
    expect(mails[0]?.message.text).toContain('Open your follow-up link and choose Add a document.');
    expect(mails[0]?.message.text).toContain('> How do I add my bank details to my file?');

    const detail = await detailOf(id);
    expect(detail.state).toBe('repondu');
    expect(detail.sourceReferrer).toBe('https://www.example.org/faq');
    expect(detail.history.map((event) => event.action)).toEqual([
      'created',
      'acknowledged',
      'mail_sent',
      'state_changed',
      'answered',
      'state_changed',
      'mail_sent',
    ]);
    expect(
      detail.history.filter((event) => event.actor === 'staff').every((e) => e.staffLogin === 'camille.staff'),
    ).toBe(true);

    const withLink = await followUp('link');
    expect(withLink.info.reponses).toContainEqual(
      expect.objectContaining({ contenu: '<p>Open your follow-up link and choose <em>Add a document</em>.</p>' }),
    );
    expect(withLink.info.reponses?.at(-1)?.message.type).toBe('contact');
    expect((await followUp('number')).raw).not.toContain('follow-up link and choose');
  });

  it('When an answer is empty once sanitised, then 400 says so and nothing is written', async () => {
    const id = await newestInboxId();
    const before = await context.database.db.select().from(inboxAnswers);
    for (const html of ['', '<p>&nbsp;</p>', '<script>alert(1)</script>', '<p><img src=x onerror=alert(1)></p>']) {
      const refused = await staffSend('POST', inboxAnswersPath(id), { html });
      expect(refused.status).toBe(400);
      expect(refused.body['message']).toBe('La réponse est vide : écrivez un texte avant de l’envoyer.');
    }
    expect(await context.database.db.select().from(inboxAnswers)).toEqual(before);
  });

  it('When a complaint is past its answer deadline, then the work queue counts it late and the deadline sort lists it first until it is answered', async () => {
    const posted = await postMessage('reclamation', {
      nom: 'Lovelace',
      prenom: 'Ada',
      email: 'ada.lovelace@example.com',
      adresse: '12 St James Square',
      cp: 'SW1Y',
      ville: 'London',
      pays: 'UK',
      telephone: '0611223366',
      num_sinistre: 'SI-0000003',
      motif: 'autre',
      message: 'Nobody has answered me.',
    });
    expect(posted.status).toBe(200);
    const id = await newestInboxId();
    const countsOf = async () => WorkQueueCountsAnswerSchema.parse((await staffGet(WORK_QUEUE_COUNTS_PATH)).body).datas;
    const before = await countsOf();

    // Received three months ago: its 2-month answer deadline has passed.
    const receivedAt = new Date(Date.now() - 92 * 24 * 60 * 60_000);
    const due = deadlinesOf('reclamation', receivedAt);
    await context.database.db
      .update(inboxMessages)
      .set({
        receivedAt,
        acknowledgedAt: receivedAt,
        acknowledgementDueAt: due.acknowledgementDueAt,
        answerDueAt: due.answerDueAt,
      })
      .where(eq(inboxMessages.id, id));

    const late = await countsOf();
    expect(late.inboxLate).toBe(before.inboxLate + 1);
    expect(late.inbox).toBe(before.inbox);
    expect(late).toMatchObject({ proofs: before.proofs, waiting: before.waiting, questions: before.questions });
    const sorted = InboxListAnswerSchema.parse((await staffGet(`${INBOX_PATH}?sort=deadline`)).body);
    expect(sorted.datas[0]).toMatchObject({ id, late: true, deadlines: { answer: { late: true } } });
    const lateOnly = InboxListAnswerSchema.parse((await staffGet(`${INBOX_PATH}?late=1`)).body);
    expect(lateOnly.datas.map((line) => line.id)).toContain(id);
    expect(lateOnly.datas.every((line) => line.late)).toBe(true);

    expect((await staffSend('POST', inboxAnswersPath(id), { html: '<p>Our apologies.</p>' })).status).toBe(200);
    const answered = await countsOf();
    expect(answered.inboxLate).toBe(before.inboxLate);
    expect(answered.inbox).toBe(before.inbox - 1);
  });

  it("When the claimant has had their share of mails, then a further answer is kept and its mail is written 'limited', which staff see", async () => {
    const posted = await postMessage('contact', {
      nom: 'Noether',
      email: 'emmy.noether@example.com',
      telephone: '0611223377',
      message: 'Several questions, one after the other.',
      num_sinistre: '',
      source_referrer: '',
    });
    expect(posted.status).toBe(200);
    const id = await newestInboxId();
    // The acknowledgement and the answers fill the hour's share; the last answer is over it.
    for (let answer = 1; answer <= VISITOR_HOUR_LIMIT; answer += 1) {
      const sent = await staffSend('POST', inboxAnswersPath(id), { html: `<p>Answer ${answer}</p>` });
      expect(sent.status).toBe(200);
    }
    const detail = await detailOf(id);
    expect(detail.answers.map((answer) => answer.mailStatus)).toEqual([
      ...Array.from({ length: VISITOR_HOUR_LIMIT - 1 }, () => 'pending'),
      'limited',
    ]);
    expect(detail.state).toBe('repondu');
  });

  it('When a staff route is called without a session or from another site, then it is refused and nothing changes', async () => {
    const id = await newestInboxId();
    const before = await detailOf(id);
    for (const path of [INBOX_PATH, INBOX_STAFF_PATH, inboxMessagePath(id)]) {
      const anonymous = await fetch(url(path));
      expect(anonymous.status).toBe(401);
    }
    const anonymousWrite = await fetch(url(inboxStatePath(id)), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'clos' }),
    });
    expect(anonymousWrite.status).toBe(401);
    const crossSite = { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' };
    expect((await staffSend('PATCH', inboxStatePath(id), { state: 'clos' }, crossSite)).status).toBe(403);
    expect((await staffSend('POST', inboxNotesPath(id), { body: 'x' }, crossSite)).status).toBe(403);
    expect((await staffSend('POST', inboxAnswersPath(id), { html: '<p>x</p>' }, crossSite)).status).toBe(403);
    expect((await staffSend('PATCH', inboxAssignPath(id), { staffUserId: null }, crossSite)).status).toBe(403);
    expect(await detailOf(id)).toEqual(before);
  });

  it('When the list is filtered by a wrong value or a message does not exist, then 400 or 404 answers in French', async () => {
    const badFilter = await staffGet(`${INBOX_PATH}?state=perdu`);
    expect(badFilter.status).toBe(400);
    expect(badFilter.body).toMatchObject({ status: 'error', message: 'État inconnu' });
    const missing = await staffGet(inboxMessagePath(999_999));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Aucun message 999999.' });
    const unknownStaff = await staffSend('PATCH', inboxAssignPath(await newestInboxId()), { staffUserId: 999_999 });
    expect(unknownStaff.status).toBe(400);
  });
});
