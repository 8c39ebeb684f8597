import { eq } from 'drizzle-orm';
import {
  type DatabaseOrTransaction,
  claims,
  complaints,
  contactMessages,
  messageAttachments,
  uploadedFiles,
} from '../../db/public.ts';
import type { ReceivedFile } from '../../files/public.ts';

/** The forms module's queries, one named function each. */

export type NewComplaint = typeof complaints.$inferInsert;
export type NewContactMessage = typeof contactMessages.$inferInsert;

/** The id of the claim with this number, or null. */
export async function findClaimIdByNumber(db: DatabaseOrTransaction, numero: string): Promise<number | null> {
  const [row] = await db.select({ id: claims.id }).from(claims).where(eq(claims.numero, numero)).limit(1);
  return row?.id ?? null;
}

export async function insertComplaint(db: DatabaseOrTransaction, complaint: NewComplaint): Promise<number> {
  const [row] = await db.insert(complaints).values(complaint).returning({ id: complaints.id });
  if (!row) throw new Error('The complaint insert returned no row.');
  return row.id;
}

export async function insertContactMessage(db: DatabaseOrTransaction, message: NewContactMessage): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('The contact message insert returned no row.');
  return row.id;
}

/** Records stored files as attachments (`attached`, never expiring) of one complaint or contact message. */
export async function insertMessageAttachments(
  db: DatabaseOrTransaction,
  owner: { complaintId: number } | { contactMessageId: number },
  files: readonly ReceivedFile[],
): Promise<void> {
  if (files.length === 0) return;
  const rows = await db
    .insert(uploadedFiles)
    .values(
      files.map((file) => ({
        storageKey: file.key,
        originalName: file.originalName,
        mime: file.mime,
        size: file.size,
        sha256: file.sha256,
        status: 'attached' as const,
        expiresAt: null,
      })),
    )
    .returning({ id: uploadedFiles.id });
  await db.insert(messageAttachments).values(rows.map((row) => ({ ...owner, uploadedFileId: row.id })));
}
