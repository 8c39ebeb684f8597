import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The first staff account's generated password, handed over as Jenkins hands over its
 * `initialAdminPassword`: in a file only the server's user may read (`DATA_DIR/initial-admin-password`,
 * mode 0600), never on standard output, where logs collectors and terminals' scrollback keep it.
 * The file goes when that password is changed or the account removed (`npm run staff`).
 */

/** The file's name in DATA_DIR. */
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';

/** Where the password of DATA_DIR's first account is written. */
function initialAdminPasswordPath(dataDir: string): string {
  return join(resolve(dataDir), INITIAL_ADMIN_PASSWORD_FILE);
}

/**
 * Writes `password` (one line) to a new file created with mode 0600, so that no other user can
 * read it at any moment (a chmod after writing would leave a window). A file left by an earlier
 * database is replaced. Answers the file's path.
 */
export async function writeInitialAdminPassword(dataDir: string, password: string): Promise<string> {
  const path = initialAdminPasswordPath(dataDir);
  await rm(path, { force: true });
  await writeFile(path, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return path;
}

/** Deletes the file, when there is one: its password no longer opens anything. */
export async function removeInitialAdminPassword(dataDir: string): Promise<void> {
  await rm(initialAdminPasswordPath(dataDir), { force: true });
}
