import { sendError } from './answers.ts';
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod/mini';
import { loggableDatabaseError, sqlStateOf } from './db/public.ts';
import { commonMessages, requestLanguage, translate } from './i18n/public.ts';
import { type Logger, requestIdOf } from './logger.ts';

/** The one error envelope of every JSON answer that fails. */
/** An error meant for the client: routes throw it, the error middleware answers with its status. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly code: string | undefined;

  constructor(status: number, message: string, fields?: Record<string, string>, code?: string) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.code = code;
  }
}

/**
 * Errors of body parsers and similar middleware carry a 4xx `status` and an `expose` flag. The
 * router's failure to decode a path parameter (`/sinistres/%ZZ`) is a URIError with status 400
 * and no flag: a client error too (the fuzz suite found it answering 500).
 */
function clientStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  return expose === true || (error instanceof URIError && status === 400) ? status : undefined;
}

function fieldsOf(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The JSON 404 of anything no route answered (non-GET requests: pages have their own 404). */
export function notFound(_request: Request, response: Response): void {
  sendError(response, 404, { message: 'Not found' });
}

/**
 * The one error middleware. Client errors answer their own message; anything else is logged
 * (without request data, which can be personal) and answers a generic 500. Refusals of zod and of
 * middleware (body parsers: broken JSON, too large, unknown charset; undecodable path parameters)
 * answer in the request's language (`lang`, else Accept-Language), never the library's English.
 */
export function handleErrors(logger: Logger) {
  return (error: unknown, request: Request, response: Response, next: NextFunction): void => {
    if (response.headersSent) {
      // Too late for an envelope: Express's default handler closes the connection.
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      sendError(response, error.status, { message: error.message, fields: error.fields, code: error.code });
      return;
    }
    // Classic and `zod/mini` errors are both core errors.
    if (error instanceof z.core.$ZodError) {
      const message = translate(commonMessages, 'invalid_request', requestLanguage(request));
      sendError(response, 400, { message, fields: fieldsOf(error) });
      return;
    }
    const clientStatus = clientStatusOf(error);
    if (clientStatus !== undefined) {
      const key = clientStatus === 413 ? 'request_too_large' : 'malformed_request';
      sendError(response, clientStatus, {
        message: translate(commonMessages, key, requestLanguage(request)),
        code: key,
      });
      return;
    }
    // A value PostgreSQL refuses (SQLSTATE class 22: a NUL in text, a 2024-13-45 date, a number
    // out of range) came from the request past a schema too lenient: the request is at fault,
    // and the schema is logged to be tightened (the fuzz suite found such values answering 500).
    if (sqlStateOf(error)?.startsWith('22')) {
      logger.warn(
        { err: loggableDatabaseError(error), requestId: requestIdOf(response) },
        'value refused by the database',
      );
      sendError(response, 400, {
        message: translate(commonMessages, 'invalid_request', requestLanguage(request)),
        code: 'invalid_request',
      });
      return;
    }
    // A database error's message and parameters quote the claimant's data: only its codes are logged.
    logger.error({ err: loggableDatabaseError(error), requestId: requestIdOf(response) }, 'unhandled error');
    sendError(response, 500, { message: 'Internal server error' });
  };
}
