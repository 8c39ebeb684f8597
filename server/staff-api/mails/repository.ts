import { and, count, desc, eq, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import { kindsOfAudience, type MailAudience, type MailStatus } from '../../../contracts/mails.ts';
import { claims, containsPattern, type DatabaseOrTransaction, mailOutbox } from '../../db/public.ts';

/**
 * The mails page's queries on the outbox (`mail_outbox`), with the number of the claim each mail
 * is about.
 */

/** What the list keeps: a search in the address or the claim number, an audience, a state. */
export interface MailsFilter {
  /** Contained in the recipient's address or the claim's number, whatever the case; '' keeps all. */
  search: string;
  audience: MailAudience | '';
  status: MailStatus | '';
}

function audienceWhere(audience: MailAudience | ''): SQL | undefined {
  if (audience === '') return undefined;
  if (audience !== 'claimant') {
    const kinds = kindsOfAudience(audience);
    return kinds.length > 0 ? inArray(mailOutbox.kind, kinds) : eq(mailOutbox.id, -1);
  }
  const others = [...kindsOfAudience('establishment'), ...kindsOfAudience('staff')];
  return others.length > 0 ? notInArray(mailOutbox.kind, others) : undefined;
}

/** The search and the audience, not the state (the state chips count under them). */
function searchWhere(filter: Omit<MailsFilter, 'status'>): SQL | undefined {
  const pattern = filter.search === '' ? undefined : containsPattern(filter.search);
  return and(
    pattern ? or(ilike(mailOutbox.recipient, pattern), ilike(claims.numero, pattern)) : undefined,
    audienceWhere(filter.audience),
  );
}

/** How many mails of the search and audience are in each state. */
export async function countMailsByStatus(
  db: DatabaseOrTransaction,
  filter: Omit<MailsFilter, 'status'>,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, total: count() })
    .from(mailOutbox)
    .leftJoin(claims, eq(claims.id, mailOutbox.claimId))
    .where(searchWhere(filter))
    .groupBy(mailOutbox.status);
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
}

const LISTED_COLUMNS = {
  id: mailOutbox.id,
  createdAt: mailOutbox.createdAt,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  lang: mailOutbox.lang,
  claimNumber: claims.numero,
  status: mailOutbox.status,
  sentAt: mailOutbox.sentAt,
  heldUntil: mailOutbox.heldUntil,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
};

/** One page of the mails the filter keeps, newest first. */
export function listMailsPage(db: DatabaseOrTransaction, filter: MailsFilter, page: { limit: number; offset: number }) {
  return db
    .select(LISTED_COLUMNS)
    .from(mailOutbox)
    .leftJoin(claims, eq(claims.id, mailOutbox.claimId))
    .where(and(searchWhere(filter), filter.status === '' ? undefined : eq(mailOutbox.status, filter.status)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type ListedMailRow = Awaited<ReturnType<typeof listMailsPage>>[number];

/** Mail `id` with its content, or undefined. */
export async function readMail(db: DatabaseOrTransaction, id: number) {
  const [row] = await db
    .select({
      ...LISTED_COLUMNS,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      attachments: mailOutbox.attachments,
    })
    .from(mailOutbox)
    .leftJoin(claims, eq(claims.id, mailOutbox.claimId))
    .where(eq(mailOutbox.id, id));
  return row;
}
