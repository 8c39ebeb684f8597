import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFileStore,
  type FileStore,
  isFileKey,
  LocalFileStore,
  newFileKey,
  S3FileStore,
  StoredFileNotFoundError,
} from './store.ts';
import { pdfOfSize } from './test-support.ts';

const PART_BYTES = 5 * 1024 * 1024;

let root: string;
let s3: S3rver;
let s3Url: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'claim-portal-store-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(root, 's3'),
    configureBuckets: [{ name: 'claim-files' }],
  });
  const { port } = await s3.run();
  s3Url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that sends `bytes`, then fails, as an upload cut off or refused mid-way. */
function failingBody(bytes: number): Readable {
  const body = new PassThrough();
  // In network-sized chunks, so that a multipart upload sends parts while the body still streams.
  for (const chunk of pdfOfSize(bytes, 64 * 1024)) body.write(chunk);
  setTimeout(() => body.destroy(new Error('upload refused')), 50);
  return body;
}

const stores: [string, () => FileStore][] = [
  ['LocalFileStore', () => new LocalFileStore(join(root, 'local'))],
  [
    'S3FileStore',
    () =>
      new S3FileStore({
        endpoint: s3Url,
        bucket: 'claim-files',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        partBytes: PART_BYTES,
      }),
  ],
];

describe.each(stores)('%s', (_name, makeStore) => {
  it('When a file is put, then get streams the same bytes back', async () => {
    const store = makeStore();
    const key = newFileKey();
    const bytes = Buffer.from('%PDF-1.4 a small proof\n');
    await store.put(key, Readable.from([bytes]), 'application/pdf');
    expect(await readAll(await store.get(key))).toEqual(bytes);
  });

  it('When a file of unknown length spans several parts, then it is stored whole', async () => {
    const store = makeStore();
    const key = newFileKey();
    const size = 2 * PART_BYTES + 12_345;
    await store.put(key, Readable.from(pdfOfSize(size, 64 * 1024)), 'application/pdf');
    const stored = await readAll(await store.get(key));
    expect(stored.length).toBe(size);
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('When a key holds nothing, then get throws StoredFileNotFoundError', async () => {
    await expect(makeStore().get(newFileKey())).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('When a file is removed, then it is gone, and removing it again is not an error', async () => {
    const store = makeStore();
    const key = newFileKey();
    await store.put(key, Readable.from([Buffer.from('%PDF-1.4')]), 'application/pdf');
    await store.remove(key);
    await store.remove(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it.each([
    ['small', 1000],
    ['multipart', PART_BYTES + 1000],
    ['multipart with parts still being sent', 3 * PART_BYTES + 1000],
  ])('When a %s upload fails mid-way, then put rejects and nothing is stored under the key', async (_size, bytes) => {
    const store = makeStore();
    const key = newFileKey();
    await expect(store.put(key, failingBody(bytes), 'application/pdf')).rejects.toThrow('upload refused');
    await expect(store.get(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it.each(['../etc/passwd', 'a/b', '.incoming', 'Key', 'a.pdf', '', 'x'.repeat(129)])(
    'When the key is %j, then every operation refuses it',
    async (key) => {
      const store = makeStore();
      await expect(store.put(key, Readable.from([Buffer.from('x')]), 'application/pdf')).rejects.toThrow(
        'Invalid file key',
      );
      await expect(store.get(key)).rejects.toThrow('Invalid file key');
      await expect(store.remove(key)).rejects.toThrow('Invalid file key');
    },
  );
});

describe('LocalFileStore', () => {
  it('When a put is still streaming, then nothing is under the key yet; when it fails, no partial file is left', async () => {
    const store = new LocalFileStore(join(root, 'partial'));
    const key = newFileKey();
    const body = new PassThrough();
    const put = store.put(key, body, 'application/pdf');
    body.write(Buffer.alloc(100_000, 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(join(store.rootDir, key))).toBe(false);
    expect(readdirSync(join(store.rootDir, '.incoming'))).toHaveLength(1);
    body.destroy(new Error('crash'));
    await expect(put).rejects.toThrow('crash');
    expect(readdirSync(store.rootDir)).toEqual(['.incoming']);
    expect(readdirSync(join(store.rootDir, '.incoming'))).toEqual([]);
  });
});

describe('keys', () => {
  it('When a key is generated, then it is a UUID that the stores accept', () => {
    const key = newFileKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(isFileKey(key)).toBe(true);
  });
});

describe('createFileStore', () => {
  const base = { DATA_DIR: join(tmpdir(), 'claim-portal-data'), STATIC_DIR: 'dist' };

  it('When S3_URL is set, then files go to the S3 bucket', () => {
    const store = createFileStore({
      ...base,
      S3_URL: 'http://127.0.0.1:9000',
      S3_BUCKET: 'claim-files',
      S3_REGION: undefined,
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(store).toBeInstanceOf(S3FileStore);
    expect((store as S3FileStore).bucket).toBe('claim-files');
  });

  it('When S3_URL is not set, then files go to DATA_DIR/files', () => {
    const store = createFileStore({
      ...base,
      S3_URL: undefined,
      S3_BUCKET: undefined,
      S3_REGION: undefined,
      S3_ACCESS_KEY_ID: undefined,
      S3_SECRET_ACCESS_KEY: undefined,
    });
    expect(store).toBeInstanceOf(LocalFileStore);
    expect((store as LocalFileStore).rootDir).toBe(join(base.DATA_DIR, 'files'));
  });

  it('When DATA_DIR is inside the served folder, then the store is refused', () => {
    expect(() =>
      createFileStore({
        DATA_DIR: join(tmpdir(), 'site', 'data'),
        STATIC_DIR: join(tmpdir(), 'site'),
        S3_URL: undefined,
        S3_BUCKET: undefined,
        S3_REGION: undefined,
        S3_ACCESS_KEY_ID: undefined,
        S3_SECRET_ACCESS_KEY: undefined,
      }),
    ).toThrow('must not be inside the served folder');
  });
});
