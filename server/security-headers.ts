import type { HelmetOptions } from 'helmet';

/**
 * The security headers of every answer, in one place: the Express app sets them (server/app.ts,
 * server/site/routes.ts) and the build writes the same ones for a CDN (scripts/cdn/site-rules.ts).
 */

/** helmet's options: each built page carries its own CSP <meta> with script hashes, so no CSP here. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: false,
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
};

/** JSON answers (the APIs, errors) and plain files load nothing and may not be framed. Pages override it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Pages carry their own Content-Security-Policy <meta> with script hashes; `frame-ancestors`
 * cannot be set by a <meta>, so pages get it as a header that restricts nothing else.
 */
export const PAGE_CSP = "frame-ancestors 'none'";
