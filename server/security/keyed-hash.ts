import { createHmac, randomBytes } from 'node:crypto';
import type { AppDatabase } from '../db/public.ts';
import { findSecret, insertSecretOnce } from './repository.ts';

/**
 * Keyed hashes (HMAC-SHA-256) of personal values the statistics count but must not keep:
 * the same value gives the same hash in every process, and nobody without the key
 * (kept in the database, generated on first use) can test a guess against a hash.
 */

const SECRET_NAME = 'statistics-hash-key';

/**
 * The secret `name`, 32 random bytes created once and shared by every process through
 * `app_secrets` (the first process to ask writes it; the others read the same).
 */
export async function loadSharedSecret(db: AppDatabase, name: string): Promise<Buffer> {
  const candidate = randomBytes(32).toString('base64url');
  await insertSecretOnce(db, name, candidate);
  const value = await findSecret(db, name);
  if (!value) throw new Error(`app_secrets: the secret ${name} could not be read`);
  return Buffer.from(value, 'base64url');
}

function loadKey(db: AppDatabase): Promise<Buffer> {
  return loadSharedSecret(db, SECRET_NAME);
}

export type KeyedHasher = (value: string) => string;

/**
 * A hasher bound to the database's key (loaded on first use, then kept). Values are trimmed and
 * lower-cased first, so `Martin ` and `MARTIN` count as one; '' hashes to ''.
 */
export function createKeyedHasher(db: AppDatabase): KeyedHasher & { ready(): Promise<void> } {
  let key: Buffer | undefined;
  let loading: Promise<void> | undefined;
  const hasher = (value: string): string => {
    if (!key) throw new Error('keyed hasher used before ready()');
    const normalised = value.trim().toLowerCase();
    if (normalised === '') return '';
    return createHmac('sha256', key).update(normalised).digest('base64url').slice(0, 32);
  };
  hasher.ready = () => {
    loading ??= loadKey(db).then(
      (loaded) => {
        key = loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return hasher;
}
