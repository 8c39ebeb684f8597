import type { Request } from 'express';
import { z } from 'zod/mini';
import type { Language } from '../../contracts/languages.ts';
import { HttpError } from '../errors.ts';
import { commonMessages, requestLanguage, translate } from '../i18n/public.ts';

/**
 * The one way a server route reads what a request carries: its path parameters, query string,
 * JSON body or form fields (already read from a multipart body by `files/upload.ts`) are checked
 * against the route's schema from `contracts/`, and an invalid request is refused with an
 * `HttpError` worded by a refusal below, every text from the locale catalogues. Route modules never
 * read `request.body`, `request.query` or `request.params` themselves (`request-parsing.test.ts`).
 * Typed with zod's core so that classic schemas and the contracts' `zod/mini` schemas both fit.
 */

/** The schema's problems with a request. */
export type Issues = readonly z.core.$ZodIssue[];

/** How a route words an invalid request: the schema's problems → the error thrown (and answered). */
export type Refusal = (issues: Issues) => Error;

/** The parts of a request a route reads. */
type RequestPart = 'body' | 'query' | 'params';

// Refusals ---------------------------------------------------------------------------------------

/** The translated problem of one zod issue, phrased for the person who typed the field. */
function problemOf(issue: z.core.$ZodIssue, field: string, lang: Language): string {
  const text = (key: keyof typeof commonMessages, values?: Record<string, string | number>) =>
    translate(commonMessages, key, lang, values);
  if (issue.code === 'too_big' && typeof issue.maximum === 'number' && issue.origin === 'string')
    return text('field_too_long', { max: issue.maximum });
  if (issue.code === 'invalid_type' && issue.input === undefined) return text('field_required');
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1)
    return text('field_required');
  if (issue.code === 'invalid_format' && issue.format === 'email') return text('field_email');
  if (/telephone/.test(field)) return text('field_digits');
  if (/date/.test(field) || (issue.code === 'invalid_format' && issue.format === 'date')) return text('field_date');
  return text('field_invalid');
}

/**
 * Field name → translated problem, for the `fields` of a 400 answer. Unknown fields are named one
 * by one. A Map is used while building, since field names come from the client (`__proto__`).
 */
function translatedFieldProblems(issues: Issues, lang: Language): Record<string, string> {
  const problems = new Map<string, string>();
  const add = (field: string, problem: string) => {
    if (!problems.has(field)) problems.set(field, problem);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(key, translate(commonMessages, 'field_unknown', lang));
      continue;
    }
    const field = issue.path.map(String).join('.') || '_';
    add(field, problemOf(issue, field, lang));
  }
  const record: Record<string, string> = Object.create(null);
  for (const [field, problem] of problems) record[field] = problem;
  return record;
}

/** The partner API's refusal: 400 in the visitor's language, naming each bad field with its problem. */
export function invalidRequest(issues: Issues, lang: Language): HttpError {
  return new HttpError(400, translate(commonMessages, 'invalid_request', lang), translatedFieldProblems(issues, lang));
}

/** The partner API's refusal ({@link invalidRequest}) in a language. */
function refuseNamingFields(lang: Language): Refusal {
  return (issues) => invalidRequest(issues, lang);
}

/** A 400 saying only that a value is not valid, in a language: reports a browser sends, no one reads. */
export function refuseAsInvalidValue(lang: Language): Refusal {
  return () => new HttpError(400, translate(commonMessages, 'field_invalid', lang));
}

/**
 * The staff API's short refusal: 400 with the first problem's message (the schemas' messages are
 * the staff texts), or `fallback` when the schema gave none.
 */
export function refuseWithFirstProblem(fallback: string): Refusal {
  return (issues) => new HttpError(400, issues[0]?.message ?? fallback);
}

/** A 400 saying `message`, with no detail: a path parameter that names nothing. */
export function refuseWith(message: string): Refusal {
  return () => new HttpError(400, message);
}

/**
 * The staff API's detailed refusal: 400 saying `message`, code `invalid_request`, each bad field
 * with the schema's message for it.
 */
export function refuseNamingProblems(message: string): Refusal {
  return (issues) => {
    const fields: Record<string, string> = {};
    for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return new HttpError(400, message, fields, 'invalid_request');
  };
}

// Parsing ----------------------------------------------------------------------------------------

/** The checked input, or the schema's problems with it; for a parse whose refusal is not thrown at once. */
export function checkInput<Schema extends z.core.$ZodType>(
  schema: Schema,
  input: unknown,
): { success: true; data: z.output<Schema> } | { success: false; issues: Issues } {
  const result = z.safeParse(schema, input);
  return result.success ? { success: true, data: result.data } : { success: false, issues: result.error.issues };
}

/**
 * Parses input a route already holds (a form's fields read from a multipart body) with a schema,
 * or throws the refusal; a language alone means the partner API's refusal in it.
 */
export function parseInput<Schema extends z.core.$ZodType>(
  schema: Schema,
  input: unknown,
  refusal: Refusal | Language,
): z.output<Schema> {
  const result = checkInput(schema, input);
  if (result.success) return result.data;
  throw (typeof refusal === 'function' ? refusal : refuseNamingFields(refusal))(result.issues);
}

/** A part of the request as received; a JSON route without a JSON body reads as an empty object. */
function partOf(request: Request, part: RequestPart): unknown {
  return (request[part] as unknown) ?? {};
}

/**
 * Parses a part of the request with the route's schema, or throws the refusal: by default the
 * partner API's, in the request's language (`lang`, else Accept-Language).
 */
function parsePart<Schema extends z.core.$ZodType>(
  request: Request,
  part: RequestPart,
  schema: Schema,
  refusal: Refusal | undefined,
): z.output<Schema> {
  return parseInput(schema, partOf(request, part), refusal ?? requestLanguage(request));
}

/** The JSON (or form) body, checked by the route's schema. */
export function parseBody<Schema extends z.core.$ZodType>(
  request: Request,
  schema: Schema,
  refusal?: Refusal,
): z.output<Schema> {
  return parsePart(request, 'body', schema, refusal);
}

/** The query string, checked by the route's schema. */
export function parseQuery<Schema extends z.core.$ZodType>(
  request: Request,
  schema: Schema,
  refusal?: Refusal,
): z.output<Schema> {
  return parsePart(request, 'query', schema, refusal);
}

/** The path parameters, checked by the route's schema. */
export function parseParams<Schema extends z.core.$ZodType>(
  request: Request,
  schema: Schema,
  refusal?: Refusal,
): z.output<Schema> {
  return parsePart(request, 'params', schema, refusal);
}

/**
 * The body checked by the route's schema, or the schema's problems with it: for a route whose
 * refusal carries more than an `HttpError` answers (the sign-in's `error`, besides `message`).
 */
export function checkBody<Schema extends z.core.$ZodType>(
  request: Request,
  schema: Schema,
): { success: true; data: z.output<Schema> } | { success: false; issues: Issues } {
  return checkInput(schema, partOf(request, 'body'));
}

/**
 * One field of the body or query as sent, unchecked (undefined when absent): for a route that
 * tells two requests sharing a path apart before choosing the schema that reads it.
 */
export function sentField(request: Request, part: 'body' | 'query', name: string): unknown {
  const received = request[part] as unknown;
  if (typeof received !== 'object' || received === null || !Object.hasOwn(received, name)) return undefined;
  return (received as Record<string, unknown>)[name];
}
