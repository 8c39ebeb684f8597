import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDatabase } from '../../db/public.ts';
import { loadSharedSecret } from '../../security/public.ts';

/**
 * Device cookies (OWASP's "device cookie" pattern against lockouts by strangers): a browser where
 * a login signed in with its password gets a long-lived cookie, signed by the server and bound to
 * that login. A later sign-in of the same login carrying it is counted apart (its own failures
 * only) and never held back by the rules a stranger's guesses fill: the owner's browser always
 * gets in with the right password, whatever others try. Nothing is stored per device; the value
 * is `nonce.issued.mac`, the MAC an HMAC-SHA-256 of the three with a key kept in `app_secrets`.
 */

/** How long a device stays trusted after its last sign-in (the cookie is renewed at each). */
export const DEVICE_TRUST_MS = 180 * 24 * 60 * 60_000;

const SECRET_NAME = 'staff-device-key';
/** Longest value read: a nonce, a time and a MAC are about 80 characters. */
const MAX_VALUE_LENGTH = 200;

export interface DeviceTrust {
  /** A new device cookie value for `login`, issued at `now`. */
  issue(login: string, now: number): Promise<string>;
  /** The device's id (its nonce) when `value` is a device cookie this server issued for `login` and not expired. */
  deviceOf(value: string | undefined, login: string, now: number): Promise<string | undefined>;
}

function macOf(key: Buffer, nonce: string, issued: string, login: string): Buffer {
  return createHmac('sha256', key).update(`${nonce}.${issued}.${login}`).digest();
}

/** The key shared by every process, created once. */
function loadKey(db: AppDatabase): Promise<Buffer> {
  return loadSharedSecret(db, SECRET_NAME);
}

export function createDeviceTrust(db: AppDatabase): DeviceTrust {
  let loading: Promise<Buffer> | undefined;
  const key = () => {
    loading ??= loadKey(db).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    async issue(login, now) {
      const nonce = randomBytes(16).toString('base64url');
      const issued = Math.floor(now / 1000).toString(36);
      return `${nonce}.${issued}.${macOf(await key(), nonce, issued, login).toString('base64url')}`;
    },
    async deviceOf(value, login, now) {
      if (!value || value.length > MAX_VALUE_LENGTH) return undefined;
      const [nonce, issued, mac, ...rest] = value.split('.');
      if (!nonce || !issued || !mac || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(issued)) return undefined;
      const age = now - Number.parseInt(issued, 36) * 1000;
      if (!(age >= -60_000 && age <= DEVICE_TRUST_MS)) return undefined;
      const expected = macOf(await key(), nonce, issued, login);
      const given = Buffer.from(mac, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
    },
  };
}
