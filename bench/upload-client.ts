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
}

function multipartBody(boundary: string, fileBytes: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="bench.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    ...pdfOfSize(fileBytes),
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

const { url, fileBytes, runs } = workerData as UploadClientJob;
// A boundary as long as browsers make, which the multipart parser's search relies on.
const boundary = '----ClaimPortalBench7MA4YWxkTrZu0gW';
const body = multipartBody(boundary, fileBytes);
await upload(url, boundary, body);
const start = process.hrtime.bigint();
for (let run = 0; run < runs; run++) await upload(url, boundary, body);
parentPort?.postMessage(Number(process.hrtime.bigint() - start) / 1e9);
