import { CLIENT_ERROR_COUNTS_PATH } from '../contracts/client-errors.ts';
import { FIND_NUMBER_RATE_PATH, FOLLOW_UP_RATE_PATH } from '../contracts/analysis.ts';
import { SESSION_PATH } from '../contracts/backoffice.ts';
import { FAQ_PATH } from '../contracts/faq-base.ts';
import { PARTNER_API_BASE } from '../contracts/partner-api-base.ts';
import { SECURITY_EVENT_COUNTS_PATH } from '../contracts/security-events.ts';

/**
 * Which requests the server processes (the origin) answer when the built site is served by a CDN
 * or a static web server: every method but GET and HEAD, and the GETs below. The rest is the
 * static site (scripts/cdn/site-rules.ts). `npm run cluster` routes its load balancer with this
 * list, and server/origin-paths.test.ts checks it against the routes the Express app mounts.
 */
export const ORIGIN_GET_PATHS = {
  /** Every path under these (socket.io's polling and WebSocket, the partner API, staff reads). */
  prefixes: [
    '/socket.io/',
    `${PARTNER_API_BASE}/`,
    '/activities/',
    '/sinistres/',
    '/a_traiter/',
    '/messagerie/',
    '/mails/',
  ],
  /** These paths exactly. */
  exact: [
    '/healthz',
    '/activities',
    '/sinistres',
    '/a_traiter',
    '/messagerie',
    '/messagerie_equipe',
    '/mails',
    SESSION_PATH,
    CLIENT_ERROR_COUNTS_PATH,
    FIND_NUMBER_RATE_PATH,
    FOLLOW_UP_RATE_PATH,
    SECURITY_EVENT_COUNTS_PATH,
  ],
  /**
   * A page for a browser and the staff's JSON for a client that asks for JSON first (the back
   * office sends `Accept: application/json`), as server/faq/routes.ts negotiates.
   */
  negotiated: [FAQ_PATH],
} as const;

/** The request methods the static site answers; any other goes to the origin. */
export const STATIC_METHODS = ['GET', 'HEAD'] as const;

/** Whether a GET of `path` goes to the origin (without content negotiation). */
export function isOriginGetPath(path: string): boolean {
  return (
    ORIGIN_GET_PATHS.prefixes.some((prefix) => path.startsWith(prefix)) ||
    (ORIGIN_GET_PATHS.exact as readonly string[]).includes(path)
  );
}
