import type { AppDatabase } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { createStaffSession, STAFF_SESSION_COOKIE } from './sessions.ts';

/**
 * For tests of back-office endpoints and pages: a staff user `login` (created when missing, with
 * an unusable password hash: these users cannot sign in by password) and a live session.
 * Answers the `Cookie` header value to send.
 */
export async function signedInStaffCookie(db: AppDatabase, login = 'test.staff'): Promise<string> {
  const [user] = await db
    .insert(staffUsers)
    .values({ login, passwordHash: '!test-user-without-password' })
    .onConflictDoUpdate({ target: staffUsers.login, set: { login } })
    .returning({ id: staffUsers.id });
  if (!user) throw new Error('staff user not created');
  const token = await createStaffSession(db, user.id);
  return `${STAFF_SESSION_COOKIE}=${token}`;
}
