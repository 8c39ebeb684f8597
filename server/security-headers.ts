import type { HelmetOptions } from 'helmet';

/**
 * The security headers of every answer, in one place: the Express app sets them (server/app.ts,
 * server/site/routes.ts) and the build writes the same ones for a CDN (scripts/cdn/site-rules.ts).
 */

/**
 * `Strict-Transport-Security`, sent only over HTTPS: RFC 6797 §7.2 forbids it over plain HTTP, where
 * browsers ignore it anyway (app.ts: a request that `trust proxy` reads as secure; the CDN serves
 * HTTPS alone).
 */
export const HSTS_OPTIONS = { maxAge: 31536000, includeSubDomains: true } as const;

/**
 * helmet's options: each built page carries its own CSP <meta> with script hashes, so no CSP here;
 * `Strict-Transport-Security` is HSTS_OPTIONS, set by each server only over HTTPS.
 */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Headers for browsers no longer in use: helmet's `X-XSS-Protection: 0` only switched off an XSS
  // filter that no current browser has, `X-Download-Options` concerned Internet Explorer 8. Every
  // byte of a page's first answer counts toward the first round trip (about 14 KB, headers included).
  xXssProtection: false,
  xDownloadOptions: false,
};

/** JSON answers (the APIs, errors) and plain files load nothing and may not be framed. Pages override it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * A mail's HTML body shown to staff in the back office's frame (GET /mails/:id/html): our own HTML,
 * treated as untrusted all the same. It runs no script and is sandboxed without an origin even if
 * opened on its own, loads nothing (no image telling anyone it was read), keeps its inline styles,
 * posts no form, and only the back office's own pages may frame it.
 */
export const MAIL_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

/**
 * Pages carry their own Content-Security-Policy <meta> with script hashes; `frame-ancestors`
 * cannot be set by a <meta>, so pages get it as a header that restricts nothing else.
 */
export const PAGE_CSP = "frame-ancestors 'none'";
