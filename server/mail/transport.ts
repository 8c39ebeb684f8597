import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Language } from '../../contracts/languages.ts';
import type { Config } from '../config.ts';
import type { OutboxAttachment } from '../db/public.ts';

/**
 * Where outbox mail goes: an SMTP server when SMTP_URL is set, otherwise RFC 822 `.eml` files
 * under `DATA_DIR/outbox/` (open them with any mail reader). The delivery worker owns retries;
 * a transport sends one message or throws.
 */

/** Sender when MAIL_FROM is not set. */
const DEFAULT_MAIL_FROM = 'Sinistre Assistance <no-reply@localhost>';

/** A small file sent with a mail, its bytes stored in the outbox row itself. */
export type MailAttachment = OutboxAttachment;

/** One outbox row, as a transport sends it. */
export interface OutgoingMail {
  /** Outbox row id: names the `.eml` file and makes the Message-ID. */
  id: number | string;
  /** When the row was written: with the id, a Message-ID that stays unique if ids restart. */
  createdAt: Date;
  lang: Language;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[] | undefined;
}

export interface MailTransport {
  /** For logs: which kind of transport is in use. */
  readonly kind: 'smtp' | 'file';
  /** Mails a delivery worker sends through it at the same time (4 when absent: delivery.ts). */
  readonly concurrency?: number;
  /** Sends one message; throws on failure (the caller retries later). */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes pooled connections. */
  close(): void;
}

export type MailTransportConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;

/** Mail servers that stall must not hold a batch (and its lease) for nodemailer's 10-minute default. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
} as const;
/** Parallel SMTP connections of one process. */
const SMTP_MAX_CONNECTIONS = 4;

/** Creates the transport the configuration asks for. */
export function createTransport(config: MailTransportConfig): MailTransport {
  const from = config.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  return config.SMTP_URL === undefined
    ? createFileTransport(join(resolve(config.DATA_DIR), 'outbox'), from)
    : createSmtpTransport(config.SMTP_URL, from);
}

function createSmtpTransport(url: string, from: string): MailTransport {
  // The URL's own parameters (?pool=false…) win over these defaults.
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_MAX_CONNECTIONS,
    ...SMTP_TIMEOUTS,
  });
  return {
    kind: 'smtp',
    concurrency: SMTP_MAX_CONNECTIONS,
    async send(mail) {
      await transporter.sendMail(messageOf(mail, from));
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * A message written is five waits on the file system (open, write, fsync, close, rename), each in
 * libuv's pool: a worker that wrote four at a time left the machine idle half the time while its
 * outbox grew. A delivery round's whole batch goes at once.
 */
const FILE_SEND_CONCURRENCY = 20;

/** Writes each message as `<timestamp>-<outbox id>.eml`, atomically (temporary file, then rename). */
function createFileTransport(directory: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'file',
    concurrency: FILE_SEND_CONCURRENCY,
    async send(mail) {
      ready ??= mkdir(directory, { recursive: true });
      await ready;
      const info = await composer.sendMail(messageOf(mail, from));
      if (!Buffer.isBuffer(info.message)) throw new TypeError('The stream transport did not return a buffer.');
      await writeAtomically(join(directory, `${fileTimestamp(new Date())}-${mail.id}.eml`), info.message);
    },
    close() {
      composer.close();
    },
  };
}

/** `20250314T101502123Z`: sorts by time, valid in every file system. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replaceAll(/[-:.]/g, '');
}

/** A reader of the folder never sees half a message, even if the process dies while writing. */
async function writeAtomically(path: string, content: Buffer): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(content);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

function messageOf(mail: OutgoingMail, from: string): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Stable across retries, so a mail server or reader can drop a duplicate of the same row.
    messageId: `<outbox.${mail.id}.${mail.createdAt.getTime().toString(36)}@${senderDomain(from)}>`,
    headers: {
      // RFC 3834: automatic mail; out-of-office replies and auto-responders stay quiet.
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
      'Content-Language': mail.lang,
    },
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.contentBase64,
      encoding: 'base64',
    })),
  };
}
