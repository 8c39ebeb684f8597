import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import fc from 'fast-check';
import { PDF_HEADER } from '../files/test-support.ts';
import { hostileString } from './hostile-values.ts';

/**
 * How a generated value reaches the server: as a query string, a JSON body, an urlencoded or
 * multipart form (with file parts), a path segment or a cookie, each with its malformed variants
 * (repeated keys, `%ZZ`, wrong content types, broken JSON, broken multipart). Each encoder also
 * answers the server's view of what it sent (what Express's parsers make of it), so the caller
 * can tell a valid request from an invalid one with the schema itself.
 */

/** A request exactly as it is written on the wire (the path is not normalised: `..` stays). */
export interface FuzzRequest {
  method: string;
  /** Path and query string, raw. Example: "/partenaire/api/v2/declare/pays?lang=en&lang=de". */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** What the server answered; `status` 0 when the connection ended without an answer. */
export interface FuzzResponse {
  status: number;
  contentType: string;
  /** The JSON answer, when it was JSON. */
  json: unknown;
  /** Why no answer came (connection reset, timeout), when `status` is 0. */
  error?: string;
}

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as a browser sends it). */
function percentEncode(text: string): string {
  // Native and fast (100 kB strings are common here); only lone surrogates make it throw.
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(
      text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
    );
  }
}

/** A value as the text a form or query field carries. */
function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  if (value === null || typeof value !== 'object') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Name/value pairs of a form or query: arrays repeat their key, objects are JSON, a bare value has no name. */
export function fieldPairs(value: unknown): [string, string][] {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (Array.isArray(value) && value.length <= 50) return value.map((item, index) => [String(index), fieldText(item)]);
    return [['', fieldText(value)]];
  }
  const pairs: [string, string][] = [];
  for (const [name, field] of Object.entries(value)) {
    if (field === undefined) continue;
    if (Array.isArray(field) && field.length <= 50) for (const item of field) pairs.push([name, fieldText(item)]);
    else pairs.push([name, fieldText(field)]);
  }
  return pairs;
}

/** Raw query-string fragments no encoder writes: malformed escapes, repeated and prototype keys. */
const RAW_QUERY_JUNK = [
  '',
  '',
  '',
  '&%ZZ=1',
  '&a=%',
  '&lang=en&lang=de',
  '&lang[]=en',
  '&=',
  '&&&',
  '&__proto__=x',
  '&__proto__[polluted]=1',
  '&constructor[prototype][polluted]=1',
  '&%00=%00',
  '&a[]=1&a[]=2',
  '&%E0%A4%A=1',
  '&lang=%C0%AE',
  '&numero=SO-1&numero=SO-2',
  '&page=1&page=2',
];

/** A query string (without `?`) carrying `value`, plus raw junk. */
export const queryJunk: fc.Arbitrary<string> = fc.constantFrom(...RAW_QUERY_JUNK);

export function encodeQuery(value: unknown, junk: string): string {
  const encoded = fieldPairs(value)
    .map(([name, field]) => (name === '' ? percentEncode(field) : `${percentEncode(name)}=${percentEncode(field)}`))
    .join('&');
  return `${encoded}${junk}`;
}

/** Express 5's view of a query string (its default "simple" parser is node:querystring). */
export function serverQueryView(query: string): Record<string, unknown> {
  return { ...parseQueryString(query) };
}

/** Malformed or surprising JSON texts. */
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  '{"a":NaN}',
  '{"a":Infinity}',
  "{'a':1}",
  '\ufeff{}',
  '{"a":1}{"b":2}',
  'null',
  'true',
  '"text"',
  '1e999',
  '-0',
  '[]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '',
  ' ',
  '\u0000',
];

/** A content type a client may claim, with the body written as JSON. */
const CONTENT_TYPES_FOR_JSON = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  '',
  'application/json, text/html',
  'APPLICATION/JSON',
];

/** A JSON body of `value`, or a malformed text; the server's view is the parsed JSON, or undefined. */
export const jsonBodyArbitrary = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        text: value.map((item) => {
          try {
            return JSON.stringify(item) ?? 'undefined';
          } catch {
            return String(item);
          }
        }),
        contentType: fc.constantFrom(...CONTENT_TYPES_FOR_JSON),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        text: fc.constantFrom(...MALFORMED_JSON),
        contentType: fc.constantFrom(...CONTENT_TYPES_FOR_JSON),
      }),
    },
  );

