import { publicConfig } from '../lib/public-config.ts';

/**
 * The browser's one HTTP client: every request of the islands, the site's scripts, the kept
 * declarations' sender and the service worker's code goes through here, the back office apart
 * (backoffice/api/client.ts). It knows the two origins, the timeouts and aborts, JSON and
 * multipart bodies, and turns every exchange into a `RawAnswer` (a status and the body read as
 * JSON, or no answer) that the feature APIs read with their contract. Nothing here touches the
 * DOM: the service worker imports it too.
 */

/** The partner API's origin: the site's own unless the deployment points elsewhere. */
export const PARTNER_API_ORIGIN: string = publicConfig.partnerApiUrl;

/** The statistics service's origin (reports, FAQ assistant, live socket): the site's own by default. */
export const STATS_ORIGIN: string = publicConfig.statsUrl;

/** What came back, unread: a status and a JSON body (undefined when it is not JSON), or no answer. */
export type RawAnswer =
  | { answered: true; status: number; body: unknown; retryAfter: string | null }
  | { answered: false };

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as they are (`Accept`, `Content-Type`, `Idempotency-Key`…). */
  headers?: Record<string, string>;
  /** A multipart form, or a body already encoded (a `JSON.stringify`'d string with its `Content-Type`). */
  body?: BodyInit | null;
  /** Given up after this long, the body's reading included. */
  timeoutMs?: number;
  /** The caller's own reason to stop (a newer search, a closed page). */
  signal?: AbortSignal;
  credentials?: RequestCredentials;
}

function signalOf(request: HttpRequest): AbortSignal | undefined {
  const signals = [
    ...(request.timeoutMs === undefined ? [] : [AbortSignal.timeout(request.timeoutMs)]),
    ...(request.signal ? [request.signal] : []),
  ];
  if (signals.length <= 1) return signals[0];
  return AbortSignal.any(signals);
}

/** Sends one request and reads its answer as JSON; never rejects (no answer is `{ answered: false }`). */
export async function sendRequest(url: string | URL, request: HttpRequest = {}): Promise<RawAnswer> {
  try {
    const signal = signalOf(request);
    const response = await fetch(url, {
      ...(request.method === undefined ? {} : { method: request.method }),
      ...(request.headers === undefined ? {} : { headers: request.headers }),
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.credentials === undefined ? {} : { credentials: request.credentials }),
      ...(signal === undefined ? {} : { signal }),
    });
    const body: unknown = await response.json().catch(() => undefined);
    return { answered: true, status: response.status, body, retryAfter: response.headers.get('Retry-After') };
  } catch {
    return { answered: false };
  }
}

/**
 * POSTs a report (JSON) and forgets it: it never throws, never delays the page, and survives the
 * page being left (`keepalive`); a service that is down costs the visitor nothing.
 */
export function sendReport(url: string, report: unknown): void {
  try {
    void fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A browser without fetch or with a refused request: the report is optional.
  }
}

/**
 * POSTs a multipart form with its upload's progress (0 to 1), which fetch does not report: sent
 * with XMLHttpRequest. Resolves as `sendRequest` does; an abort, an error or the timeout is no answer.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  options: {
    headers?: Record<string, string>;
    timeoutMs: number;
    onProgress?: ((fraction: number) => void) | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.timeout = options.timeoutMs;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    const failed = () => resolve({ answered: false });
    request.addEventListener('error', failed);
    request.addEventListener('timeout', failed);
    request.addEventListener('abort', failed);
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve({ answered: true, status: request.status, body, retryAfter: request.getResponseHeader('Retry-After') });
    });
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
