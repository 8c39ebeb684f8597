import { request as httpRequest } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { pdfOfSize } from '../server/files/test-support.ts';

/**
 * The client side of the upload bench, run in a worker thread so that building and sending the
 * requests does not share the server's event loop. Posts back the seconds the timed runs took.
 */

export interface UploadClientJob {
  url: string;
  fileBytes: number;
  runs: number;
  /** The file's field; "fichier" unless set. */
  fileField?: string;
  /** Text fields sent before the file. */
  fields?: Record<string, string>;
}

function multipartBody(boundary: string, job: UploadClientJob): Buffer {
  const fields = Object.entries(job.fields ?? {}).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(
      `${fields.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${job.fileField ?? 'fichier'}"; filename="bench.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    ...pdfOfSize(job.fileBytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

function upload(url: string, boundary: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`upload answered ${response.statusCode}`)),
      );
    });
    request.end(body);
  });
}

const job = workerData as UploadClientJob;
const { url, runs } = job;
// A boundary as long as browsers make, which the multipart parser's search relies on.
const boundary = '----ClaimPortalBench7MA4YWxkTrZu0gW';
const body = multipartBody(boundary, job);
await upload(url, boundary, body);
const start = process.hrtime.bigint();
for (let run = 0; run < runs; run++) await upload(url, boundary, body);
parentPort?.postMessage(Number(process.hrtime.bigint() - start) / 1e9);
