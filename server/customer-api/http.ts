import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod/mini';
import { HttpError } from '../errors.ts';
import { UploadError } from '../files/public.ts';
import { commonMessages, requestLanguage, translate } from '../i18n/public.ts';
import { invalidRequest } from '../http/public.ts';

/**
 * What every partner API route shares: the translation of refusals thrown by lower layers (file
 * uploads, zod), worded as the request parser's (`server/http/parse-request.ts`). Answers:
 * `server/answers.ts`.
 */

/**
 * Error middleware of the partner API: puts refusals of lower layers (uploads, zod) into the
 * visitor's language before the app's one error middleware answers them.
 */
export function translateRefusals() {
  return (error: unknown, request: Request, _response: Response, next: NextFunction): void => {
    const lang = requestLanguage(request);
    if (error instanceof UploadError) {
      if (error.code === 'invalid_fields') {
        next(invalidRequest(error.issues, lang));
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
