import { createHash } from 'node:crypto';

/**
 * The CSP source (`sha256-…`, as Astro's `insertScriptHash` and `insertStyleHash` take it) that
 * allows an inline script or style whose text is `text`.
 */
export function cspSource(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
