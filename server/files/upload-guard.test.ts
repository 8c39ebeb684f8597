import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorAnswerSchema, PARTNER_API_BASE } from '../../contracts/partner-api.ts';
import { sql } from 'drizzle-orm';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { rateLimitHits, uploadedFiles } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { createLogger } from '../logger.ts';
import { createFakeSite, createTestCatalog } from '../test-support.ts';
import { LocalFileStore } from './store.ts';
import { PDF_HEADER, pdfOfSize, samplePdf, streamUpload } from './test-support.ts';
import { reservedBytesOf } from './upload-guard.ts';

const PROOFS_URL = `${PARTNER_API_BASE}/justificatifs`;

describe('reservedBytesOf', () => {
  it('When the disk is small, then the MiB floor is kept free; when it is large, the share of it', () => {
    const config = { UPLOAD_MIN_FREE_MB: 1024, UPLOAD_MIN_FREE_PERCENT: 5 } as const;
    const gib = 1024 ** 3;
    expect(
      reservedBytesOf(
        {
          ...config,
          UPLOAD_MB_PER_HOUR: 1,
          UPLOAD_PERCENT_PER_ADDRESS: 5,
          UPLOADS_AT_ONCE: 1,
          UPLOADS_AT_ONCE_PER_ADDRESS: 1,
        },
        10 * gib,
      ),
    ).toBe(gib);
    expect(
      reservedBytesOf(
        {
          ...config,
          UPLOAD_MB_PER_HOUR: 1,
          UPLOAD_PERCENT_PER_ADDRESS: 5,
          UPLOADS_AT_ONCE: 1,
          UPLOADS_AT_ONCE_PER_ADDRESS: 1,
        },
        1000 * gib,
      ),
    ).toBe(50 * gib);
  });
});

