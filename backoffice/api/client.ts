import { z } from 'zod/mini';
import { StaffRefusalSchema } from '../../contracts/backoffice.ts';

/**
 * The back office's one client of the statistics service (spec 3 §7), on the server's own origin:
 * every page calls the server through it, the sign-in and the sign-out included. Every answer is
 * parsed with its contract schema. A 401 means the staff session is gone (logged out, idle 30
 * minutes, 10 hours old): the page goes to /bo_login, whatever the browser's flag, unless the call
 * says it expects one (the sign-in page itself).
 */

export type StaffApiResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      kind: 'http';
      status: number;
      /** The server's reason, when it gave one. */
      message: string | undefined;
      /** A refused sign-in's reason, as the sign-in form shows it (spec 3 §2). */
      error: string | undefined;
    }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'invalid'; status: number };

/** Back-office reads answer within this (a year of statistics included). */
const TIMEOUT_MS = 30_000;

/**
 * Set once the page leaves for the sign-in page: a call refused meanwhile (the badges' counts,
 * read every minute) starts no second navigation, which would abort the first.
 */
let leaving = false;

/** Where a page without a session goes; `next` brings the staff member back after signing in. */
export function goToLogin(): void {
  if (leaving) return;
  leaving = true;
  const next = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/bo_login?next=${encodeURIComponent(next)}`);
}

/** Leaves for the sign-in page after a sign-out, without coming back here on "Back". */
export function leaveAfterLogout(): void {
  leaving = true;
  window.location.replace('/bo_login');
}

export interface StaffRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** A 401 is answered as a failure instead of leaving for /bo_login (the sign-in page's own calls). */
  unauthorizedIsAnswer?: boolean;
}

function urlOf(path: string, query: StaffRequest['query']): string {
  const entries = Object.entries(query ?? {}).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
}

/** Calls `path` and parses the answer with `schema`; a 401 leaves for the login page unless `unauthorizedIsAnswer`. */
export async function staffApi<Schema extends z.core.$ZodType>(
  path: string,
  schema: Schema,
  request: StaffRequest = {},
): Promise<StaffApiResult<z.output<Schema>>> {
  let response: Response;
  try {
    const signals = [AbortSignal.timeout(TIMEOUT_MS), ...(request.signal ? [request.signal] : [])];
    response = await fetch(urlOf(path, request.query), {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        request.body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: AbortSignal.any(signals),
    });
  } catch {
    return { ok: false, kind: 'network' };
  }
  if (response.status === 401 && !request.unauthorizedIsAnswer) {
    goToLogin();
    return { ok: false, kind: 'http', status: 401, message: undefined, error: undefined };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const refusal = z.safeParse(StaffRefusalSchema, body);
    const { message, error } = refusal.success ? refusal.data : {};
    return { ok: false, kind: 'http', status: response.status, message, error };
  }
  const parsed = z.safeParse(schema, body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, kind: 'invalid', status: response.status };
}
