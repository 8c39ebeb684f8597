import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Real files and a streaming multipart client, shared by the file tests and the upload bench. */

/** A minimal but complete PDF (one empty page, with a correct cross-reference table). */
export function samplePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A real 16×12 image encoded by sharp (loaded on demand: the upload bench does not need it). */
async function sampleImage() {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 16, height: 12, channels: 3, background: '#1f4e8c' } });
}

export async function samplePng(): Promise<Buffer> {
  return (await sampleImage()).png().toBuffer();
}

export async function sampleJpeg(): Promise<Buffer> {
  return (await sampleImage()).jpeg().toBuffer();
}

/** The start of a PDF, to which padding is appended to reach a given size. */
export const PDF_HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/**
 * `size` bytes of a PDF-headed file, as chunks of at most `chunkBytes`. The padding chunk is one
 * buffer yielded again and again, so a large file costs no memory.
 */
export function* pdfOfSize(size: number, chunkBytes = 256 * 1024): Generator<Buffer> {
  yield PDF_HEADER.subarray(0, Math.min(size, PDF_HEADER.length));
  const padding = Buffer.alloc(chunkBytes, 0x20);
  for (let left = size - PDF_HEADER.length; left > 0; left -= chunkBytes) {
    yield left >= chunkBytes ? padding : padding.subarray(0, left);
  }
}

interface StreamedFile {
  field: string;
  filename: string;
  contentType: string;
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>;
}

export interface StreamedUploadOptions {
  fields?: Record<string, string>;
  file?: StreamedFile;
  /** Extra request headers. Example: { 'X-Forwarded-For': '203.0.113.7' }. */
  headers?: Record<string, string>;
  /** After this many bytes of the body, wait `delayMs` between chunks (a slow client). */
  slowAfterBytes?: number;
  delayMs?: number;
}

export interface StreamedUploadResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Body bytes handed to the connection when the answer's headers arrived. */
  sentWhenAnswered: number;
  /** Whether the whole body had been sent when the answer arrived. */
  finishedWhenAnswered: boolean;
  /** Body bytes sent before the client stopped (at the answer's end, or when the body was complete). */
  sentInAll: number;
}

/**
 * POSTs a multipart body over raw HTTP (chunked), writing the file as its chunks come and waiting
 * for the connection to drain. Stops sending as soon as the answer arrives, like a browser that
 * reads the answer while it uploads; the server closing the connection afterwards is not an error.
 */
export function streamUpload(url: string, options: StreamedUploadOptions): Promise<StreamedUploadResult> {
  const boundary = `----claim-portal-${randomUUID()}`;
  let sent = 0;
  let answered = false;
  let finished = false;
  let sentWhenAnswered = 0;

  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const closed = new Promise<void>((done) => request.once('close', done));
    const write = async (chunk: Buffer): Promise<boolean> => {
      if (answered || request.destroyed) return false;
      sent += chunk.length;
      if (!request.write(chunk)) await Promise.race([new Promise((done) => request.once('drain', done)), closed]);
      return !answered && !request.destroyed;
    };

    request.on('response', (response) => {
      answered = true;
      sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        // Like a client that stops uploading once it has the answer.
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(parts).toString('utf8'),
          sentWhenAnswered,
          finishedWhenAnswered: finished,
          sentInAll: sent,
        });
      });
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });

    const send = async (): Promise<void> => {
      for (const [name, value] of Object.entries(options.fields ?? {})) {
        const part = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
        if (!(await write(Buffer.from(part)))) return;
      }
      const { file } = options;
      if (file) {
        const header =
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`;
        if (!(await write(Buffer.from(header)))) return;
        for await (const chunk of file.chunks) {
          if (options.slowAfterBytes !== undefined && sent >= options.slowAfterBytes)
            await sleep(options.delayMs ?? 10);
          if (!(await write(chunk))) return;
        }
        if (!(await write(Buffer.from('\r\n')))) return;
      }
      if (!(await write(Buffer.from(`--${boundary}--\r\n`)))) return;
      finished = true;
      request.end();
    };
    send().catch((error: unknown) => {
      if (!answered) reject(error);
    });
  });
}

export interface SlowRequestOptions {
  /** Example: "POST". */
  method: string;
  /** Path and query. Example: "/partenaire/api/v2/declare/justificatifs". */
  path: string;
  headers: Record<string, string>;
  /** What the body sends at once, as chunks of a `Transfer-Encoding: chunked` body. */
  start: readonly (Buffer | string)[];
  /** Then one byte every this many ms; undefined: nothing more (a stalled body). */
  everyMs?: number;
  /** The client gives up (closes) after this long. */
  maxMs: number;
}

export interface SlowRequestResult {
  /** The answer's status, when one came before the connection closed. */
  status: number | undefined;
  /** The answer's body (JSON for the API). */
  body: string;
  /** From connecting to the first byte of the answer (or the close): how long the server kept it. */
  heldMs: number;
}

/**
 * A request over a raw connection whose chunked body sends `start`, then trickles (or stalls), the
 * way a slow-upload attacker holds a connection; resolves once the server answers and closes.
 */
export function slowRequest(baseUrl: string, options: SlowRequestOptions): Promise<SlowRequestResult> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const started = performance.now();
    let answer = Buffer.alloc(0);
    let answeredAt: number | undefined;
    const chunk = (data: Buffer | string): void => {
      const bytes = Buffer.from(data);
      if (!socket.destroyed)
        socket.write(Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]));
    };
    socket.on('connect', () => {
      const headers = Object.entries({ ...options.headers, Host: hostname, 'Transfer-Encoding': 'chunked' })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`${options.method} ${options.path} HTTP/1.1\r\n${headers}\r\n`);
      for (const part of options.start) chunk(part);
    });
    const trickle = options.everyMs === undefined ? undefined : setInterval(() => chunk(' '), options.everyMs);
    const giveUp = setTimeout(() => socket.destroy(), options.maxMs);
    socket.on('data', (data: Buffer) => {
      answeredAt ??= performance.now();
      answer = Buffer.concat([answer, data]);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      const text = answer.toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      const bodyStart = text.indexOf('\r\n\r\n');
      resolve({
        status: status === undefined ? undefined : Number(status),
        body: bodyStart < 0 ? '' : text.slice(bodyStart + 4),
        heldMs: Math.round((answeredAt ?? performance.now()) - started),
      });
    });
  });
}
