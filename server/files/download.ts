import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { HttpError } from '../errors.ts';
import { type FileStore, StoredFileNotFoundError } from './store.ts';
import { ACCEPTED_UPLOAD_TYPES } from '../../contracts/partner-api-base.ts';

/**
 * Serves a stored upload back, so that a hostile file can do no harm: always as a download, with its detected
 * type and no sniffing, in a sandbox that runs nothing, and never cached by a shared cache.
 */

export interface StoredFileDescription {
  key: string;
  /** The name shown in the browser's download; cleaned and encoded here. */
  originalName: string;
  /** The type detected at upload; anything else is served as application/octet-stream. */
  mime: string;
  /** Known size, sent as Content-Length. */
  size?: number;
}

/** Characters RFC 8187 lets through unencoded in `filename*` (attr-char). */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/** `filename*` value: UTF-8, percent-encoded byte by byte except attr-char. */
function encodeExtendedValue(name: string): string {
  let encoded = '';
  for (const character of name) {
    if (ATTR_CHAR.test(character)) encoded += character;
    else
      for (const byte of Buffer.from(character, 'utf8'))
        encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<encoded>`. The fallback keeps the
 * name readable for old clients: no quote, backslash, control or non-ASCII character.
 */
export function contentDispositionOf(originalName: string): string {
  const name =
    originalName
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
      .trim() || 'file';
  const fallback = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]|["\\%]/g, (character) => (/[\u0300-\u036f]/.test(character) ? '' : '_'));
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtendedValue(name)}`;
}

/**
 * Streams a stored file to `response` as an attachment. A key that holds no file answers 404
 * through the error middleware; a failure after the headers are sent cuts the connection (Express
 * cannot send an envelope any more).
 */
export async function sendStoredFile(
  response: Response,
  store: FileStore,
  { key, originalName, mime, size }: StoredFileDescription,
): Promise<void> {
  const body = await store.get(key).catch((error: unknown) => {
    if (error instanceof StoredFileNotFoundError) throw new HttpError(404, 'File not found');
    throw error;
  });
  const type = (ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(mime) ? mime : 'application/octet-stream';
  response.status(200);
  response.setHeader('Content-Type', type);
  response.setHeader('Content-Disposition', contentDispositionOf(originalName));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  response.setHeader('Cache-Control', 'private, no-store');
  if (size !== undefined) response.setHeader('Content-Length', String(size));
  try {
    await pipeline(body, response);
  } catch (error) {
    // A visitor who cancels the download is not a server error.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && response.destroyed) return;
    throw error;
  }
}
