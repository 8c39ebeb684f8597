import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseOrTransaction } from '../../db/public.ts';
import {
  deleteSession,
  deleteSessionsBefore,
  findSessionRow,
  insertSession,
  listLiveSessionHashes,
  touchSession,
} from './repository.ts';
import { cookieValueOf, PLAIN_STAFF_COOKIES } from './staff-cookies.ts';

/**
 * Back-office sessions kept by the server: the cookie carries a random token, the
 * `staff_sessions` table its SHA-256 only. A session ends at logout, after IDLE_TIMEOUT_MS
 * without a request, and ABSOLUTE_TIMEOUT_MS after sign-in, whatever the browser keeps.
 */

/**
 * Name of the session cookie of a site on plain HTTP (HttpOnly, SameSite=Strict, Path=/); over
 * HTTPS it is `__Host-bo_session`, Secure (staff-cookies.ts).
 */
export const STAFF_SESSION_COOKIE = PLAIN_STAFF_COOKIES.session;
/** A session unused this long has ended. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** A session ends this long after sign-in, however active. */
export const ABSOLUTE_TIMEOUT_MS = 10 * 60 * 60_000;
/** `last_seen_at` is written at most this often per session (not on every request). */
const TOUCH_EVERY_MS = 60_000;

/** Who is signed in. */
interface StaffIdentity {
  id: number;
  login: string;
}

export interface StaffSession extends StaffIdentity {
  /** base64url SHA-256 of the token: the session's key in the table. */
  tokenHash: string;
  createdAt: Date;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Opens a session for `staffUserId` and answers the token to put in the cookie (never stored). */
export async function createStaffSession(db: DatabaseOrTransaction, staffUserId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, hashSessionToken(token), staffUserId);
  return token;
}

/**
 * The live session of `token`, or undefined when there is none, it has been idle too long or it
 * is too old (an ended session is deleted). Touches `last_seen_at` (the idle clock).
 */
export async function findStaffSession(
  db: DatabaseOrTransaction,
  token: string | undefined,
  now: Date = new Date(),
): Promise<StaffSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = hashSessionToken(token);
  const row = await findSessionRow(db, tokenHash);
  if (!row) return undefined;
  const ended =
    now.getTime() - row.lastSeenAt.getTime() > IDLE_TIMEOUT_MS ||
    now.getTime() - row.createdAt.getTime() > ABSOLUTE_TIMEOUT_MS;
  if (ended) {
    await deleteSession(db, tokenHash);
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, tokenHash, now);
  return { id: row.id, login: row.login, tokenHash, createdAt: row.createdAt };
}

/** Ends the session of `token` (logout). */
export async function endStaffSession(db: DatabaseOrTransaction, token: string | undefined): Promise<void> {
  if (!token) return;
  await deleteSession(db, hashSessionToken(token));
}

/** Deletes every ended session (run now and then; a lookup also deletes the one it finds ended). */
export async function sweepStaffSessions(db: DatabaseOrTransaction, now: Date = new Date()): Promise<void> {
  await deleteSessionsBefore(
    db,
    new Date(now.getTime() - IDLE_TIMEOUT_MS),
    new Date(now.getTime() - ABSOLUTE_TIMEOUT_MS),
  );
}

/**
 * The session token in a `Cookie` header, or undefined: the value of the cookie `name` (the app's
 * session cookie, staffCookiesOf; `bo_session` by default). A value that does not decode (a stray
 * `%`, as in `bo_session=%E0%A4%A`) is no session: whoever sent it gets a 401 and may sign in
 * again, never a 500 (or, on the staff socket, an exception).
 */
export function sessionTokenOf(
  cookieHeader: string | undefined,
  name: string = STAFF_SESSION_COOKIE,
): string | undefined {
  return cookieValueOf(cookieHeader, name);
}

/**
 * Which of `tokenHashes` are sessions still live at `now` (not ended by logout, password change,
 * account removal, idleness or age), in one query. Unlike findStaffSession it does not touch
 * `last_seen_at`: the staff sockets' re-check must not keep an idle dashboard signed in.
 */
export async function liveSessionHashes(
  db: DatabaseOrTransaction,
  tokenHashes: readonly string[],
  now: Date = new Date(),
): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await listLiveSessionHashes(
    db,
    tokenHashes,
    new Date(now.getTime() - IDLE_TIMEOUT_MS),
    new Date(now.getTime() - ABSOLUTE_TIMEOUT_MS),
  );
  return new Set(rows.map((row) => row.tokenHash));
}
