import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { createCapturedLogger, createTestCatalog } from '../test-support.ts';
import { MASKED_SECRET } from './kept-content.ts';
import { deliverDueMail, MAX_ATTEMPTS, retryDelayMs, startMailDelivery } from './delivery.ts';
import { enqueueMail, type NewMail } from './outbox.ts';
import { startMail } from './start.ts';
import { renderMail } from './templates.ts';
import { parseMessage, startSmtpServer, type TestSmtpServer } from './test-support.ts';
import { createTransport, type MailTransport, type OutgoingMail } from './transport.ts';

const brand = createTestCatalog().neutral;
const RECIPIENT = 'claire.martin@example.com';

function confirmation(claimNumber: string, to = RECIPIENT): NewMail {
  return {
    to,
    ...renderMail('claim-confirmation', 'fr', brand, {
      claimNumber,
      declarationDate: '2025-03-14',
      documents: ['Certificat médical'],
      followUpUrl: 'https://claims.example.com/client-file?dossier=abc',
    }),
  };
}

/** A transport that records what it is asked to send (optionally slowly) and never fails. */
function recordingTransport(delayMs = 0): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'file',
    sent,
    async send(mail) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * delayMs));
      sent.push(mail);
    },
    close() {},
  };
}

const silent = createCapturedLogger().logger;