/** What express.json() hands the route for this body (its size limit aside), or undefined when it refuses it. */
export function serverJsonView(text: string, contentType: string): unknown {
  if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(contentType)) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    // body-parser's strict mode accepts only objects and arrays.
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A file part of a multipart body. */
export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Ways a multipart body is broken on purpose. */
export type MultipartDamage =
  | 'none'
  | 'no-closing-boundary'
  | 'truncated'
  | 'no-disposition'
  | 'other-boundary'
  | 'no-boundary-parameter'
  | 'lf-only'
  | 'quoted-name-broken';

/**
 * What a quoted multipart header parameter (a field or file name) cannot hold as is: written raw,
 * it breaks the header (the `quoted-name-broken` damage), so busboy may skip the part or read
 * another name.
 */
export const BREAKS_QUOTED_PARAMETER = /["\r\n\\]/;

/** Writes a multipart body; `damage` breaks it in one known way. Answers its content type and bytes. */
export function encodeMultipart(
  pairs: readonly [string, string][],
  files: readonly FilePart[],
  damage: MultipartDamage = 'none',
): { contentType: string; body: Buffer } {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const written = damage === 'other-boundary' ? `${boundary}x` : boundary;
  const newline = damage === 'lf-only' ? '\n' : '\r\n';
  const quote = (text: string) =>
    damage === 'quoted-name-broken' ? text : text.replaceAll(new RegExp(BREAKS_QUOTED_PARAMETER, 'g'), '_');
  const chunks: Buffer[] = [];
  const head = (disposition: string, type?: string) =>
    Buffer.from(
      `--${written}${newline}${damage === 'no-disposition' ? '' : `Content-Disposition: ${disposition}${newline}`}${
        type ? `Content-Type: ${type}${newline}` : ''
      }${newline}`,
      'utf8',
    );
  for (const [name, value] of pairs) {
    chunks.push(head(`form-data; name="${quote(name)}"`), Buffer.from(value, 'utf8'), Buffer.from(newline));
  }
  for (const file of files) {
    chunks.push(
      head(`form-data; name="${quote(file.field)}"; filename="${quote(file.filename)}"`, file.contentType),
      file.bytes,
      Buffer.from(newline),
    );
  }
  if (damage !== 'no-closing-boundary' && damage !== 'truncated') chunks.push(Buffer.from(`--${written}--${newline}`));
  let body = Buffer.concat(chunks);
  if (damage === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
  const contentType =
    damage === 'no-boundary-parameter' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
  return { contentType, body };
}

/** An urlencoded body of the pairs. */
export function encodeUrlencoded(pairs: readonly [string, string][]): Buffer {
  return Buffer.from(pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&'));
}

/** The fields a form parser (busboy) hands the route: a repeated name becomes a list. */
export function serverFormView(pairs: readonly [string, string][]): Record<string, unknown> {
  const view = new Map<string, string | string[]>();
  for (const [name, value] of pairs) {
    const previous = view.get(name);
    view.set(name, previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]);
  }
  return Object.fromEntries(view);
}

/** Files an attacker attaches: real PDF headers or anything else, odd names, from empty to 256 kB. */
export const filePartArbitrary = (fields: readonly string[]): fc.Arbitrary<FilePart> =>
  fc.record({
    field: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fields) },
      { weight: 1, arbitrary: hostileString.map((name) => name.slice(0, 200)) },
    ),
    filename: fc.oneof(
      fc.constantFrom(
        'proof.pdf',
        '../../../etc/passwd',
        '..\\..\\boot.ini',
        'a\u0000.pdf',
        '',
        '.pdf',
        'x'.repeat(1000),
        'é😀\u202e.pdf',
        'CON',
        'proof.pdf\r\nX-Injected: 1',
      ),
      hostileString.map((name) => name.slice(0, 300)),
    ),
    contentType: fc.constantFrom(
      'application/pdf',
      'image/png',
      'image/jpeg',
      'text/html',
      'application/octet-stream',
      '',
    ),
    bytes: fc.oneof(
      fc.constant(Buffer.alloc(0)),
      fc.nat(256 * 1024).map((size) => Buffer.concat([PDF_HEADER, Buffer.alloc(size, 0x20)])),
      fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.from('<html><script>alert(1)</script></html>')),
      fc.constant(Buffer.from('%PDF-')),
    ),
  });

