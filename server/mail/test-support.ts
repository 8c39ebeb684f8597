import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Test helpers of the mail module: a small RFC 822 / MIME reader, enough to check what the
 * transports produce (headers with RFC 2047 words, multipart bodies, quoted-printable and base64).
 */

export interface ParsedMessage {
  /** Header values by lowercase name, unfolded and decoded. */
  headers: Map<string, string>;
  /** The text/plain part, decoded, with LF line ends (MIME's canonical form has CRLF). */
  text: string;
  /** The text/html part, decoded. */
  html: string;
  /** Every leaf part (attachments included), decoded to bytes. */
  parts: { headers: Map<string, string>; content: Buffer }[];
}

/** Parses a raw message (CRLF or LF line ends). */
export function parseMessage(raw: string | Buffer): ParsedMessage {
  const parts = leafParts(typeof raw === 'string' ? raw : raw.toString('latin1'));
  const [top] = parts;
  if (!top) throw new Error('Empty message');
  const textOf = (type: string) =>
    parts
      .find((part) => (part.headers.get('content-type') ?? 'text/plain').startsWith(type))
      ?.content.toString('utf8')
      .replaceAll('\r\n', '\n') ?? '';
  return {
    headers: headersOf(raw),
    text: textOf('text/plain'),
    html: textOf('text/html'),
    parts,
  };
}

function splitHead(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? [raw.slice(0, match.index), raw.slice(match.index + match[0].length)] : [raw, ''];
}

function headersOf(raw: string | Buffer): Map<string, string> {
  const [head] = splitHead(typeof raw === 'string' ? raw : raw.toString('latin1'));
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function leafParts(raw: string): ParsedMessage['parts'] {
  const headers = headersOf(raw);
  const [, body] = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    // The line end before each boundary belongs to the boundary (RFC 2046 §5.1.1).
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => leafParts(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
  }
  return [
    {
      headers,
      content: decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit'),
    },
  ];
}

function decodeBody(body: string, encoding: string): Buffer {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''));
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(text.charCodeAt(index));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=`; adjacent words are joined before decoding. */
function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) => {
    const bytes = [...run.matchAll(word)].map(([, , encoding, data = '']) =>
      encoding?.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

/** One message an SMTP test server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Starts a real SMTP server on a free loopback port: no TLS, no authentication. `reject` may
 * answer a message with an SMTP error instead of accepting it (451: try again later, 550: refused).
 */
export async function startSmtpServer(
  reject: (message: ReceivedMail) => { code: number; text: string } | undefined = () => undefined,
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message: ReceivedMail = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        };
        const rejection = reject(message);
        if (rejection) {
          callback(
            Object.assign(new Error(rejection.text), {
              responseCode: rejection.code,
            }),
          );
          return;
        }
        received.push(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that goes away mid-message (a server killed with -9) resets its connection: the
  // message is not received, which is what a test observes. Without a listener, the SMTP
  // server's 'error' event would end the test process.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
