import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { type DatabaseOrTransaction, staffSessions, staffUsers } from '../../db/public.ts';

/**
 * The staff accounts' and sessions' named queries (`staff_users`; `staff_sessions`, keyed by the
 * token's hash, joined to the staff member it signs in).
 */

// accounts ------------------------------------------------------------------------------------------

/** Adds account `login` unless the login is taken; answers the new row, or none. */
export function insertStaffUserOnce(db: DatabaseOrTransaction, login: string, passwordHash: string) {
  return db
    .insert(staffUsers)
    .values({ login, passwordHash })
    .onConflictDoNothing({ target: staffUsers.login })
    .returning({ id: staffUsers.id });
}

/** Sets the password hash of `login`; answers the account, if there is one. */
export async function updateStaffPassword(db: DatabaseOrTransaction, login: string, passwordHash: string) {
  const [user] = await db
    .update(staffUsers)
    .set({ passwordHash })
    .where(eq(staffUsers.login, login))
    .returning({ id: staffUsers.id });
  return user;
}

/** Deletes account `login`; answers the deleted rows. */
export function deleteStaffUser(db: DatabaseOrTransaction, login: string) {
  return db.delete(staffUsers).where(eq(staffUsers.login, login)).returning({ id: staffUsers.id });
}

/** Every account, by login. */
export function selectStaffUsers(db: DatabaseOrTransaction) {
  return db
    .select({ login: staffUsers.login, createdAt: staffUsers.createdAt, lastLoginAt: staffUsers.lastLoginAt })
    .from(staffUsers)
    .orderBy(asc(staffUsers.login));
}

/** Account `login` with its password hash and its failed sign-ins, if there is one. */
export async function findStaffUserByLogin(db: DatabaseOrTransaction, login: string) {
  const [user] = await db
    .select({
      id: staffUsers.id,
      login: staffUsers.login,
      passwordHash: staffUsers.passwordHash,
      failedSignIns: staffUsers.failedSignIns,
      failedSignInsSince: staffUsers.failedSignInsSince,
    })
    .from(staffUsers)
    .where(eq(staffUsers.login, login));
  return user;
}

/** Counts one more wrong password on account `id` (since the first one, on the database's clock). */
export async function countFailedSignIn(db: DatabaseOrTransaction, id: number): Promise<void> {
  await db
    .update(staffUsers)
    .set({
      failedSignIns: sql`${staffUsers.failedSignIns} + 1`,
      failedSignInsSince: sql`coalesce(${staffUsers.failedSignInsSince}, now())`,
    })
    .where(eq(staffUsers.id, id));
}

/** Records a sign-in of account `id` at `at` and starts its failed sign-ins again. */
export async function recordSignIn(db: DatabaseOrTransaction, id: number, at: Date): Promise<void> {
  await db
    .update(staffUsers)
    .set({ lastLoginAt: at, failedSignIns: 0, failedSignInsSince: null })
    .where(eq(staffUsers.id, id));
}

/** Whether any account exists. */
export async function hasAnyStaffUser(db: DatabaseOrTransaction): Promise<boolean> {
  const [any] = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
  return any !== undefined;
}

// sessions ------------------------------------------------------------------------------------------

/** Ends every session of account `staffUserId`. */
export async function deleteSessionsOfStaffUser(db: DatabaseOrTransaction, staffUserId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffUserId, staffUserId));
}

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