/** Path segments: valid-looking ones from the caller, encoded hostile strings, and raw malformed escapes. */
export function pathSegmentArbitrary(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(percentEncode) },
    { weight: 3, arbitrary: hostileString.map((text) => percentEncode(text.slice(0, 4000))) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '%00',
        '%ZZ',
        '%',
        '..',
        '.',
        '%2e%2e',
        '%2F',
        '..%2F..%2F',
        '%C0%AE',
        '%E0%A4%A',
        'SI-0000003%00',
        'SI-0000003%ZZ',
        '%20SI-0000003',
        '-1',
        '0',
        '1e3',
        '9999999999999999999999',
        'NaN',
        'Infinity',
        '__proto__',
        'constructor',
        'x'.repeat(3000),
      ),
    },
  );
}

/** Cookie headers: none, malformed `bo_session` values, duplicates, huge ones. */
export const hostileCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'bo_session=',
    'bo_session=%',
    'bo_session=%E0%A4%A',
    'bo_session=%ZZ',
    'bo_session=%00',
    'bo_session="unterminated',
    'bo_session=a; bo_session=b',
    `bo_session=${'A'.repeat(5000)}`,
    '=;;;',
    ';',
    'bo_session',
    'bo_session==',
    '__proto__=1; constructor=2',
    'bo_session=%C0%AE%C0%AE',
  ),
  hostileString.map((text) => `bo_session=${text.slice(0, 200)}`),
);

/** A header value Node's HTTP client accepts: what it refuses to write is replaced by `?`. */
export function headerSafe(text: string): string {
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

/**
 * Sends one request and reads its answer. A kept-alive connection the server has just closed
 * (after refusing an earlier request on it) resets the next request before the server reads it:
 * such a reset is retried once on a new connection, so only a request the server itself cut
 * counts as unanswered.
 */
export async function send(baseUrl: string, fuzz: FuzzRequest, timeoutMs = 30_000): Promise<FuzzResponse> {
  const answer = await sendOnce(baseUrl, fuzz, timeoutMs, agent);
  if (answer.status !== 0 || !/ECONNRESET|socket hang up|EPIPE/.test(answer.error ?? '')) return answer;
  return sendOnce(baseUrl, fuzz, timeoutMs, false);
}

/** One attempt, on a kept-alive connection of `via` or (false) a new one. */
function sendOnce(baseUrl: string, fuzz: FuzzRequest, timeoutMs: number, via: Agent | false): Promise<FuzzResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let answered = false;
    const finish = (response: FuzzResponse) => {
      if (answered) return;
      answered = true;
      resolve(response);
    };
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(fuzz.headers)) if (value !== '') headers[name] = headerSafe(value);
    if (fuzz.body) headers['content-length'] = String(fuzz.body.length);
    let outgoing: ReturnType<typeof httpRequest>;
    try {
      outgoing = httpRequest(
        { agent: via, host: url.hostname, port: url.port, method: fuzz.method, path: fuzz.path, headers },
        (incoming) => {
          const chunks: Buffer[] = [];
          let size = 0;
          incoming.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= 1024 * 1024) chunks.push(chunk);
          });
          incoming.on('error', () => undefined);
          incoming.on('end', () => {
            const contentType = String(incoming.headers['content-type'] ?? '');
            let json: unknown;
            if (contentType.includes('json')) {
              try {
                json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                json = undefined;
              }
            }
            finish({ status: incoming.statusCode ?? 0, contentType, json });
          });
        },
      );
    } catch (error) {
      // The client itself refuses the request (a path Node will not write): nothing was sent.
      finish({ status: -1, contentType: '', json: undefined, error: (error as Error).message });
      return;
    }
    outgoing.setTimeout(timeoutMs, () => {
      finish({ status: 0, contentType: '', json: undefined, error: `no answer within ${timeoutMs} ms` });
      outgoing.destroy();
    });
    outgoing.on('error', (error) => {
      // A refusal mid-body closes the connection: the answer may already be on its way.
      setTimeout(() => finish({ status: 0, contentType: '', json: undefined, error: error.message }), 200);
    });
    outgoing.end(fuzz.body);
  });
}