describeWithDatabases('mail delivery', (context) => {
  let dataDir: string;

  beforeEach(async () => {
    await context.database.db.delete(mailOutbox);
    dataDir = mkdtempSync(join(tmpdir(), 'claim-portal-mail-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  async function rowOf(id: number) {
    const [row] = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw new Error(`no outbox row ${id}`);
    return row;
  }

  /** Makes every pending row due now, as if its retry delay had passed. */
  async function makeDue(): Promise<void> {
    await context.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.status, 'pending'));
  }

  describe('over SMTP', () => {
    let server: TestSmtpServer;
    let transport: MailTransport;
    let rejection: { code: number; text: string } | undefined;

    beforeEach(async () => {
      rejection = undefined;
      server = await startSmtpServer(() => rejection);
      transport = createTransport({
        SMTP_URL: server.url,
        MAIL_FROM: undefined,
        DATA_DIR: dataDir,
      });
    });
    afterEach(async () => {
      transport.close();
      await server.close();
    });

    it('When a mail is queued in a committed transaction, then delivery sends it to the SMTP server and keeps it, its link key masked', async () => {
      const mail = confirmation('SI-0000042');
      const id = await context.database.db.transaction((tx) => enqueueMail(tx, mail));
      expect((await rowOf(id)).status).toBe('pending');

      const report = await deliverDueMail({
        database: context.database,
        transport,
        logger: silent,
      });

      expect(report).toEqual({ sent: [id], retried: [], failed: [] });
      expect(server.received).toHaveLength(1);
      const [received] = server.received;
      expect(received?.to).toEqual([RECIPIENT]);
      const message = parseMessage(received?.raw ?? '');
      expect(message.headers.get('to')).toBe(RECIPIENT);
      expect(message.headers.get('subject')).toBe(mail.subject);
      expect(message.headers.get('subject')).toContain('SI-0000042');
      expect(message.text).toContain('Numéro de dossier\u00a0: SI-0000042');
      expect(message.html).toContain('SI-0000042');
      const row = await rowOf(id);
      // Once sent, the row keeps what was sent to whom, its follow-up link's key masked.
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 0,
        lastError: null,
        subject: mail.subject,
        recipient: RECIPIENT,
      });
      expect(row.textBody).toBe(mail.text.replace('dossier=abc', `dossier=${MASKED_SECRET}`));
      expect(row.htmlBody).toContain('SI-0000042');
      expect(`${row.textBody}${row.htmlBody}`).not.toContain('dossier=abc');
      expect(row.sentAt).toBeInstanceOf(Date);

      // Sent rows are never sent again.
      await makeDue();
      expect(await deliverDueMail({ database: context.database, transport, logger: silent })).toEqual({
        sent: [],
        retried: [],
        failed: [],
      });
      expect(server.received).toHaveLength(1);
    });

    it('When the server answers 451, then the mail stays pending with a later attempt, and fails after 8', async () => {
      rejection = { code: 451, text: `Try again later, ${RECIPIENT}` };
      const id = await context.database.db.transaction((tx) => enqueueMail(tx, confirmation('SI-0000043')));
      const { logger, lines } = createCapturedLogger();

      const started = Date.now();
      const report = await deliverDueMail({
        database: context.database,
        transport,
        logger,
        random: () => 0.5,
      });

      expect(report).toEqual({ sent: [], retried: [id], failed: [] });
      const row = await rowOf(id);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        sentAt: null,
      });
      // 30 s × 2¹ with no jitter at random 0.5.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(started + retryDelayMs(1, () => 0.5) - 5_000);
      expect(row.lastError).toMatch(/451/);
      expect(row.lastError).not.toContain('@');
      expect(await deliverDueMail({ database: context.database, transport, logger })).toEqual({
        sent: [],
        retried: [],
        failed: [],
      });

      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        await makeDue();
        await deliverDueMail({ database: context.database, transport, logger });
        expect((await rowOf(id)).attempts).toBe(attempt);
      }
      expect(await rowOf(id)).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
      });
      await makeDue();
      expect(await deliverDueMail({ database: context.database, transport, logger })).toEqual({
        sent: [],
        retried: [],
        failed: [],
      });
      expect(server.received).toHaveLength(0);
      expect(lines.join('\n')).not.toContain('example.com');
    });

    it('When the server refuses the mail for good (550), then it fails at once', async () => {
      rejection = { code: 550, text: 'Mailbox unavailable' };
      const id = await context.database.db.transaction((tx) => enqueueMail(tx, confirmation('SI-0000044')));
      expect(await deliverDueMail({ database: context.database, transport, logger: silent })).toEqual({
        sent: [],
        retried: [],
        failed: [id],
      });
      const failed = await rowOf(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed.textBody).toContain('SI-0000044');
      expect(`${failed.textBody}${failed.htmlBody}`).not.toContain('dossier=abc');
    });
  });

  it('When no SMTP server is configured, then delivery writes a parseable .eml named after the row', async () => {
    const transport = createTransport({
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
      DATA_DIR: dataDir,
    });
    const mail = confirmation('SI-0000045');
    const id = await context.database.db.transaction((tx) => enqueueMail(tx, mail));

    expect((await deliverDueMail({ database: context.database, transport, logger: silent })).sent).toEqual([id]);

    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toEqual([expect.stringMatching(new RegExp(`^\\d{8}T\\d{9}Z-${id}\\.eml$`))]);
    const message = parseMessage(readFileSync(join(dataDir, 'outbox', files[0] ?? '')));
    expect(message.headers.get('to')).toBe(RECIPIENT);
    expect(message.headers.get('from')).toBe('Sinistre Assistance <no-reply@localhost>');
    expect(message.headers.get('subject')).toBe(mail.subject);
    expect(message.headers.get('content-language')).toBe('fr');
    expect(message.text).toBe(mail.text);
  });

  it('When a one-time code and an attachment have left, then the outbox keeps the mail with the code masked and the file named with its size', async () => {
    const transport = recordingTransport();
    const code = renderMail('one-time-code', 'en', brand, { code: '482913', purpose: 'identity', minutes: 10 });
    const bytes = Buffer.from('%PDF-1.4 a small attestation');
    const id = await context.database.db.transaction((tx) =>
      enqueueMail(tx, {
        to: RECIPIENT,
        ...code,
        attachments: [
          { filename: 'attestation.pdf', contentType: 'application/pdf', contentBase64: bytes.toString('base64') },
        ],
      }),
    );
    await deliverDueMail({ database: context.database, transport, logger: silent });
    expect(transport.sent[0]?.text).toContain('482913');
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(`${row.subject}${row.textBody}${row.htmlBody}`).not.toContain('482913');
    expect(row.textBody).toContain(MASKED_SECRET);
    expect(row.attachments).toEqual([
      { filename: 'attestation.pdf', contentType: 'application/pdf', contentBase64: '', size: bytes.length },
    ]);
  });

  it('When the transaction that queued a mail rolls back, then no mail exists or is sent', async () => {
    const transport = recordingTransport();
    await expect(
      context.database.db.transaction(async (tx) => {
        await enqueueMail(tx, confirmation('SI-0000046'));
        throw new Error('the claim could not be saved');
      }),
    ).rejects.toThrow('the claim could not be saved');

    expect(await context.database.db.select().from(mailOutbox)).toEqual([]);
    expect(await deliverDueMail({ database: context.database, transport, logger: silent })).toEqual({
      sent: [],
      retried: [],
      failed: [],
    });
    expect(transport.sent).toEqual([]);
  });

  it('When the recipient is not one plain address, then nothing is queued', async () => {
    for (const to of [
      'a@example.com, b@example.com',
      'Eve <eve@example.com>',
      'a@example.com\r\nBcc: b@example.com',
      '',
    ]) {
      await expect(
        context.database.db.transaction((tx) => enqueueMail(tx, confirmation('SI-0000050', to))),
      ).rejects.toThrow(RangeError);
    }
    expect(await context.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('When several deliverers run at the same time, then every mail is sent exactly once', async () => {
    const count = 60;
    const ids = await context.database.db.transaction(async (tx) => {
      const queued: number[] = [];
      for (let index = 0; index < count; index++) {
        // One claimant each: the recipients' own limit (recipient-limit.ts) plays no part here.
        const claimant = `claimant.${index}@example.com`;
        queued.push(await enqueueMail(tx, confirmation(`SI-${String(index).padStart(7, '0')}`, claimant)));
      }
      return queued;
    });
    const transports = [recordingTransport(5), recordingTransport(5), recordingTransport(5)];

    await Promise.all(
      transports.map(async (transport) => {
        for (;;) {
          const report = await deliverDueMail({
            database: context.database,
            transport,
            logger: silent,
            batchSize: 7,
          });
          if (report.sent.length === 0) return;
        }
      }),
    );

    const sentIds = transports.flatMap((transport) => transport.sent.map((mail) => Number(mail.id)));
    expect(sentIds.toSorted((a, b) => a - b)).toEqual(ids.toSorted((a, b) => a - b));
    const statuses = await context.database.db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(statuses.every((row) => row.status === 'sent')).toBe(true);
  });

  it('When a mail is queued in this process, then the worker sends it without waiting for its next poll', async () => {
    const transport = recordingTransport();
    const { logger, lines } = createCapturedLogger();
    const worker = startMailDelivery({
      database: context.database,
      transport,
      logger,
      intervalMs: 60_000,
    });
    try {
      // Let the first poll pass: then only the in-process signal can explain a quick delivery.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const id = await context.database.db.transaction(async (tx) => {
        const queued = await enqueueMail(tx, confirmation('SI-0000047'));
        // The transaction is still open: the worker must not give up on a row it cannot see yet.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return queued;
      });
      await vi.waitFor(() => expect(transport.sent.map((mail) => mail.id)).toEqual([id]), { timeout: 3_000 });
      // The round's sent mails are marked in one statement once the round's sending is done.
      await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('sent'), { timeout: 3_000 });
    } finally {
      await worker.stop();
    }
    const logs = lines.join('\n');
    expect(logs).toContain('"msg":"mail sent"');
    expect(logs).toContain('"kind":"claim-confirmation"');
    expect(logs).not.toContain(RECIPIENT);
    expect(logs).not.toContain('SI-0000047');
  });

  it('When mail is started from the configuration, then queued mail becomes .eml files under DATA_DIR/outbox', async () => {
    const mail = startMail(context.database, { ...context.config, DATA_DIR: dataDir }, silent);
    try {
      const id = await context.database.db.transaction((tx) => enqueueMail(tx, confirmation('SI-0000049')));
      await vi.waitFor(
        () => expect(readdirSync(join(dataDir, 'outbox'))).toEqual([expect.stringMatching(`-${id}.eml`)]),
        {
          timeout: 3_000,
        },
      );
    } finally {
      await mail.stop();
    }
  });

  it('When the sole deliverer starts after a crash, then the mails the dead worker had leased leave at once and a waiting retry still waits', async () => {
    const { db } = context.database;
    const leased = await db.transaction((tx) => enqueueMail(tx, confirmation('SI-0000051')));
    const retrying = await db.transaction((tx) => enqueueMail(tx, confirmation('SI-0000052')));
    // What a killed worker leaves: its lease (LEASE_MS ahead), and a retry scheduled after a failure.
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '15 minutes'` })
      .where(eq(mailOutbox.id, leased));
    await db
      .update(mailOutbox)
      .set({ attempts: 1, lastError: 'ECONNECTION', nextAttemptAt: sql`now() + interval '10 minutes'` })
      .where(eq(mailOutbox.id, retrying));
    const transport = recordingTransport();
    const worker = startMailDelivery({ database: context.database, transport, logger: silent, soleDeliverer: true });
    try {
      await vi.waitFor(() => expect(transport.sent.map((mail) => mail.id)).toEqual([leased]), { timeout: 3_000 });
      await vi.waitFor(async () => expect((await rowOf(leased)).status).toBe('sent'), { timeout: 3_000 });
      expect((await rowOf(retrying)).status).toBe('pending');
    } finally {
      await worker.stop();
    }
  });

  it('When a worker that is not the sole deliverer starts, then leases of other workers are left alone', async () => {
    const { db } = context.database;
    const leased = await db.transaction((tx) => enqueueMail(tx, confirmation('SI-0000053')));
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '15 minutes'` })
      .where(eq(mailOutbox.id, leased));
    const transport = recordingTransport();
    const worker = startMailDelivery({ database: context.database, transport, logger: silent });
    try {
      await worker.deliverNow();
      expect(transport.sent).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('When the worker stops in the middle of a round, then the mails being sent finish and the others are handed back for another worker at once', async () => {
    const { db } = context.database;
    const ids: number[] = [];
    for (const n of [61, 62, 63, 64, 65, 66])
      ids.push(await db.transaction((tx) => enqueueMail(tx, confirmation(`SI-00000${n}`))));
    // Two sends at a time, each held until the test lets it go: the SMTP server of a busy machine.
    let letGo: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const started: (string | number)[] = [];
    const sent: (string | number)[] = [];
    const slow: MailTransport = {
      kind: 'smtp',
      concurrency: 2,
      async send(mail) {
        started.push(mail.id);
        await gate;
        sent.push(mail.id);
      },
      close() {},
    };
    const worker = startMailDelivery({
      database: context.database,
      transport: slow,
      logger: silent,
      intervalMs: 60_000,
    });
    await vi.waitFor(() => expect(started).toHaveLength(2), { timeout: 3_000 });
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    // The two mails being sent are waited for: a stop never cuts a message in half.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    letGo();
    await stopping;
    const [first, second, ...rest] = ids;
    expect(sent.map(Number).toSorted((a, b) => a - b)).toEqual([first, second]);
    expect((await rowOf(first as number)).status).toBe('sent');
    expect((await rowOf(second as number)).status).toBe('sent');
    // The four never started are due again now, not in the 15 minutes of their lease.
    const handedBack = await db
      .select({ id: mailOutbox.id, due: sql<boolean>`${mailOutbox.nextAttemptAt} <= now()` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    expect(handedBack.map((row) => row.id).toSorted((a, b) => a - b)).toEqual(rest);
    expect(handedBack.every((row) => row.due)).toBe(true);
    const next = recordingTransport();
    const report = await deliverDueMail({ database: context.database, transport: next, logger: silent });
    expect(report.sent).toEqual(rest);
    expect(started).toHaveLength(2);
  });

  it('When the worker is stopped, then it sends nothing more', async () => {
    const transport = recordingTransport();
    const worker = startMailDelivery({
      database: context.database,
      transport,
      logger: silent,
      intervalMs: 20,
    });
    await worker.stop();
    await context.database.db.transaction((tx) => enqueueMail(tx, confirmation('SI-0000048')));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(transport.sent).toEqual([]);
  });
});

describe('retry delay', () => {
  it('When attempts fail, then the delay doubles from 60 s, is capped at one hour and jittered by ±20 %', () => {
    const middle = () => 0.5;
    expect(retryDelayMs(1, middle)).toBe(60_000);
    expect(retryDelayMs(2, middle)).toBe(120_000);
    expect(retryDelayMs(6, middle)).toBe(1_920_000);
    expect(retryDelayMs(7, middle)).toBe(3_600_000);
    expect(retryDelayMs(20, middle)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 0)).toBe(48_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBeLessThanOrEqual(72_000);
  });
});
