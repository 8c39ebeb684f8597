import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PATH } from '../../contracts/backoffice.ts';
import { ErrorAnswerSchema, PARTNER_API_BASE } from '../../contracts/partner-api.ts';
import { uploadedFiles } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { readSecurityEventCounts } from '../security/security-events.ts';
import { createFakeSite, type RunningApp, startTestApp } from '../test-support.ts';
import { BODY_IDLE_MS, BODY_MIN_BYTES_PER_SECOND, BODY_RATE_WINDOW_MS } from './body-pace.ts';
import { PDF_HEADER, samplePdf, slowRequest, streamUpload } from './test-support.ts';

const PROOFS_URL = `${PARTNER_API_BASE}/justificatifs`;
/** The test's bounds: production's, shortened to run in seconds. */
const PACE = { idleMs: 1_000, minBytesPerSecond: 512, rateWindowMs: 2_000 } as const;
/** A window, a look of the watcher, and slack for a busy machine. */
const CUT_WITHIN_MS = PACE.rateWindowMs + 1_500;
const BOUNDARY = 'pace-boundary';

describe('body pace bounds', () => {
  it('When nothing is configured, then a body is cut after 10 s without a byte, or below 1 KiB/s over 15 s', () => {
    expect({ BODY_IDLE_MS, BODY_MIN_BYTES_PER_SECOND, BODY_RATE_WINDOW_MS }).toEqual({
      BODY_IDLE_MS: 10_000,
      BODY_MIN_BYTES_PER_SECOND: 1024,
      BODY_RATE_WINDOW_MS: 15_000,
    });
  });
});

