import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/**
 * Where uploaded files live: a local directory by default, an S3-compatible object store when
 * several server processes share the files. Callers record what they stored
 * (key, name, type, size) in the database; the store only holds bytes under a key.
 */
export interface FileStore {
  /** Stores the whole stream under `key`; a failed or interrupted put leaves nothing under `key`. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** Opens the file; throws StoredFileNotFoundError when nothing is stored under `key`. */
  get(key: string): Promise<Readable>;
  /** Deletes the file; removing a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
  /**
   * The space of the disk the files are written to, for the upload guard that refuses uploads
   * before that disk is full. Absent for stores without a disk of ours (S3).
   */
  diskSpace?(): Promise<DiskSpace>;
}

/** Size and free space of a disk, in bytes. */
export interface DiskSpace {
  totalBytes: number;
  /** What an unprivileged process may still write (statfs `bavail`, not `bfree`). */
  freeBytes: number;
}

/** Thrown by `get` for a key that holds no file. */
export class StoredFileNotFoundError extends Error {
  override name = 'StoredFileNotFoundError';
}

/** Lower-case letters, digits and inner dashes: no dot, no slash, so never a path outside the store. */
const FILE_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_KEY_LENGTH = 128;

/** Whether `key` is a well-formed storage key (as made by newFileKey). */
export function isFileKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && FILE_KEY.test(key);
}

/** A new unguessable storage key. Keys are generated here, never taken from a request. */
export function newFileKey(): string {
  return randomUUID();
}

function checkKey(key: string): void {
  // Keys are always generated, so a bad one is a programming error, not a client error.
  if (!isFileKey(key)) throw new Error(`Invalid file key: ${JSON.stringify(key.slice(0, 40))}`);
}

/** Partial files of a crashed process are swept once they are this old. */
const ABANDONED_PARTIAL_MS = 24 * 60 * 60 * 1000;

/**
 * Files in one local directory, each under its key. A put writes `.incoming/<key>.<random>` first,
 * flushes it to disk, then renames it: a crash mid-upload never leaves a partial file under a key.
 */
export class LocalFileStore implements FileStore {
  readonly rootDir: string;
  readonly #incomingDir: string;
  #swept = false;

  constructor(rootDir: string) {
    this.rootDir = resolve(rootDir);
    this.#incomingDir = join(this.rootDir, '.incoming');
  }

  async put(key: string, body: Readable, _contentType: string): Promise<void> {
    checkKey(key);
    await mkdir(this.#incomingDir, { recursive: true });
    if (!this.#swept) {
      this.#swept = true;
      void this.#removeAbandonedPartials();
    }
    const partial = join(this.#incomingDir, `${key}.${randomUUID()}`);
    try {
      // `flush` syncs the file to disk before it is closed, so a renamed file is a complete file.
      await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }));
      await rename(partial, this.#pathOf(key));
    } catch (error) {
      body.destroy();
      await rm(partial, { force: true });
      throw error;
    }
    await this.#syncRoot();
  }

  async get(key: string): Promise<Readable> {
    checkKey(key);
    // Opening first turns a missing file into an error of get(), not of the stream later.
    const handle = await open(this.#pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new StoredFileNotFoundError(`No stored file under ${key}`);
      throw error;
    });
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    checkKey(key);
    await rm(this.#pathOf(key), { force: true });
  }

  async diskSpace(): Promise<DiskSpace> {
    await mkdir(this.rootDir, { recursive: true });
    const disk = await statfs(this.rootDir);
    return { totalBytes: disk.blocks * disk.bsize, freeBytes: disk.bavail * disk.bsize };
  }

  #pathOf(key: string): string {
    return join(this.rootDir, key);
  }

  /** Makes the rename itself durable; some platforms cannot open a directory, which is harmless. */
  async #syncRoot(): Promise<void> {
    try {
      const directory = await open(this.rootDir, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    } catch {
      // The file content is already synced; only the rename's durability is best effort here.
    }
  }

  /** Partial files left by a process that crashed mid-upload (best effort, once per process). */
  async #removeAbandonedPartials(): Promise<void> {
    try {
      const now = Date.now();
      for (const name of await readdir(this.#incomingDir)) {
        const path = join(this.#incomingDir, name);
        const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
        if (now - mtimeMs > ABANDONED_PARTIAL_MS) await rm(path, { force: true });
      }
    } catch {
      // A later process start tries again.
    }
  }
}

