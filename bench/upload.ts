import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { handleErrors } from '../server/errors.ts';
import { LocalFileStore } from '../server/files/store.ts';
import { pdfOfSize } from '../server/files/test-support.ts';
import { receiveMultipart } from '../server/files/upload.ts';
import { createLogger } from '../server/logger.ts';
import type { UploadClientJob } from './upload-client.ts';

/** Issue 3 §10: upload throughput of a 30 MB file, as a ratio of plain disk write speed. */

const FILE_BYTES = 30_000_000;
const RUNS = 5;
/** Chunks of the disk baseline, the size Node's streams use by default. */
const CHUNK_BYTES = 64 * 1024;

export interface UploadThroughput {
  /** Megabytes (10^6 bytes) per second of file content, over loopback HTTP into the local file store. */
  uploadMBps: number;
  /** The same bytes streamed to a file with `fs.createWriteStream`. */
  diskMBps: number;
  /** The same, synced to disk before closing, as the file store does for every upload. */
  syncedDiskMBps: number;
  /** uploadMBps / diskMBps. */
  ratio: number;
  /** uploadMBps / syncedDiskMBps. */
  syncedRatio: number;
}

/** Seconds the client worker takes for `RUNS` uploads (after one warm-up upload). */
function runClient(job: UploadClientJob): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./upload-client.ts', import.meta.url), { workerData: job });
    worker.once('message', (seconds: number) => {
      resolve(seconds);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`upload client exited with code ${code}`)));
  });
}

/** Seconds that `RUNS` disk writes of `bytes` take (after one warm-up write). */
async function timeDiskWrites(directory: string, bytes: Buffer, flush: boolean): Promise<number> {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES)
    chunks.push(bytes.subarray(start, start + CHUNK_BYTES));
  const write = (index: number) =>
    pipeline(Readable.from(chunks), createWriteStream(join(directory, `disk-${flush}-${index}`), { flush }));
  await write(-1);
  const start = process.hrtime.bigint();
  for (let index = 0; index < RUNS; index++) await write(index);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * Uploads a 30 MB PDF-headed file 5 times through receiveMultipart (busboy, type sniffing,
 * SHA-256, local file store with fsync) over loopback, from a client in a worker thread; then
 * streams the same bytes to disk 5 times, plain and synced.
 */
export async function measureUploadThroughput(): Promise<UploadThroughput> {
  const root = mkdtempSync(join(tmpdir(), 'claim-portal-bench-upload-'));
  const store = new LocalFileStore(join(root, 'files'));
  const app = express();
  app.post('/upload', async (request: Request, response: Response) => {
    const { file } = await receiveMultipart(request, { fields: z.object({}), file: { fieldName: 'fichier' }, store });
    await store.remove(file.key);
    response.json({ size: file.size });
  });
  app.use(handleErrors(createLogger('silent')));
  const server = app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
    const uploadSeconds = await runClient({ url, fileBytes: FILE_BYTES, runs: RUNS });

    const fileBytes = Buffer.concat([...pdfOfSize(FILE_BYTES)]);
    const diskSeconds = await timeDiskWrites(root, fileBytes, false);
    const syncedDiskSeconds = await timeDiskWrites(root, fileBytes, true);

    const megabytes = (RUNS * FILE_BYTES) / 1e6;
    const uploadMBps = megabytes / uploadSeconds;
    const diskMBps = megabytes / diskSeconds;
    const syncedDiskMBps = megabytes / syncedDiskSeconds;
    return {
      uploadMBps,
      diskMBps,
      syncedDiskMBps,
      ratio: uploadMBps / diskMBps,
      syncedRatio: uploadMBps / syncedDiskMBps,
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  }
}
