import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { type DestinationStream, type Logger, type LevelWithSilent, pino } from 'pino';
import { withoutClaimNumbers } from './claim-log-id.ts';

export type { Logger } from 'pino';

/**
 * Fields that may carry personal data or secrets, censored wherever they appear in a log object.
 * A second line of defence: the code logs none of them on purpose.
 */
const REDACTED_PATHS = [
  'req.headers',
  'req.query',
  'req.body',
  'req.remoteAddress',
  'headers',
  'query',
  'body',
  'cookie',
  'cookies',
  'ip',
  '*.headers',
  '*.cookie',
  '*.ip',
  'password',
  '*.password',
  'token',
  '*.token',
  'email',
  '*.email',
  'phone',
  '*.phone',
  'firstName',
  'lastName',
  '*.firstName',
  '*.lastName',
  'authorization',
  '*.authorization',
];

/** The JSON logger of the server: one object per line on stdout (or on `destination`, for tests). */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/** A request id the client chose is kept only when it is a harmless token (proxies set one). */
const REQUEST_ID = /^[A-Za-z0-9_.-]{8,64}$/;

/** Reads the request id set by `logRequests`. */
export function requestIdOf(response: Response): string | undefined {
  const id = response.locals['requestId'];
  return typeof id === 'string' ? id : undefined;
}

/**
 * Logs one line per request once it ends: method, path without query string, status, duration and
 * request id. Never the query string, body, headers, IP or cookies: they carry insured numbers,
 * names and tokens; never a claim number in clear either (claim-log-id.ts).
 */
export function logRequests(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const incoming = request.get('x-request-id');
    const requestId = incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    response.locals['requestId'] = requestId;
    response.setHeader('X-Request-Id', requestId);
    // A back-office path names a claim (`/sinistres/SI-0000003`): logged by its keyed id instead.
    const path = withoutClaimNumbers(request.originalUrl.split('?', 1)[0] ?? '/');
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      logger.info(
        {
          requestId,
          method: request.method,
          path,
          status: response.statusCode,
          durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          ...(response.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    };
    response.once('finish', log);
    response.once('close', log);
    next();
  };
}