export interface S3FileStoreOptions {
  /** Endpoint of the object store. Example: "https://s3.eu-west-3.amazonaws.com". */
  endpoint: string;
  bucket: string;
  /** Default "us-east-1", which S3-compatible stores usually accept. */
  region?: string | undefined;
  /** Without both keys, the AWS SDK's default credential chain applies (environment, instance role…). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Bytes held in memory per upload before they are sent as one part; S3 needs at least 5 MiB. */
  partBytes?: number;
  /**
   * Parts of one upload sent while the next one is read (default 1). Memory per upload is at most
   * this many parts plus one.
   */
  partsInFlight?: number;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
/**
 * One part is sent while the next is read: sent one at a time, reading waited for each part's
 * answer, and an upload took the time to receive it plus the time to store it.
 */
const DEFAULT_PARTS_IN_FLIGHT = 1;

function isNoSuchKey(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/**
 * Files in an S3-compatible bucket. The upload's length is unknown while it streams, and PutObject
 * needs it, so a put buffers parts: a file smaller than a part is sent with PutObject, a larger
 * one as a multipart upload whose next part is read while the last one is sent (memory per upload
 * stays under partsInFlight + 1 parts; reading waits when the store is slower than the client).
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly #partBytes: number;
  readonly #partsInFlight: number;

  constructor(options: S3FileStoreOptions) {
    const { accessKeyId, secretAccessKey } = options;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region ?? 'us-east-1',
      forcePathStyle: true,
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // Many S3-compatible stores reject the SDK's default extra checksums; S3 does not need them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.#partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
    if (this.#partBytes < MIN_PART_BYTES) throw new Error(`partBytes must be at least ${MIN_PART_BYTES}`);
    this.#partsInFlight = options.partsInFlight ?? DEFAULT_PARTS_IN_FLIGHT;
    if (!Number.isInteger(this.#partsInFlight) || this.#partsInFlight < 1) {
      throw new Error('partsInFlight must be a whole number of 1 or more');
    }
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    checkKey(key);
    let chunks: Buffer[] = [];
    let buffered = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    /** Parts being sent, oldest first; each settles once its ETag is recorded. */
    const sending: Promise<void>[] = [];
    let partCount = 0;

    const sendPart = async (): Promise<void> => {
      const part = Buffer.concat(chunks, buffered);
      chunks = [];
      buffered = 0;
      if (uploadId === undefined) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
        );
        uploadId = created.UploadId;
      }
      partCount += 1;
      const PartNumber = partCount;
      const sent = this.client
        .send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber,
            Body: part,
            ContentLength: part.length,
          }),
        )
        .then(({ ETag }) => {
          parts.push({ ETag, PartNumber });
        });
      // A failure is seen where the part is awaited (below, or in the final wait); never unhandled meanwhile.
      sent.catch(() => undefined);
      sending.push(sent);
      // The body is read on while up to partsInFlight parts are sent; one more, and reading waits for the oldest.
      while (sending.length > this.#partsInFlight) await sending.shift();
    };

    try {
      for await (const chunk of body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        chunks.push(bytes);
        buffered += bytes.length;
        if (buffered >= this.#partBytes) await sendPart();
      }
      if (uploadId === undefined) {
        const whole = Buffer.concat(chunks, buffered);
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: whole,
            ContentLength: whole.length,
            ContentType: contentType,
          }),
        );
        return;
      }
      if (buffered > 0) await sendPart();
      while (sending.length > 0) await sending.shift();
      parts.sort((a, b) => a.PartNumber - b.PartNumber);
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      body.destroy();
      // Parts still being sent settle first, so that none of them lands after the abort.
      await Promise.allSettled(sending);
      if (uploadId !== undefined) {
        // Best effort: some S3-compatible stores cannot abort; a bucket lifecycle rule that expires
        // incomplete multipart uploads is the safety net. No object exists under the key either way.
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    checkKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('The object store answered without a body stream');
      return answer.Body;
    } catch (error) {
      if (isNoSuchKey(error)) throw new StoredFileNotFoundError(`No stored file under ${key}`);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

/** Whether `inner` is `outer` or inside it. */
function isInside(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/**
 * The deployment's file store: S3 when S3_URL is set, else `DATA_DIR/files`. Refuses a local
 * directory inside the served static folder, where uploaded files could be fetched directly.
 */
export function createFileStore(
  config: Pick<
    Config,
    'DATA_DIR' | 'STATIC_DIR' | 'S3_URL' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
  >,
): FileStore {
  if (config.S3_URL !== undefined) {
    if (config.S3_BUCKET === undefined) throw new Error('S3_BUCKET must be set when S3_URL is set');
    return new S3FileStore({
      endpoint: config.S3_URL,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  const rootDir = resolve(config.DATA_DIR, 'files');
  if (isInside(rootDir, resolve(config.STATIC_DIR))) {
    throw new Error(`The file store ${rootDir} must not be inside the served folder STATIC_DIR`);
  }
  return new LocalFileStore(rootDir);
}
