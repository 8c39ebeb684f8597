import type { OutboxAttachment } from '../db/public.ts';
import type { OutboxRow } from './repository.ts';

/**
 * What the outbox keeps of a mail once it has left or been given up, for staff's mails page: the
 * bodies as the recipient received them, less what opens the claimant's file to whoever reads
 * them. A follow-up link's key (`dossier=<token>`, which the database otherwise keeps only as a
 * hash) and a one-time code are masked; attachments keep their name, type and size, not their bytes.
 */

/** How a masked secret reads in the kept bodies. */
export const MASKED_SECRET = '••••••';

/** A follow-up link's key, as links.ts writes it (base64url). */
const FOLLOW_UP_KEY = /([?&](?:amp;)?dossier=)[A-Za-z0-9_-]+/g;
/** A one-time code: six digits on their own. */
const SIX_DIGITS = /(?<![0-9])[0-9]{6}(?![0-9])/g;

function masked(body: string, kind: string): string {
  const withoutKeys = body.replace(FOLLOW_UP_KEY, `$1${MASKED_SECRET}`);
  return kind === 'one-time-code' ? withoutKeys.replace(SIX_DIGITS, MASKED_SECRET) : withoutKeys;
}

/** Attachments without their bytes, their size kept. */
function keptAttachments(attachments: readonly OutboxAttachment[]): OutboxAttachment[] {
  return attachments.map((attachment) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    contentBase64: '',
    size: attachment.size ?? Buffer.from(attachment.contentBase64, 'base64').length,
  }));
}

/** The columns of a mail that has left or been given up, as the outbox keeps them. */
export interface KeptContent {
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments: OutboxAttachment[];
}

/** The content kept of `row` once it has left or been given up. */
export function keptContentOf(
  row: Pick<OutboxRow, 'kind' | 'subject' | 'textBody' | 'htmlBody' | 'attachments'>,
): KeptContent {
  return {
    subject: masked(row.subject, row.kind),
    textBody: masked(row.textBody, row.kind),
    htmlBody: masked(row.htmlBody, row.kind),
    attachments: keptAttachments(row.attachments),
  };
}
