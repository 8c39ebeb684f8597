import { CLAIM_NUMBER_PATTERN } from '../../contracts/claim-number.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { handleErrors } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { type FileStore, LocalFileStore } from './store.ts';
import { pdfOfSize, samplePdf, sampleJpeg, samplePng, streamUpload } from './test-support.ts';
import { MAX_UPLOAD_BYTES } from '../../contracts/partner-api-base.ts';
import { receiveFields, receiveMultipart, receiveMultipartFiles, UploadError } from './upload.ts';

/** A local store that also records the most bytes one put ever received. */
class ObservedStore implements FileStore {
  readonly inner: LocalFileStore;
  largestPut = 0;

  constructor(rootDir: string) {
    this.inner = new LocalFileStore(rootDir);
  }

  put(key: string, body: Readable, contentType: string): Promise<void> {
    let bytes = 0;
    const observed = async function* (this: ObservedStore) {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        this.largestPut = Math.max(this.largestPut, bytes);
        yield chunk;
      }
    }.call(this);
    return this.inner.put(key, Readable.from(observed, { objectMode: false }), contentType);
  }

  get(key: string): Promise<Readable> {
    return this.inner.get(key);
  }

  remove(key: string): Promise<void> {
    return this.inner.remove(key);
  }

  /** Stored files and leftover partial files. */
  contents(): string[] {
    const root = this.inner.rootDir;
    if (!existsSync(root)) return [];
    const incoming = join(root, '.incoming');
    return [
      ...readdirSync(root).filter((name) => name !== '.incoming'),
      ...(existsSync(incoming) ? readdirSync(incoming).map((name) => `.incoming/${name}`) : []),
    ];
  }
}

const proofFields = z.object({
  dossier: z.string().check(z.regex(CLAIM_NUMBER_PATTERN, { error: 'Invalid claim number' })),
  commentaire: z.optional(z.string().check(z.maxLength(20))),
});
const claimFields = z.object({ nom: z.string().check(z.minLength(1)), email: z.email({ error: 'Invalid e-mail' }) });
/** The same form as a strict object already (receiveFields makes every schema strict). */
const strictClaimFields = z.strictObject({
  nom: z.string().check(z.minLength(1)),
  email: z.email({ error: 'Invalid e-mail' }),
});

let root: string;
let store: ObservedStore;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'claim-portal-upload-'));
  store = new ObservedStore(join(root, 'files'));
  const app = express();
  app.post('/proof', async (request: Request, response: Response) => {
    response.json(await receiveMultipart(request, { fields: proofFields, file: { fieldName: 'fichier' }, store }));
  });
  app.post('/optional-proof', async (request: Request, response: Response) => {
    const received = await receiveMultipart(request, {
      fields: proofFields,
      file: { fieldName: 'fichier', required: false },
      store,
    });
    response.json(received);
  });
  app.post('/claim', async (request: Request, response: Response) => {
    response.json(await receiveFields(request, claimFields));
  });
  app.post('/strict-claim', async (request: Request, response: Response) => {
    response.json(await receiveFields(request, strictClaimFields));
  });
  app.post('/attachments', async (request: Request, response: Response) => {
    const received = await receiveMultipartFiles(request, {
      fields: proofFields,
      files: { fieldName: 'pieces', maxFiles: 3 },
      store,
    });
    response.json(received);
  });
  // The codes are for the caller to translate; the test exposes them in a header, with the
  // language field the body had sent when it was refused.
  app.use((error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (error instanceof UploadError) response.setHeader('X-Upload-Error', error.code);
    const lang = (request.body as Record<string, unknown> | undefined)?.['lang'];
    if (typeof lang === 'string') response.setHeader('X-Body-Lang', lang);
    next(error);
  });
  app.use(handleErrors(createLogger('silent')));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  store.largestPut = 0;
});

function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string; field?: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file)
    body.append(file.field ?? 'fichier', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

async function post(path: string, body: FormData | URLSearchParams | string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body, headers });
  return { response, json: (await response.json()) as Record<string, unknown> };
}

