import { persistentAtom } from '@nanostores/persistent';
import { StaffIdentitySchema, SESSION_PATH } from '../contracts/backoffice.ts';
import { staffApi } from './api/client.ts';

/**
 * The session flags of spec 3 §3 (`bo_logged`, `bo_user`), persisted in localStorage. They only
 * decide what the page shows while it asks the server: the server's session decides access
 * (every call answers 401 without it, and the page then goes to /bo_login).
 */
export const $boLogged = persistentAtom<boolean>('bo_logged', false, {
  encode: (value) => (value ? 'true' : 'false'),
  decode: (text) => text === 'true',
});
export const $boUser = persistentAtom<string>('bo_user', '');

/**
 * Asks the server who is signed in; answers the login, or undefined (then the page leaves for
 * /bo_login, unless `unauthorizedIsAnswer`: the 404 page shows to anyone).
 */
export async function refreshStaffSession({ unauthorizedIsAnswer = false } = {}): Promise<string | undefined> {
  const result = await staffApi(SESSION_PATH, StaffIdentitySchema, { unauthorizedIsAnswer });
  if (result.ok) {
    $boLogged.set(true);
    $boUser.set(result.data.datas.login);
    return result.data.datas.login;
  }
  if (result.kind === 'http' && result.status === 401) {
    $boLogged.set(false);
    $boUser.set('');
  }
  return undefined;
}

export function forgetStaffSession(): void {
  $boLogged.set(false);
  $boUser.set('');
}
