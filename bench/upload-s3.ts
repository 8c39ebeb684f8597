import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { PARTNER_API_BASE, PROOF_UPLOAD_FILE_FIELD } from '../contracts/partner-api.ts';
import { pdfOfSize } from '../server/files/test-support.ts';
import { MAX_UPLOAD_BYTES } from '../contracts/partner-api-base.ts';
import { createFakeSite } from '../server/test-support.ts';
import { startListening } from './processes.ts';
import { type BenchRow, benchRow } from './results.ts';
import type { UploadClientJob } from './upload-client.ts';

/**
 * A proof of the largest size accepted (37.5 MB) uploaded through POST justificatifs of a `node
 * server/index.ts` process whose file store is S3 (s3rver, the S3-compatible store the tests use):
 * multipart parsing, type sniffing, hashing and the multipart upload to S3, streamed. Against a
 * plain PutObject of the same bytes from the bench process with the AWS SDK, and against a plain
 * multipart upload of the same bytes in the portal's part size (the portal streams a file whose
 * length it does not know yet: it cannot send one PUT). Seconds of each, after one warm-up.
 */

/** The part size of server/files/store.ts's S3 uploads. */
const PART_BYTES = 8 * 1024 * 1024;

const BUCKET = 'claim-files';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3UploadFigures {
  fileBytes: number;
  runs: number;
  /** Seconds of one upload through the portal. */
  uploadSeconds: number;
  /** Seconds of one plain PutObject of the same bytes. */
  putSeconds: number;
  /** Seconds of one plain multipart upload of the same bytes in PART_BYTES parts, sent one after another. */
  multipartSeconds: number;
}

/** Seconds the client worker takes for `runs` uploads (after one warm-up upload). */
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

export async function measureS3Upload({ quick }: { quick: boolean }): Promise<S3UploadFigures> {
  // The largest file accepted: MAX_UPLOAD_BYTES and more are refused.
  const fileBytes = quick ? 5_000_000 : MAX_UPLOAD_BYTES - 1;
  const runs = quick ? 1 : 5;
  const root = mkdtempSync(join(tmpdir(), 'claim-portal-bench-s3-'));
  const site = createFakeSite();
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(root, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  const s3Url = `http://127.0.0.1:${port}`;
  try {
    const portal = await startListening('server/index.ts', {
      DATA_DIR: join(root, 'data'),
      STATIC_DIR: site.staticDir,
      S3_URL: s3Url,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
    let uploadSeconds: number;
    try {
      uploadSeconds =
        (await runClient({
          url: `${portal.baseUrl}${PARTNER_API_BASE}/justificatifs`,
          fileBytes,
          runs,
          fileField: PROOF_UPLOAD_FILE_FIELD,
          fields: { type: '0', lang: 'fr' },
        })) / runs;
    } finally {
      await portal.stop();
    }

    const client = new S3Client({
      endpoint: s3Url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const body = Buffer.concat([...pdfOfSize(fileBytes)]);
    const put = (index: number) =>
      client.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: `bench/plain-${index}`,
          Body: body,
          ContentType: 'application/pdf',
        }),
      );
    await put(-1);
    const started = performance.now();
    for (let index = 0; index < runs; index += 1) await put(index);
    const putSeconds = (performance.now() - started) / 1000 / runs;
    const multipart = async (index: number) => {
      const Key = `bench/multipart-${index}`;
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket: BUCKET, Key, ContentType: 'application/pdf' }),
      );
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let offset = 0, PartNumber = 1; offset < body.length; offset += PART_BYTES, PartNumber += 1) {
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket: BUCKET,
            Key,
            UploadId,
            PartNumber,
            Body: body.subarray(offset, offset + PART_BYTES),
          }),
        );
        parts.push({ ETag: ETag ?? '', PartNumber });
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    };
    await multipart(-1);
    const multipartStarted = performance.now();
    for (let index = 0; index < runs; index += 1) await multipart(index);
    const multipartSeconds = (performance.now() - multipartStarted) / 1000 / runs;
    client.destroy();
    return { fileBytes, runs, uploadSeconds, putSeconds, multipartSeconds };
  } finally {
    await s3.close();
    rmSync(root, { recursive: true, force: true });
    site.remove();
  }
}

export function s3UploadRows(figures: S3UploadFigures): BenchRow[] {
  const megabytes = figures.fileBytes / 1e6;
  return [
    benchRow(
      `Proof upload to S3, ${megabytes.toFixed(1)} MB, mean of ${figures.runs} (reference: plain S3 PutObject of the same bytes)`,
      'POST justificatifs streamed to S3 (s3rver), MB/s',
      megabytes / figures.uploadSeconds,
      'MB/s',
      { name: 'PutObject', value: megabytes / figures.putSeconds },
    ),
    benchRow(
      `Proof upload to S3, ${megabytes.toFixed(1)} MB, mean of ${figures.runs} (reference: plain S3 multipart upload of the same bytes, 8 MiB parts)`,
      'POST justificatifs streamed to S3 (s3rver), MB/s',
      megabytes / figures.uploadSeconds,
      'MB/s',
      { name: 'multipart', value: megabytes / figures.multipartSeconds },
    ),
  ];
}
