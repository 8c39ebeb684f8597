import { type Request, type Response, Router } from 'express';
import {
  audienceOfKind,
  MAIL_HTML_PATH,
  MAIL_PATH,
  MAIL_STATUSES,
  type MailCounts,
  type MailDetail,
  type MailListItem,
  MailParamsSchema,
  MAILS_PATH,
  MailsListQuerySchema,
} from '../../../contracts/mails.ts';
import { sendSuccess } from '../../answers.ts';
import { MAIL_PREVIEW_CSP } from '../../security-headers.ts';
import type { AppDatabase, OutboxAttachment } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import { parseParams, parseQuery, refuseWith, refuseWithFirstProblem } from '../../http/public.ts';
import { staffText } from '../../i18n/public.ts';
import { requireStaff } from '../sessions/require-staff.ts';
import { countMailsByStatus, type ListedMailRow, listMailsPage, readMail } from './repository.ts';

/** A `limited` mail's reason (`last_error`) as the limit it met. */
function limitedBy(row: ListedMailRow): MailListItem['limitedBy'] {
  if (row.status !== 'limited') return null;
  return row.lastError === 'recipient_day_limit' ? 'day' : 'hour';
}

function listItem(row: ListedMailRow): MailListItem {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    recipient: row.recipient,
    subject: row.subject,
    kind: row.kind,
    audience: audienceOfKind(row.kind),
    lang: row.lang,
    claimNumber: row.claimNumber,
    status: row.status,
    sentAt: row.sentAt?.toISOString() ?? null,
    heldUntil: row.heldUntil?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    attempts: row.attempts,
    limitedBy: limitedBy(row),
  };
}

/** Bytes of an attachment: kept once its content is dropped, else read from its base64. */
function sizeOf(attachment: OutboxAttachment): number {
  if (attachment.size !== undefined) return attachment.size;
  const base64 = attachment.contentBase64.replace(/\s/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/**
 * GET /mails and /mails/:id (staff): every mail of the outbox, newest first, searched by address
 * or claim number, filtered by state and audience, with the counts per state; one mail's state,
 * content and attachments (names and sizes, not their bytes); /mails/:id/html its HTML body as a
 * sandboxed document for the page's frame. Read-only.
 */
export function createMailsRouter(db: AppDatabase): Router {
  const router = Router();
  const staff = requireStaff(db);
  router.get(MAILS_PATH, staff, async (request: Request, response: Response) => {
    const query = parseQuery(request, MailsListQuerySchema, refuseWithFirstProblem(staffText('mails.badQuery')));
    const filter = { search: query.q, audience: query.type, status: query.etat };
    const byStatus = await countMailsByStatus(db, filter);
    const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, byStatus.get(status) ?? 0])) as MailCounts;
    const total = query.etat === '' ? [...byStatus.values()].reduce((sum, n) => sum + n, 0) : counts[query.etat];
    const pages = Math.max(1, Math.ceil(total / query.size));
    const page = Math.min(query.page, pages);
    const rows = await listMailsPage(db, filter, { limit: query.size, offset: (page - 1) * query.size });
    sendSuccess(response, { datas: { mails: rows.map(listItem), counts }, total, page, size: query.size, pages });
  });

  router.get(MAIL_PATH, staff, async (request: Request, response: Response) => {
    const { id } = parseParams(request, MailParamsSchema, refuseWith(staffText('mails.badId')));
    const row = await readMail(db, id);
    if (!row) throw new HttpError(404, staffText('mails.noMail', { id }));
    const datas: MailDetail = {
      ...listItem(row),
      lastError: row.lastError,
      contentKept: row.textBody !== '' || row.htmlBody !== '',
      text: row.textBody,
      html: row.htmlBody,
      attachments: row.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: sizeOf(attachment),
      })),
    };
    sendSuccess(response, { datas });
  });

  router.get(MAIL_HTML_PATH, staff, async (request: Request, response: Response) => {
    const { id } = parseParams(request, MailParamsSchema, refuseWith(staffText('mails.badId')));
    const row = await readMail(db, id);
    if (!row?.htmlBody) throw new HttpError(404, staffText('mails.noHtml', { id }));
    response.setHeader('Content-Security-Policy', MAIL_PREVIEW_CSP);
    // The back office frames it: its own origin only (helmet denies every frame by default).
    response.setHeader('X-Frame-Options', 'SAMEORIGIN');
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.type('html').send(row.htmlBody);
  });
  return router;
}
