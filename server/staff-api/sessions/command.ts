import type { AppDatabase } from '../../db/public.ts';
import { utcMinuteOf } from '../../../contracts/dates.ts';
import {
  addStaffUser,
  GENERATED_ADMIN_LOGIN,
  listStaffUsers,
  MIN_PASSWORD_LENGTH,
  removeStaffUser,
  StaffAccountError,
  setStaffPassword,
} from './accounts.ts';
import { removeInitialAdminPassword } from './initial-password.ts';

/**
 * `npm run staff -- <command>` (scripts/staff.ts): back-office accounts from a terminal. Also run
 * by the server for the command when it holds the embedded database (server/staff-api/claims/socket.ts
 * forwards `staff …` requests here).
 */

export interface StaffCommandResult {
  exitCode: 0 | 1;
  stdout: string;
  stderr: string;
}

export const STAFF_USAGE = `Usage: npm run staff -- <command>
  add <login>      create a back-office account (the password is asked, or read from stdin)
  passwd <login>   set a new password (the account's sessions end)
  remove <login>   delete an account (its sessions end)
  list             list the accounts
Passwords have at least ${MIN_PASSWORD_LENGTH} characters.
`;

/** Whether `args` need a password read before running. */
export function staffCommandNeedsPassword(args: readonly string[]): boolean {
  return (args[0] === 'add' || args[0] === 'passwd') && args.length === 2;
}

const ok = (stdout: string): StaffCommandResult => ({ exitCode: 0, stdout, stderr: '' });
const fail = (stderr: string): StaffCommandResult => ({ exitCode: 1, stdout: '', stderr });

/** Where the command runs. */
export interface StaffCommandOptions {
  /**
   * The server's DATA_DIR: changing the password of the generated first account, or removing it,
   * deletes the file its password was written to (initial-password.ts).
   */
  dataDir?: string;
}

/** Runs `args` (with the password for add/passwd) on `db`. */
export async function runStaffCommand(
  db: AppDatabase,
  args: readonly string[],
  password = '',
  options: StaffCommandOptions = {},
): Promise<StaffCommandResult> {
  const forgetInitialPassword = async (login: string): Promise<void> => {
    if (login === GENERATED_ADMIN_LOGIN && options.dataDir !== undefined)
      await removeInitialAdminPassword(options.dataDir);
  };
  const [command, login, ...rest] = args;
  try {
    if (command === 'list' && login === undefined) {
      const users = await listStaffUsers(db);
      if (users.length === 0) return ok('No back-office account.\n');
      const lines = users.map(
        (user) =>
          `${user.login.padEnd(24)} created ${utcMinuteOf(user.createdAt)}  last sign-in ${user.lastLoginAt ? utcMinuteOf(user.lastLoginAt) : 'never'}`,
      );
      return ok(`${lines.join('\n')}\n`);
    }
    if (login === undefined || rest.length > 0) return fail(STAFF_USAGE);
    if (command === 'add') {
      await addStaffUser(db, login, password);
      return ok(`Account "${login}" created: sign in at /bo_login.\n`);
    }
    if (command === 'passwd') {
      await setStaffPassword(db, login, password);
      await forgetInitialPassword(login);
      return ok(`Password of "${login}" changed; its sessions have ended.\n`);
    }
    if (command === 'remove') {
      await removeStaffUser(db, login);
      await forgetInitialPassword(login);
      return ok(`Account "${login}" removed.\n`);
    }
    return fail(STAFF_USAGE);
  } catch (error) {
    if (error instanceof StaffAccountError) return fail(`${error.message}\n`);
    throw error;
  }
}
