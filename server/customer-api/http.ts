import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod/mini';
import type { Language } from '../../contracts/languages.ts';
import { HttpError } from '../errors.ts';
import { UploadError } from '../files/public.ts';
import { commonMessages, requestLanguage, translate } from '../i18n/public.ts';

/**
 * What every partner API route shares: input parsing with translated per-field problems, and the
 * translation of refusals thrown by lower layers (file uploads, zod). Answers: `server/answers.ts`.
 */

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
function translatedFieldProblems(issues: readonly z.core.$ZodIssue[], lang: Language): Record<string, string> {
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

/** A 400 refusal in the visitor's language, naming each bad field. */
export function invalidRequest(issues: readonly z.core.$ZodIssue[], lang: Language): HttpError {
  return new HttpError(400, translate(commonMessages, 'invalid_request', lang), translatedFieldProblems(issues, lang));
}

/**
 * Parses a query or body with a schema, or throws a translated 400 naming each bad field. Typed
 * with zod's core so that classic schemas and the contracts' `zod/mini` schemas both fit.
 */
export function parseInput<Schema extends z.core.$ZodType>(
  schema: Schema,
  input: unknown,
  lang: Language,
): z.output<Schema> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw invalidRequest(result.error.issues, lang);
  return result.data;
}

/**
 * Error middleware of the partner API: puts refusals of lower layers (uploads, zod) into the
 * visitor's language before the app's one error middleware answers them.
 */
export function translateRefusals() {
  return (error: unknown, request: Request, _response: Response, next: NextFunction): void => {
    const lang = requestLanguage(request);
    if (error instanceof UploadError) {
      if (error.code === 'invalid_fields') {
        next(
          new HttpError(
            400,
            translate(commonMessages, 'invalid_request', lang),
            translatedFieldProblems(error.issues, lang),
          ),
        );
        return;
      }
      const key =
        error.code === 'unsupported_format' || error.code === 'file_too_large' || error.code === 'missing_file'
          ? error.code
          : 'malformed_request';
      const message = translate(commonMessages, key, lang);
      // The file field of a refused file (`newfile`) is named with the same translated message.
      const fields = error.fields && Object.fromEntries(Object.keys(error.fields).map((field) => [field, message]));
      next(new HttpError(error.status, message, fields, error.code));
      return;
    }
    // Classic and `zod/mini` errors are both core errors.
    if (error instanceof z.core.$ZodError) {
      next(invalidRequest(error.issues, lang));
      return;
    }
    next(error);
  };
}
