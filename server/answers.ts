import type { Response } from 'express';

/**
 * The one way every API route answers: `{status: 'success' | 'error', …}` (spec 1 §7, spec 2 §7,
 * spec 3 §7), never cached unless the route said otherwise (`Cache-Control` set before). The partner API puts its payload under `data`, the statistics service
 * under `datas`: the specification's names, kept. Refusals are usually thrown as an `HttpError`
 * and written by `handleErrors` (errors.ts) with `sendError`; a route calls it itself only when the
 * specification gives the refusal more than `message`, `fields` and `code`.
 */
export interface SuccessBody {
  message?: string;
  data?: unknown;
  datas?: unknown;
  /** A page of a list (spec 3: claims, activities): the rows are `datas`, these say where it stands. */
  total?: number;
  page?: number;
  size?: number;
  pages?: number;
  /** The staff inbox list's brand choices, beside its page. */
  brands?: unknown;
  /** False when a staff edit held nothing new and nothing was written (the FAQ's PATCH). */
  changed?: boolean;
}

export interface ErrorBody {
  message: string;
  /** Per-field messages of an invalid request, keyed by field name. */
  fields?: Record<string, string> | undefined;
  /** Stable code for programs, e.g. `rate_limited` or `unsupported_format`. */
  code?: string | undefined;
  /** The back office's sign-in reads its refusal here (spec 3 §2), as well as in `message`. */
  error?: string;
  datas?: unknown;
}

export function sendSuccess(response: Response, body: SuccessBody = {}, httpStatus = 200): void {
  if (!response.hasHeader('Cache-Control')) response.setHeader('Cache-Control', 'no-store');
  response.status(httpStatus).json({ status: 'success', ...body });
}

export function sendError(response: Response, httpStatus: number, body: ErrorBody): void {
  if (!response.hasHeader('Cache-Control')) response.setHeader('Cache-Control', 'no-store');
  const { fields, code, ...rest } = body;
  response.status(httpStatus).json({
    status: 'error',
    ...rest,
    ...(fields === undefined ? {} : { fields }),
    ...(code === undefined ? {} : { code }),
  });
}