async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe('accepted files', () => {
  it.each([
    ['a PDF', 'facture.pdf', 'application/pdf', async () => samplePdf()],
    ['a PNG', 'photo.png', 'image/png', samplePng],
    ['a JPEG', 'photo.jpg', 'image/jpeg', sampleJpeg],
  ])(
    'When %s is uploaded, then it is stored with its detected type, size and hash',
    async (_kind, name, type, make) => {
      const bytes = await make();
      const { response, json } = await post('/proof', form({ dossier: 'SI-0000003' }, { bytes, name, type }));
      expect(response.status).toBe(200);
      const file = json['file'] as Record<string, unknown>;
      expect(json['fields']).toEqual({ dossier: 'SI-0000003' });
      expect(file).toMatchObject({ originalName: name, mime: type, size: bytes.length, sha256: sha256(bytes) });
      expect(file['key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(await storedBytes(file['key'] as string)).toEqual(bytes);
      await store.remove(file['key'] as string);
    },
  );

  it('When a PNG is named x.pdf and declared as a PDF, then it is stored as image/png', async () => {
    const bytes = await samplePng();
    const { response, json } = await post(
      '/proof',
      form({ dossier: 'SI-0000003' }, { bytes, name: 'x.pdf', type: 'application/pdf' }),
    );
    expect(response.status).toBe(200);
    expect(json['file']).toMatchObject({ originalName: 'x.pdf', mime: 'image/png' });
    await store.remove((json['file'] as { key: string }).key);
  });

  it('When the file name has accents, then the name is kept as UTF-8', async () => {
    const { json } = await post(
      '/proof',
      form({ dossier: 'SI-0000003' }, { bytes: samplePdf(), name: 'Facture été №2.pdf', type: 'application/pdf' }),
    );
    expect(json['file']).toMatchObject({ originalName: 'Facture été №2.pdf' });
    await store.remove((json['file'] as { key: string }).key);
  });

  it('When a file is exactly one byte under the limit, then it is accepted and hashed on the fly', async () => {
    const size = MAX_UPLOAD_BYTES - 1;
    const hash = createHash('sha256');
    for (const chunk of pdfOfSize(size)) hash.update(chunk);
    const result = await streamUpload(`${baseUrl}/proof`, {
      fields: { dossier: 'SI-0000003' },
      file: { field: 'fichier', filename: 'big.pdf', contentType: 'application/pdf', chunks: pdfOfSize(size) },
    });
    expect(result.status).toBe(200);
    const { file } = JSON.parse(result.body) as { file: { key: string; size: number; sha256: string } };
    expect(file).toMatchObject({ size: 37_499_999, mime: 'application/pdf', sha256: hash.digest('hex') });
    await store.remove(file.key);
  });
});

describe('refused files', () => {
  it('When a text file is named .pdf, then unsupported_format answers and nothing is stored', async () => {
    const { response, json } = await post(
      '/proof',
      form(
        { dossier: 'SI-0000003' },
        { bytes: Buffer.from('just some text\n'), name: 'cv.pdf', type: 'application/pdf' },
      ),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upload-error')).toBe('unsupported_format');
    expect(json).toMatchObject({ status: 'error' });
    expect(store.contents()).toEqual([]);
    expect(store.largestPut).toBe(0);
  });

  it('When a large file is not a PDF, PNG or JPEG, then it is refused after its first bytes', async () => {
    const text = Buffer.alloc(256 * 1024, 'a');
    const result = await streamUpload(`${baseUrl}/proof`, {
      fields: { dossier: 'SI-0000003' },
      file: {
        field: 'fichier',
        filename: 'x.pdf',
        contentType: 'application/pdf',
        chunks: Array.from({ length: 160 }, () => text),
      },
      slowAfterBytes: 0,
      delayMs: 2,
    });
    expect(result.status).toBe(400);
    expect(result.headers['x-upload-error']).toBe('unsupported_format');
    expect(result.headers['connection']).toBe('close');
    expect(result.finishedWhenAnswered).toBe(false);
    expect(store.contents()).toEqual([]);
  });

  it('When a client sends a whole 10 MB non-PDF before reading, then it still gets the answer', async () => {
    const bytes = Buffer.alloc(10_000_000, 'a');
    const { response, json } = await post(
      '/proof',
      form({ dossier: 'SI-0000003' }, { bytes, name: 'scan.pdf', type: 'application/pdf' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upload-error')).toBe('unsupported_format');
    expect(json).toMatchObject({ status: 'error' });
    expect(store.contents()).toEqual([]);
  });

  it('When 40 MB are sent, then file_too_large answers while the client is still sending, and nothing is kept', async () => {
    const result = await streamUpload(`${baseUrl}/proof`, {
      fields: { dossier: 'SI-0000003' },
      file: { field: 'fichier', filename: 'huge.pdf', contentType: 'application/pdf', chunks: pdfOfSize(40_000_000) },
      // Fast up to 37 MB, then a chunk every 250 ms: the last 2.5 MB after the limit take 2.5 s, so
      // the client is still sending when the answer comes, even on a busy machine whose server
      // reads what the connection buffered a while after the client wrote it.
      slowAfterBytes: 37_000_000,
      delayMs: 250,
    });
    expect(result.status).toBe(413);
    expect(result.headers['x-upload-error']).toBe('file_too_large');
    expect(result.headers['connection']).toBe('close');
    expect(JSON.parse(result.body)).toEqual({
      status: 'error',
      message: 'File too large',
      fields: { fichier: 'File too large' },
      code: 'file_too_large',
    });
    expect(result.finishedWhenAnswered).toBe(false);
    expect(result.sentWhenAnswered).toBeLessThan(40_000_000);
    expect(store.largestPut).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(store.contents()).toEqual([]);
  });

  it('When a file is exactly at the limit, then it is refused', async () => {
    const result = await streamUpload(`${baseUrl}/proof`, {
      fields: { dossier: 'SI-0000003' },
      file: { field: 'fichier', filename: 'big.pdf', contentType: 'application/pdf', chunks: pdfOfSize(37_500_000) },
    });
    expect(result.status).toBe(413);
    expect(store.contents()).toEqual([]);
  });

  it('When fetch streams 1 GB, then it gets the 413 answer long before the end', async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const preamble = '--b\r\nContent-Disposition: form-data; name="fichier"; filename="a.pdf"\r\n\r\n%PDF-1.4\n';
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(preamble));
      },
      pull(controller) {
        if (sent >= 1024 * 1024 * 1024) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await fetch(`${baseUrl}/proof`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 'error' });
    expect(sent).toBeLessThan(200 * 1024 * 1024);
    expect(store.contents()).toEqual([]);
  });

  it('When the client goes away mid-file, then nothing remains in the store', async () => {
    const request = httpRequest(`${baseUrl}/proof`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    request.on('error', () => undefined);
    request.write('--b\r\nContent-Disposition: form-data; name="fichier"; filename="a.pdf"\r\n\r\n');
    for (const chunk of pdfOfSize(2_000_000)) request.write(chunk);
    await vi.waitFor(() => expect(store.largestPut).toBeGreaterThan(1_000_000));
    request.destroy();
    await vi.waitFor(() => expect(store.contents()).toEqual([]));
  });
});

describe('form shape', () => {
  it('When unknown fields are sent with a file, then 400 names each of them and the file is not kept', async () => {
    const { response, json } = await post(
      '/proof',
      form(
        { dossier: 'SI-0000003', etat: 'valide', admin: '1' },
        { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' },
      ),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upload-error')).toBe('invalid_fields');
    expect(json).toEqual({
      status: 'error',
      message: 'Invalid request',
      fields: { etat: 'Unknown field', admin: 'Unknown field' },
      code: 'invalid_fields',
    });
    expect(store.contents()).toEqual([]);
  });

  it('When a field is named __proto__ or constructor, then it is refused as unknown', async () => {
    const { response, json } = await post(
      '/claim',
      new URLSearchParams([
        ['nom', 'Martin'],
        ['email', 'martin@example.com'],
        ['__proto__', 'x'],
        ['constructor', 'y'],
      ]),
    );
    expect(response.status).toBe(400);
    expect(json['fields']).toEqual(
      Object.fromEntries([
        ['__proto__', 'Unknown field'],
        ['constructor', 'Unknown field'],
      ]),
    );
  });

  it('When a field is invalid or too long, then 400 names it', async () => {
    const { response, json } = await post(
      '/proof',
      form(
        { dossier: 'SO-1', commentaire: 'x'.repeat(30) },
        { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' },
      ),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(json['fields'] as object).sort()).toEqual(['commentaire', 'dossier']);
    expect((json['fields'] as Record<string, string>)['dossier']).toBe('Invalid claim number');
  });

  it('When the file is missing, then missing_file answers; when it is optional, the fields alone pass', async () => {
    const missing = await post('/proof', form({ dossier: 'SI-0000003' }));
    expect(missing.response.status).toBe(400);
    expect(missing.response.headers.get('x-upload-error')).toBe('missing_file');
    const optional = await post('/optional-proof', form({ dossier: 'SI-0000003' }));
    expect(optional.json).toEqual({ fields: { dossier: 'SI-0000003' } });
  });

  it('When the file comes in another field or twice, then unexpected_file answers and nothing is kept', async () => {
    const pdf = { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' };
    const elsewhere = await post('/proof', form({ dossier: 'SI-0000003' }, { ...pdf, field: 'autre' }));
    expect(elsewhere.response.headers.get('x-upload-error')).toBe('unexpected_file');
    const twice = form({ dossier: 'SI-0000003' }, pdf);
    twice.append('fichier', new Blob([new Uint8Array(pdf.bytes)]), 'b.pdf');
    const second = await post('/proof', twice);
    expect(second.response.status).toBe(400);
    expect(second.response.headers.get('x-upload-error')).toBe('unexpected_file');
    expect(store.contents()).toEqual([]);
  });

  it('When the body is not multipart, then malformed_request answers', async () => {
    const { response } = await post('/proof', '{"dossier":"SI-0000003"}', { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upload-error')).toBe('malformed_request');
  });

  it('When a form has more fields than its schema and a little slack, then too_many_parts answers 413', async () => {
    const fields = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`f${index}`, 'x']));
    const { response } = await post('/proof', form(fields));
    expect(response.status).toBe(413);
    expect(response.headers.get('x-upload-error')).toBe('too_many_parts');
  });
});

describe('fields-only forms', () => {
  it('When a valid form comes as multipart or urlencoded, then its fields are parsed', async () => {
    const fields = { nom: 'Martin', email: 'martin@example.com' };
    expect((await post('/claim', form(fields))).json).toEqual(fields);
    expect((await post('/claim', new URLSearchParams(fields))).json).toEqual(fields);
  });

  it('When unknown or invalid fields are sent, then 400 names each bad field', async () => {
    const { response, json } = await post('/claim', new URLSearchParams({ nom: 'Martin', email: 'nope', role: 'x' }));
    expect(response.status).toBe(400);
    expect(json).toEqual({
      status: 'error',
      message: 'Invalid request',
      fields: { email: 'Invalid e-mail', role: 'Unknown field' },
      code: 'invalid_fields',
    });
  });

  it('When the schema is a strict object already, then fields are parsed and bad or unknown ones named alike', async () => {
    const fields = { nom: 'Martin', email: 'martin@example.com' };
    expect((await post('/strict-claim', new URLSearchParams(fields))).json).toEqual(fields);
    const { response, json } = await post(
      '/strict-claim',
      new URLSearchParams({ nom: 'Martin', email: 'nope', role: 'x' }),
    );
    expect(response.status).toBe(400);
    expect(json).toEqual({
      status: 'error',
      message: 'Invalid request',
      fields: { email: 'Invalid e-mail', role: 'Unknown field' },
      code: 'invalid_fields',
    });
  });

  it('When a fields-only form carries a file, then unexpected_file answers', async () => {
    const { response } = await post(
      '/claim',
      form(
        { nom: 'Martin', email: 'martin@example.com' },
        { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' },
      ),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upload-error')).toBe('unexpected_file');
  });
});

describe('forms with several files', () => {
  function withFiles(
    fields: Record<string, string>,
    files: { bytes: Buffer; name: string; type: string; field?: string }[],
  ) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const file of files)
      body.append(file.field ?? 'pieces', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return body;
  }

  it('When up to the most files are sent, then each is stored with its own type, in order; none at all also passes', async () => {
    const files = [
      { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' },
      { bytes: await samplePng(), name: 'b.png', type: 'image/png' },
      { bytes: await sampleJpeg(), name: 'c.jpg', type: 'image/jpeg' },
    ];
    const { response, json } = await post('/attachments', withFiles({ dossier: 'SI-0000003' }, files));
    expect(response.status).toBe(200);
    const received = json['files'] as { key: string; originalName: string; mime: string; size: number }[];
    expect(received.map(({ originalName, mime, size }) => ({ originalName, mime, size }))).toEqual(
      files.map((file) => ({ originalName: file.name, mime: file.type, size: file.bytes.length })),
    );
    for (const [index, file] of received.entries()) expect(await storedBytes(file.key)).toEqual(files[index]?.bytes);
    for (const file of received) await store.remove(file.key);

    const none = await post('/attachments', withFiles({ dossier: 'SI-0000003' }, []));
    expect(none.json).toEqual({ fields: { dossier: 'SI-0000003' }, files: [] });
  });

  it('When one file too many is sent, then too_many_files answers and none of them is kept', async () => {
    const files = Array.from({ length: 4 }, (_, index) => ({
      bytes: samplePdf(),
      name: `${index}.pdf`,
      type: 'application/pdf',
    }));
    const { response } = await post('/attachments', withFiles({ dossier: 'SI-0000003' }, files));
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upload-error')).toBe('too_many_files');
    await vi.waitFor(() => expect(store.contents()).toEqual([]));
  });

  it('When the second file is not a PDF, PNG or JPEG, then unsupported_format answers and the first is removed too', async () => {
    const { response } = await post(
      '/attachments',
      withFiles({ lang: 'de', dossier: 'SI-0000003' }, [
        { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' },
        { bytes: Buffer.from('MZ not really an executable'.repeat(50)), name: 'b.pdf', type: 'application/pdf' },
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upload-error')).toBe('unsupported_format');
    expect(response.headers.get('x-body-lang')).toBe('de');
    await vi.waitFor(() => expect(store.contents()).toEqual([]));
  });

  it('When a file comes in another field, then unexpected_file answers and nothing is kept', async () => {
    const { response } = await post(
      '/attachments',
      withFiles({ dossier: 'SI-0000003' }, [
        { bytes: samplePdf(), name: 'a.pdf', type: 'application/pdf' },
        { bytes: samplePdf(), name: 'b.pdf', type: 'application/pdf', field: 'autre' },
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-upload-error')).toBe('unexpected_file');
    await vi.waitFor(() => expect(store.contents()).toEqual([]));
  });
});