describeWithDatabases('body pace: stalled and trickling bodies are cut', (context) => {
  let site: ReturnType<typeof createFakeSite> | undefined;
  let dataDir = '';
  let app: RunningApp | undefined;

  beforeAll(async () => {
    site = createFakeSite();
    dataDir = mkdtempSync(join(tmpdir(), 'claim-portal-pace-'));
    app = await startTestApp(site.staticDir, undefined, {
      database: context.database,
      config: { TRUST_PROXY: '1', DATA_DIR: dataDir, UPLOADS_AT_ONCE_PER_ADDRESS: '1' },
      bodyPace: PACE,
    });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function running(): RunningApp {
    if (!app) throw new Error('the app starts in beforeAll');
    return app;
  }

  /** The start of a proof upload: its field, its file's part header and `fileBytes` of a PDF. */
  function uploadStart(fileBytes: number): Buffer[] {
    return [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\n1\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="newfile"; filename="slow.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      Buffer.concat([PDF_HEADER, Buffer.alloc(fileBytes, 0x20)]),
    ];
  }

  function partialFiles(): string[] {
    const incoming = join(dataDir, 'files', '.incoming');
    return existsSync(incoming) ? readdirSync(incoming) : [];
  }

  async function uploadCount(): Promise<number> {
    return (await context.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length;
  }

  it('When an upload stops sending in the middle of its file, then it is cut with a translated 408 after the idle time, its partial file is removed and its address can upload again', async () => {
    const before = await uploadCount();
    const from = '203.0.113.31';
    const cut = await slowRequest(running().baseUrl, {
      method: 'POST',
      path: PROOFS_URL,
      headers: {
        'X-Forwarded-For': from,
        'Accept-Language': 'de',
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      start: uploadStart(16 * 1024),
      maxMs: 10_000,
    });

    expect(cut.status).toBe(408);
    expect(cut.heldMs).toBeGreaterThanOrEqual(PACE.idleMs);
    expect(cut.heldMs).toBeLessThan(PACE.idleMs + 1_000);
    expect(ErrorAnswerSchema.parse(JSON.parse(cut.body))).toMatchObject({
      code: 'slow_body',
      message: expect.stringMatching(/^Ihre Verbindung hat das Formular zu langsam übertragen/),
    });
    await expect.poll(partialFiles).toEqual([]);
    expect(await uploadCount()).toBe(before);
    // The slot went back with the cut: the one slot of this address takes the next upload.
    const next = await streamUpload(`${running().baseUrl}${PROOFS_URL}`, {
      headers: { 'X-Forwarded-For': from },
      fields: { type: '1' },
      file: { field: 'newfile', filename: 'a.pdf', contentType: 'application/pdf', chunks: [samplePdf()] },
    });
    expect(next.status).toBe(200);
  });

  it('When an upload sends one byte at a time, below the minimum pace, then it is cut with 408 within a window and nothing is stored', async () => {
    const before = await uploadCount();
    const cut = await slowRequest(running().baseUrl, {
      method: 'POST',
      path: PROOFS_URL,
      headers: {
        'X-Forwarded-For': '203.0.113.32',
        'Accept-Language': 'pl',
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      start: uploadStart(8 * 1024),
      everyMs: 200,
      maxMs: 10_000,
    });

    expect(cut.status).toBe(408);
    expect(cut.heldMs).toBeLessThanOrEqual(CUT_WITHIN_MS);
    expect(ErrorAnswerSchema.parse(JSON.parse(cut.body))).toMatchObject({
      code: 'slow_body',
      message: expect.stringMatching(/^Twoje połączenie przesyłało formularz zbyt wolno/),
    });
    await expect.poll(partialFiles).toEqual([]);
    expect(await uploadCount()).toBe(before);
    await running().securityEvents.flush();
    const counts = await readSecurityEventCounts(context.database.db, new Date().toISOString().slice(0, 10));
    expect(counts.find((count) => count.kind === 'slow_body')?.today).toBeGreaterThanOrEqual(2);
  });

  it('When a declaration form (fields only) trickles, then it is cut with 408 in the visitor language', async () => {
    const cut = await slowRequest(running().baseUrl, {
      method: 'POST',
      path: `${PARTNER_API_BASE}/sinistres`,
      headers: {
        'X-Forwarded-For': '203.0.113.33',
        'Accept-Language': 'it',
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': 'slow-declaration-key-0000001',
      },
      start: ['lang=it&assure_nom=Rossi'],
      everyMs: 200,
      maxMs: 10_000,
    });

    expect(cut.status).toBe(408);
    expect(cut.heldMs).toBeLessThanOrEqual(CUT_WITHIN_MS);
    expect(ErrorAnswerSchema.parse(JSON.parse(cut.body))).toMatchObject({
      code: 'slow_body',
      message: expect.stringMatching(/^La sua connessione ha inviato il modulo troppo lentamente/),
    });
  });

  it('When a JSON body (a staff sign-in) stops arriving, then it is cut with 408 after the idle time', async () => {
    const cut = await slowRequest(running().baseUrl, {
      method: 'POST',
      path: LOGIN_PATH,
      headers: { 'X-Forwarded-For': '203.0.113.34', 'Accept-Language': 'nl', 'Content-Type': 'application/json' },
      start: ['{"pseudo":"someone","pass'],
      maxMs: 10_000,
    });

    expect(cut.status).toBe(408);
    expect(cut.heldMs).toBeLessThan(PACE.idleMs + 1_000);
    expect(ErrorAnswerSchema.parse(JSON.parse(cut.body))).toMatchObject({
      code: 'slow_body',
      message: expect.stringMatching(/^Uw verbinding verstuurde het formulier te langzaam/),
    });
  });

  it('When an upload arrives slowly but above the minimum pace, then it is stored', async () => {
    const answer = await streamUpload(`${running().baseUrl}${PROOFS_URL}`, {
      headers: { 'X-Forwarded-For': '203.0.113.35' },
      fields: { type: '1' },
      file: {
        field: 'newfile',
        filename: 'slow-but-fine.pdf',
        contentType: 'application/pdf',
        chunks: [PDF_HEADER, ...Array.from({ length: 30 }, () => Buffer.alloc(400, 0x20))],
      },
      // 400 bytes every 100 ms: 4 KB/s for 3 s, longer than a window, faster than the minimum.
      slowAfterBytes: 0,
      delayMs: 100,
    });
    expect(answer.status).toBe(200);
  });
});