describeWithDatabases('upload guard: byte budget, free space, uploads at once, body bounds', (context) => {
  let site: ReturnType<typeof createFakeSite>;
  let root: string;
  let running: { baseUrl: string; store: LocalFileStore; close: () => Promise<void> } | undefined;

  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
    await context.database.db.delete(uploadedFiles);
    site = createFakeSite();
    root = mkdtempSync(join(tmpdir(), 'claim-portal-guard-'));
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    site.remove();
    rmSync(root, { recursive: true, force: true });
  });

  /** The real app behind one trusted proxy, with the given upload settings and a store in `root`. */
  async function start(settings: Record<string, string>) {
    const store = new LocalFileStore(join(root, 'files'));
    const app = createApp({
      config: loadConfig({ TRUST_PROXY: '1', ...settings }),
      logger: createLogger('silent'),
      brands: createTestCatalog(),
      database: context.database,
      staticDir: site.staticDir,
      fileStore: store,
    });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    const { port } = app.httpServer.address() as AddressInfo;
    running = { baseUrl: `http://127.0.0.1:${port}`, store, close: () => app.close() };
    return running;
  }

  function storedFiles(): string[] {
    const files = join(root, 'files');
    if (!existsSync(files)) return [];
    const incoming = join(files, '.incoming');
    return [
      ...readdirSync(files).filter((name) => name !== '.incoming'),
      ...(existsSync(incoming) ? readdirSync(incoming) : []),
    ];
  }

  async function uploadCount(): Promise<number> {
    return (await context.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length;
  }

  /** Uploads a proof file from `client` (the address the proxy reports), answered in `language`. */
  async function upload(baseUrl: string, client: string, bytes: Buffer = samplePdf(), language = 'fr') {
    const body = new FormData();
    body.append('type', '1');
    body.append('newfile', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'facture.pdf');
    const response = await fetch(`${baseUrl}${PROOFS_URL}`, {
      method: 'POST',
      body,
      headers: { 'X-Forwarded-For': client, 'Accept-Language': language },
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  }

  /** KiB charged to the upload budget so far. */
  async function budgetCharged(): Promise<number> {
    const [row] = await queryRows<{ total: number | string }>(
      context.database.db,
      sql`select coalesce(sum(count), 0) as total from rate_limit_hits where bucket like 'uploads:kib:%'`,
    );
    return Number(row?.total ?? 0);
  }

  const pdfBytes = (size: number) => Buffer.concat([...pdfOfSize(size)]);

  it('When the hourly byte budget of all clients is spent, then the next upload from any address answers 503 in its language and nothing is stored', async () => {
    const app = await start({ UPLOAD_MB_PER_HOUR: '1', UPLOAD_PERCENT_PER_ADDRESS: '100' });
    expect((await upload(app.baseUrl, '203.0.113.1', pdfBytes(700_000))).status).toBe(200);
    const stored = storedFiles();

    const refused = await upload(app.baseUrl, '198.51.100.2', pdfBytes(700_000), 'de');

    expect(refused.status).toBe(503);
    expect(ErrorAnswerSchema.parse(refused.body)).toMatchObject({ code: 'upload_budget_spent' });
    expect((refused.body as { message: string }).message).toMatch(/^Das Hochladen von Dateien ist gerade stark/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(storedFiles()).toEqual(stored);
    expect(await uploadCount()).toBe(1);
  });

  it('When the file store disk would keep less free space than configured, then uploads answer 507 in the visitor language and nothing is stored', async () => {
    const app = await start({ UPLOAD_MIN_FREE_PERCENT: '100' });

    const refused = await upload(app.baseUrl, '203.0.113.1', samplePdf(), 'es');

    expect(refused.status).toBe(507);
    expect(ErrorAnswerSchema.parse(refused.body)).toMatchObject({
      code: 'storage_full',
      message: 'El envío de archivos no está disponible temporalmente. Vuelva a intentarlo más tarde.',
    });
    expect(storedFiles()).toEqual([]);
    expect(await uploadCount()).toBe(0);
  });

  it('When uploads are being read at the cap, then one more from the same address answers 429 and from another 503, both with Retry-After; once they end, uploads pass again', async () => {
    const app = await start({ UPLOADS_AT_ONCE: '2', UPLOADS_AT_ONCE_PER_ADDRESS: '1' });
    const gates: (() => void)[] = [];
    /** An upload that sends its start, then waits until the test lets it finish. */
    const heldUpload = (client: string) => {
      const released = new Promise<void>((resolve) => gates.push(resolve));
      async function* chunks() {
        yield PDF_HEADER;
        yield Buffer.alloc(64 * 1024, 0x20);
        await released;
        yield Buffer.alloc(1024, 0x20);
      }
      return streamUpload(`${app.baseUrl}${PROOFS_URL}`, {
        headers: { 'X-Forwarded-For': client },
        fields: { type: '1' },
        file: { field: 'newfile', filename: 'long.pdf', contentType: 'application/pdf', chunks: chunks() },
      });
    };

    // A held upload has its slot once the guard has charged the budget for it.
    const first = heldUpload('203.0.113.1');
    await expect.poll(budgetCharged).toBeGreaterThan(0);
    const sameAddress = await upload(app.baseUrl, '203.0.113.1', samplePdf(), 'it');
    expect(ErrorAnswerSchema.parse(sameAddress.body)).toMatchObject({ code: 'uploads_busy_address' });
    expect((sameAddress.body as { message: string }).message).toMatch(/^Altri file sono già in fase di invio/);
    expect(sameAddress.headers.get('retry-after')).toMatch(/^\d+$/);

    const chargedForFirst = await budgetCharged();
    const second = heldUpload('198.51.100.2');
    await expect.poll(budgetCharged).toBeGreaterThan(chargedForFirst);
    const anyAddress = await upload(app.baseUrl, '192.0.2.3', samplePdf(), 'en');
    expect(ErrorAnswerSchema.parse(anyAddress.body)).toMatchObject({
      code: 'uploads_busy',
      message: 'Many files are being uploaded right now. Please try again in a few seconds.',
    });
    expect(anyAddress.headers.get('retry-after')).toMatch(/^\d+$/);

    for (const release of gates) release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    await expect.poll(async () => (await upload(app.baseUrl, '192.0.2.3')).status).toBe(200);
    await expect.poll(async () => (await upload(app.baseUrl, '203.0.113.1')).status).toBe(200);
  });

  /** KiB charged to the share of the address group `client` belongs to. */
  async function shareCharged(): Promise<number> {
    const [row] = await queryRows<{ total: number | string }>(
      context.database.db,
      sql`select coalesce(sum(count), 0) as total from rate_limit_hits where bucket like 'uploads:group-kib:%'`,
    );
    return Number(row?.total ?? 0);
  }

  /** A chunked proof upload (no Content-Length) of `bytes` bytes of PDF from `client`. */
  function chunkedUpload(baseUrl: string, client: string, bytes: number, language = 'fr') {
    return streamUpload(`${baseUrl}${PROOFS_URL}`, {
      headers: { 'X-Forwarded-For': client, 'Accept-Language': language },
      fields: { type: '1' },
      file: { field: 'newfile', filename: 'chunked.pdf', contentType: 'application/pdf', chunks: pdfOfSize(bytes) },
    });
  }

  it('When an upload in chunks is stored, then the budget and its group share keep the KiB it sent, not the largest body', async () => {
    const app = await start({});
    const answer = await chunkedUpload(app.baseUrl, '203.0.113.1', 300_000);
    expect(answer.status).toBe(200);

    // 300,000 bytes of file plus the form's framing: 293 or 294 KiB, where 1 MiB was reserved.
    await expect.poll(budgetCharged).toBeLessThan(300);
    expect(await budgetCharged()).toBeGreaterThanOrEqual(293);
    expect(await shareCharged()).toBe(await budgetCharged());
  });

  it('When an upload in chunks is longer than its first reservation, then more is reserved as it streams and only what it sent stays charged', async () => {
    const app = await start({});
    const answer = await chunkedUpload(app.baseUrl, '203.0.113.1', 2_500_000);
    expect(answer.status).toBe(200);

    // Settled: the KiB it sent, whether its body ended before or during its last reservation.
    await expect.poll(budgetCharged).toSatisfy((kib: number) => kib >= Math.floor(2_500_000 / 1024) && kib < 2_450);
    expect(await shareCharged()).toBe(await budgetCharged());
  });

  it('When an upload is refused for its content, then everything reserved for it goes back to the budget and the share', async () => {
    const app = await start({});
    const refused = await upload(app.baseUrl, '203.0.113.1', Buffer.from('not a pdf at all'.repeat(400)));
    expect(refused.status).toBe(400);

    await expect.poll(budgetCharged).toBe(0);
    expect(await shareCharged()).toBe(0);
  });

  it('When one address group has spent its share of the hour, then its next upload answers 429 in its language with Retry-After, and another group still uploads', async () => {
    // 20 MiB an hour, 5 % each: a group's share is its floor of 1 MiB.
    const app = await start({ UPLOAD_MB_PER_HOUR: '20' });
    expect((await upload(app.baseUrl, '203.0.113.1', pdfBytes(700_000))).status).toBe(200);

    const refused = await upload(app.baseUrl, '203.0.113.1', pdfBytes(700_000), 'pl');

    expect(refused.status).toBe(429);
    expect(ErrorAnswerSchema.parse(refused.body)).toMatchObject({
      code: 'upload_share_spent',
      message: expect.stringMatching(/^Z Twojego połączenia wysłano już w tej godzinie wiele plików/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload(app.baseUrl, '198.51.100.2', pdfBytes(700_000))).status).toBe(200);
    expect(await uploadCount()).toBe(2);
  });

  it('When an upload in chunks passes its group share while it streams, then it is refused with 429 and its partial file is removed', async () => {
    const app = await start({ UPLOAD_MB_PER_HOUR: '20' });

    const cut = await chunkedUpload(app.baseUrl, '203.0.113.1', 3_000_000, 'da');

    expect(cut.status).toBe(429);
    expect(ErrorAnswerSchema.parse(JSON.parse(cut.body))).toMatchObject({ code: 'upload_share_spent' });
    expect(JSON.parse(cut.body).message).toMatch(/^Der er allerede sendt mange filer fra din forbindelse/);
    await expect.poll(storedFiles).toEqual([]);
    expect(await uploadCount()).toBe(0);
    await expect.poll(budgetCharged).toBe(0);
  });

  it('When a few address groups hold the open upload slots, then one more from them is refused with 429 but a group holding none takes a reserved slot', async () => {
    // 8 slots, 4 per group: 2 are kept for groups holding none.
    const app = await start({ UPLOADS_AT_ONCE: '8', UPLOADS_AT_ONCE_PER_ADDRESS: '4' });
    const gates: (() => void)[] = [];
    const heldUpload = (client: string) => {
      const released = new Promise<void>((resolve) => gates.push(resolve));
      async function* chunks() {
        yield PDF_HEADER;
        yield Buffer.alloc(8 * 1024, 0x20);
        await released;
        yield Buffer.alloc(1024, 0x20);
      }
      return streamUpload(`${app.baseUrl}${PROOFS_URL}`, {
        headers: { 'X-Forwarded-For': client },
        fields: { type: '1' },
        file: { field: 'newfile', filename: 'long.pdf', contentType: 'application/pdf', chunks: chunks() },
      });
    };
    const held = [...Array.from({ length: 4 }, () => heldUpload('203.0.113.1'))];
    await expect.poll(shareCharged).toBeGreaterThanOrEqual(4 * 1024);
    held.push(heldUpload('203.0.113.2'), heldUpload('203.0.113.2'));
    await expect.poll(shareCharged).toBeGreaterThanOrEqual(6 * 1024);

    // Six slots taken: the last two are for groups holding none.
    const sameGroup = await upload(app.baseUrl, '203.0.113.2', samplePdf(), 'nl');
    expect(ErrorAnswerSchema.parse(sameGroup.body)).toMatchObject({ code: 'uploads_busy_address' });
    expect(sameGroup.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await upload(app.baseUrl, '192.0.2.3')).status).toBe(200);

    for (const release of gates) release();
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('When a form carries more fields than its schemas allow, then 413 answers in the visitor language and the file after them is not stored', async () => {
    const app = await start({});
    const body = new FormData();
    body.append('lang', 'nl');
    for (let index = 0; index < 40; index++) body.append(`extra${index}`, 'x');
    body.append('newfile', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'a.pdf');

    const response = await fetch(`${app.baseUrl}${PROOFS_URL}`, { method: 'POST', body });

    expect(response.status).toBe(413);
    expect(ErrorAnswerSchema.parse(await response.json())).toMatchObject({
      message: 'Het ontvangen formulier is onvolledig of onleesbaar. Probeer het opnieuw.',
    });
    expect(storedFiles()).toEqual([]);
    expect(await uploadCount()).toBe(0);
  });

  it('When a field is longer than its schema allows, even cut while streaming, then 400 names it with its maximum in the visitor language and the file is not stored', async () => {
    const app = await start({});
    const body = new FormData();
    body.append('lang', 'pt');
    body.append('type', '1');
    // Longer than what busboy reads of any proof field (the longest, 50,000 characters, in UTF-8).
    body.append('justificatifs', 'é'.repeat(80_000));
    body.append('newfile', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'a.pdf');

    const response = await fetch(`${app.baseUrl}${PROOFS_URL}`, { method: 'POST', body });

    expect(response.status).toBe(400);
    expect(ErrorAnswerSchema.parse(await response.json())).toMatchObject({
      fields: { justificatifs: 'Este campo é demasiado longo (50000 caracteres no máximo)' },
    });
    expect(storedFiles()).toEqual([]);
    expect(await uploadCount()).toBe(0);
  });
});
