import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCatalog } from '../test-support.ts';
import { renderMail } from './templates.ts';
import { parseMessage, startSmtpServer } from './test-support.ts';
import { createTransport, type OutgoingMail } from './transport.ts';

const brand = createTestCatalog().neutral;

function outgoing(id: number): OutgoingMail {
  const rendered = renderMail('claim-confirmation', 'de', brand, {
    claimNumber: 'SI-0000042',
    declarationDate: '2025-03-14',
    documents: ['Ärztliches Attest', 'Rechnung über den Aufenthalt'],
    followUpUrl: 'https://claims.example.com/de/client-file?dossier=abc',
  });
  return {
    id,
    createdAt: new Date('2025-03-14T10:00:00Z'),
    to: 'anna.mueller@example.com',
    ...rendered,
  };
}

describe('file transport', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'claim-portal-mail-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('When SMTP_URL is not set, then each mail is a parseable .eml file in DATA_DIR/outbox', async () => {
    const transport = createTransport({
      DATA_DIR: dataDir,
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
    });
    expect(transport.kind).toBe('file');
    const mail = outgoing(17);
    await transport.send(mail);
    transport.close();

    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-17\.eml$/);
    const raw = readFileSync(join(dataDir, 'outbox', files[0] ?? ''));
    // RFC 822 line ends, 7-bit safe.
    expect(raw.toString('latin1')).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(raw.toString('latin1').replaceAll('\r\n', '')).not.toMatch(/\n/);

    const message = parseMessage(raw);
    expect(message.headers.get('from')).toBe('Sinistre Assistance <no-reply@localhost>');
    expect(message.headers.get('to')).toBe('anna.mueller@example.com');
    expect(message.headers.get('subject')).toBe(mail.subject);
    expect(message.headers.get('message-id')).toMatch(/^<outbox\.17\.[0-9a-z]+@localhost>$/);
    expect(message.headers.get('auto-submitted')).toBe('auto-generated');
    expect(message.headers.get('content-language')).toBe('de');
    expect(message.text).toBe(mail.text);
    expect(message.html).toBe(mail.html);
    expect(message.text).toContain('Schadennummer: SI-0000042');
    expect(message.text).toContain('- Ärztliches Attest');
  });

  it('When MAIL_FROM is set and the mail has an attachment, then both are in the file', async () => {
    const transport = createTransport({
      DATA_DIR: dataDir,
      SMTP_URL: undefined,
      MAIL_FROM: 'Claims <claims@example.com>',
    });
    const pdf = Buffer.from('%PDF-1.7\n%test\n');
    await transport.send({
      ...outgoing(18),
      attachments: [
        {
          filename: 'copy.pdf',
          contentType: 'application/pdf',
          contentBase64: pdf.toString('base64'),
        },
      ],
    });
    const [file] = readdirSync(join(dataDir, 'outbox'));
    const message = parseMessage(readFileSync(join(dataDir, 'outbox', file ?? '')));
    expect(message.headers.get('from')).toBe('Claims <claims@example.com>');
    expect(message.headers.get('message-id')).toMatch(/@example\.com>$/);
    const attachment = message.parts.find((part) => part.headers.get('content-type')?.startsWith('application/pdf'));
    expect(attachment?.content).toEqual(pdf);
  });

  it('When the same row is written twice (a retry), then both files keep the same Message-ID', async () => {
    const transport = createTransport({
      DATA_DIR: dataDir,
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
    });
    await transport.send(outgoing(19));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await transport.send(outgoing(19));
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    const ids = files.map((file) =>
      parseMessage(readFileSync(join(dataDir, 'outbox', file))).headers.get('message-id'),
    );
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('SMTP transport', () => {
  it('When SMTP_URL is set, then the mail goes to that server with its headers and both bodies', async () => {
    const server = await startSmtpServer();
    const transport = createTransport({
      DATA_DIR: '/nonexistent',
      SMTP_URL: server.url,
      MAIL_FROM: undefined,
    });
    expect(transport.kind).toBe('smtp');
    try {
      const mail = outgoing(20);
      await transport.send(mail);
      expect(server.received).toHaveLength(1);
      const [received] = server.received;
      expect(received?.from).toBe('no-reply@localhost');
      expect(received?.to).toEqual(['anna.mueller@example.com']);
      const message = parseMessage(received?.raw ?? '');
      expect(message.headers.get('subject')).toBe(mail.subject);
      expect(message.text).toBe(mail.text);
    } finally {
      transport.close();
      await server.close();
    }
  });
});
