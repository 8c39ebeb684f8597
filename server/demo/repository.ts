import { and, eq } from 'drizzle-orm';
import { activities, type DatabaseOrTransaction, mailOutbox, visitorReports } from '../db/public.ts';

/**
 * The demo's named queries: the generated visitor activity written in batches (the demo's seed,
 * seed.ts, loads its fixed data set on its own).
 */

/** Writes activity records in one multi-row INSERT; answers each one's id and creation time. */
export function insertActivityRows(db: DatabaseOrTransaction, rows: (typeof activities.$inferInsert)[]) {
  return db.insert(activities).values(rows).returning({ id: activities.id, createdAt: activities.createdAt });
}

/** Writes visitor reports in one multi-row INSERT. */
export async function insertVisitorReportRows(
  db: DatabaseOrTransaction,
  rows: (typeof visitorReports.$inferInsert)[],
): Promise<void> {
  await db.insert(visitorReports).values(rows);
}

/** Writes the demo claim's pending mails as written at `createdAt` and sent at `sentAt` (its history, not mail to send). */
export async function markDemoMailsSent(
  db: DatabaseOrTransaction,
  claimId: number,
  times: { createdAt: Date; sentAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', createdAt: times.createdAt, sentAt: times.sentAt, nextAttemptAt: times.sentAt })
    .where(and(eq(mailOutbox.claimId, claimId), eq(mailOutbox.status, 'pending')));
}
