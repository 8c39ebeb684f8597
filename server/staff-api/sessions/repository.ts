import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { type DatabaseOrTransaction, staffSessions, staffUsers } from '../../db/public.ts';

/**
 * The staff sessions' named queries (`staff_sessions`, keyed by the token's hash, joined to the
 * staff member it signs in).
 */

/** Stores a session of `staffUserId` under `tokenHash`. */
export async function insertSession(db: DatabaseOrTransaction, tokenHash: string, staffUserId: number): Promise<void> {
  await db.insert(staffSessions).values({ tokenHash, staffUserId });
}

/** The session of `tokenHash` with its staff member, whatever its age. */
export async function findSessionRow(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await db
    .select({
      id: staffUsers.id,
      login: staffUsers.login,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  return row;
}

/** Deletes the session of `tokenHash`. */
export async function deleteSession(db: DatabaseOrTransaction, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Writes `now` as the session's last use (its idle clock). */
export async function touchSession(db: DatabaseOrTransaction, tokenHash: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Deletes the sessions last used before `idleSince` or opened before `openedSince`. */
export async function deleteSessionsBefore(
  db: DatabaseOrTransaction,
  idleSince: Date,
  openedSince: Date,
): Promise<void> {
  await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.lastSeenAt, idleSince), lt(staffSessions.createdAt, openedSince)));
}

/**
 * Which of `tokenHashes` are sessions of an existing staff member, used since `idleSince` and
 * opened since `openedSince`.
 */
export async function listLiveSessionHashes(
  db: DatabaseOrTransaction,
  tokenHashes: readonly string[],
  idleSince: Date,
  openedSince: Date,
) {
  return db
    .select({ tokenHash: staffSessions.tokenHash })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(
      and(
        inArray(staffSessions.tokenHash, [...tokenHashes]),
        gte(staffSessions.lastSeenAt, idleSince),
        gte(staffSessions.createdAt, openedSince),
      ),
    );
}
