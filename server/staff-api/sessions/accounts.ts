import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { AppDatabase, DatabaseOrTransaction } from '../../db/public.ts';
import {
  countFailedSignIn,
  deleteSessionsOfStaffUser,
  deleteStaffUser,
  findStaffUserByLogin,
  hasAnyStaffUser,
  insertStaffUserOnce,
  recordSignIn,
  selectStaffUsers,
  updateStaffPassword,
} from './repository.ts';

/**
 * Back-office accounts (spec 3 §6: one staff role). Passwords are kept as Argon2id hashes
 * (@node-rs/argon2's defaults: Argon2id, 19 MiB, 2 passes, as OWASP recommends), never in clear.
 */

/** The login of the first account when its password is generated (its password is in DATA_DIR, initial-password.ts). */
export const GENERATED_ADMIN_LOGIN = 'admin';

/** Shortest password accepted for a staff account. */
export const MIN_PASSWORD_LENGTH = 12;
const LOGIN_FORMAT = /^[A-Za-z0-9._@-]{2,64}$/;

/**
 * Who a claim's history names for a change made with `npm run claims` (a terminal has no staff
 * login; whoever may run it may read the database). No account may take it: the history would
 * then name a person for what the terminal did, or the terminal for what a person did.
 */
export const TERMINAL_ACTOR = 'terminal';

/** A refusal meant for the person typing the command: one line. */
export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
}

/** Verified against when the login is unknown, so that both failures take the same time. */
const UNKNOWN_USER_HASH = await hash(randomBytes(16).toString('base64url'));

function checkLogin(login: string): void {
  if (!LOGIN_FORMAT.test(login))
    throw new StaffAccountError(
      `"${login}" is not a valid login: 2 to 64 letters, digits or . _ @ - (e.g. camille.martin).`,
    );
  if (login.toLowerCase() === TERMINAL_ACTOR)
    throw new StaffAccountError(
      `"${login}" is reserved: the claim history names changes made with npm run claims "${TERMINAL_ACTOR}".`,
    );
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new StaffAccountError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
}

/** Creates the account `login`; refuses a login already taken. */
export async function addStaffUser(db: DatabaseOrTransaction, login: string, password: string): Promise<void> {
  checkLogin(login);
  checkPassword(password);
  const passwordHash = await hash(password);
  const inserted = await insertStaffUserOnce(db, login, passwordHash);
  if (inserted.length === 0) throw new StaffAccountError(`The login "${login}" already exists.`);
}

/** Sets a new password for `login` and ends its sessions. */
export async function setStaffPassword(db: AppDatabase, login: string, password: string): Promise<void> {
  checkPassword(password);
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    const user = await updateStaffPassword(tx, login, passwordHash);
    if (!user) throw new StaffAccountError(`No staff account "${login}".`);
    await deleteSessionsOfStaffUser(tx, user.id);
  });
}

/** Deletes the account `login` (its sessions end with it). */
export async function removeStaffUser(db: DatabaseOrTransaction, login: string): Promise<void> {
  const deleted = await deleteStaffUser(db, login);
  if (deleted.length === 0) throw new StaffAccountError(`No staff account "${login}".`);
}

export interface StaffUserSummary {
  login: string;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export function listStaffUsers(db: DatabaseOrTransaction): Promise<StaffUserSummary[]> {
  return selectStaffUsers(db);
}

/** Wrong passwords typed for a login since its last sign-in: how many, since when. */
export interface FailedSignIns {
  count: number;
  since: Date;
}

/**
 * The account whose login and password these are, or undefined. An unknown login costs one
 * Argon2 verification like a known one, so the answer time does not tell logins apart. A wrong
 * password for a known login is counted on it; the right one answers that count (for its owner
 * to see who tried) and starts it again.
 */
export async function verifyStaffCredentials(
  db: DatabaseOrTransaction,
  login: string,
  password: string,
): Promise<{ id: number; login: string; failedSignIns?: FailedSignIns } | undefined> {
  const user = await findStaffUserByLogin(db, login);
  const storedHash = user?.passwordHash.startsWith('$argon2') ? user.passwordHash : UNKNOWN_USER_HASH;
  const matches = await verify(storedHash, password).catch(() => false);
  if (!user) return undefined;
  if (storedHash === UNKNOWN_USER_HASH || !matches) {
    await countFailedSignIn(db, user.id);
    return undefined;
  }
  await recordSignIn(db, user.id, new Date());
  return {
    id: user.id,
    login: user.login,
    ...(user.failedSignIns > 0 && user.failedSignInsSince
      ? { failedSignIns: { count: user.failedSignIns, since: user.failedSignInsSince } }
      : {}),
  };
}

/**
 * The first account, when there is none: `BO_ADMIN_LOGIN`/`BO_ADMIN_PASSWORD`, else `admin` with
 * a random password. Answers the generated password (for server/index.ts to write to a file only
 * its user may read, initial-password.ts), or undefined.
 */
export async function ensureFirstStaffUser(
  db: DatabaseOrTransaction,
  admin: { login?: string | undefined; password?: string | undefined },
): Promise<{ login: string; generatedPassword?: string } | undefined> {
  if (await hasAnyStaffUser(db)) return undefined;
  // Several processes starting together on one PostgreSQL: the one that loses the race adds nothing.
  const added = (login: string, password: string) =>
    addStaffUser(db, login, password).then(
      () => true,
      (error: unknown) => {
        if (error instanceof StaffAccountError && error.message.includes('already exists')) return false;
        throw error;
      },
    );
  if (admin.login && admin.password)
    return (await added(admin.login, admin.password)) ? { login: admin.login } : undefined;
  const generatedPassword = randomBytes(15).toString('base64url');
  return (await added(GENERATED_ADMIN_LOGIN, generatedPassword))
    ? { login: GENERATED_ADMIN_LOGIN, generatedPassword }
    : undefined;
}
