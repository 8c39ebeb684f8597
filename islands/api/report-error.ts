import {
  CLIENT_ERROR_CODES,
  CLIENT_ERROR_PAGE_FORMAT,
  CLIENT_ERROR_PAGE_MAX_LENGTH,
  CLIENT_ERRORS_PATH,
  type ClientErrorCode,
} from '../../contracts/client-error-codes.ts';
import { STATS_ORIGIN, sendReport } from './http.ts';

/** The browser's side of `POST /client_errors` (contracts/client-errors.ts, server/customer-api/client-errors/). */

const KNOWN_CODES: ReadonlySet<string> = new Set(CLIENT_ERROR_CODES);

/** A page that fails in a loop reports each code this many times at most. */
const MAX_REPORTS_PER_CODE = 3;
/** And this many reports in all. */
const MAX_REPORTS_PER_PAGE = 20;

const sentByCode = new Map<string, number>();
let sent = 0;

/** The code of the allow-list that `code` names: `6548 (12)` names 6548 (the guarantee id stays here). */
export function reportedCodeOf(code: string | number): ClientErrorCode | undefined {
  const leading = /^[0-9]{1,6}[A-Z]?/.exec(String(code))?.[0];
  return leading !== undefined && KNOWN_CODES.has(leading) ? (leading as ClientErrorCode) : undefined;
}

/** The page's path when it fits the server's format, else nothing (the code alone still counts). */
function currentPage(): string | undefined {
  const path = window.location.pathname;
  return path.length <= CLIENT_ERROR_PAGE_MAX_LENGTH && CLIENT_ERROR_PAGE_FORMAT.test(path) ? path : undefined;
}

function send(code: ClientErrorCode): void {
  const count = sentByCode.get(code) ?? 0;
  if (count >= MAX_REPORTS_PER_CODE || sent >= MAX_REPORTS_PER_PAGE) return;
  sentByCode.set(code, count + 1);
  sent += 1;
  const page = currentPage();
  sendReport(`${STATS_ORIGIN}${CLIENT_ERRORS_PATH}`, page === undefined ? { code } : { code, page });
}

/**
 * Reports a numbered error of the specification (639 incomplete submit, 640 empty acquisition
 * method, 651 missing contract company…) for the people who run the portal: written to the console
 * and sent to the server (`POST /client_errors`), which logs and counts it per code and day for the
 * back office. Only the code and the page's path travel, never a message, a query string or what
 * the visitor typed; the visitor sees a translated message instead. Fire and forget: a report never
 * throws, never delays the page, and survives the page being left (`keepalive`).
 */
export function reportError(code: string | number, context?: Readonly<Record<string, string | number>>): void {
  console.warn(`[portal] error ${code}`, context ?? {});
  const reported = reportedCodeOf(code);
  if (reported !== undefined && typeof window !== 'undefined') send(reported);
}
