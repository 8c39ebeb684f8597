import type { Request } from 'express';
import { z } from 'zod/mini';
import type { Language } from '../../../contracts/languages.ts';
import {
  MAX_UPLOAD_BYTES,
  PROOF_UPLOAD_FILE_FIELD,
  ProofUploadFieldsSchema,
  ProofValidationFieldsSchema,
} from '../../../contracts/partner-api.ts';
import { HttpError } from '../../errors.ts';
import { type FileStore, fieldLimitsOf, type ReceivedFile, receiveMultipart } from '../../files/public.ts';
import { commonMessages, translate } from '../../i18n/public.ts';
import { checkInput, invalidRequest } from '../../http/public.ts';

/**
 * The multipart body of `POST justificatifs`, apart from what the routes do with it. One path,
 * two actions, told apart by what the form carries:
 * - a file in `newfile` or a `type` field: an UPLOAD (`type`, `newfile`, `lang`);
 * - neither: a VALIDATION (`hash`, `claimNumber`, `lastName`, `justificatifs`, `additionalComment`, `lang`).
 * A field of the other action, or any unknown field, is refused by name.
 */

/**
 * The bounds of a justificatifs body, either action: the fields of both forms with their own
 * lengths, and one file (what the upload guard counts a body without Content-Length as).
 */
const PROOF_FIELD_LIMITS = fieldLimitsOf(ProofUploadFieldsSchema, ProofValidationFieldsSchema);
export const MAX_PROOF_BODY_BYTES =
  MAX_UPLOAD_BYTES + PROOF_FIELD_LIMITS.maxFields * PROOF_FIELD_LIMITS.maxFieldBytes + 64 * 1024;

/** Every field either action may carry, as received; the action's own schema reads them next. */
const RawProofFields = z.object({
  type: z.optional(z.string()),
  lang: z.optional(z.string()),
  hash: z.optional(z.string()),
  claimNumber: z.optional(z.string()),
  lastName: z.optional(z.string()),
  justificatifs: z.optional(z.string()),
  additionalComment: z.optional(z.string()),
});
export type RawProofFields = z.output<typeof RawProofFields>;

/** A received justificatifs form: its fields, and its file already in the store when it had one. */
export interface ProofForm {
  fields: RawProofFields;
  file?: ReceivedFile;
}

// The contracts are `zod/mini` schemas: their shape and options are read through zod's core.
const UPLOAD_FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(ProofUploadFieldsSchema._zod.def.shape));

/** Reads the body (its file, if any, streamed to `store`) within the bounds of either action. */
export function receiveProofForm(request: Request, store: FileStore): Promise<ProofForm> {
  return receiveMultipart(request, {
    fields: RawProofFields,
    file: { fieldName: PROOF_UPLOAD_FILE_FIELD, required: false },
    store,
    ...PROOF_FIELD_LIMITS,
  });
}

/** Whether a form is an upload rather than a validation. */
export function isUpload(form: ProofForm): boolean {
  return form.file !== undefined || form.fields.type !== undefined;
}

/**
 * An upload form's file once its fields are checked, or the refusal to answer, worded in `lang`:
 * a field an upload does not take (named), invalid fields, or no file.
 */
export function checkUpload(form: ProofForm, lang: Language): { file: ReceivedFile } | { refusal: HttpError } {
  const foreign = Object.keys(form.fields).filter((name) => !UPLOAD_FIELD_NAMES.has(name));
  if (foreign.length > 0) {
    const problem = translate(commonMessages, 'field_unknown', lang);
    const fields = Object.fromEntries(foreign.map((name) => [name, problem]));
    return {
      refusal: new HttpError(400, translate(commonMessages, 'invalid_request', lang), fields, 'invalid_fields'),
    };
  }
  const fields = checkInput(ProofUploadFieldsSchema, form.fields);
  if (!fields.success) return { refusal: invalidRequest(fields.issues, lang) };
  if (form.file === undefined) {
    const missing = translate(commonMessages, 'missing_file', lang);
    return { refusal: new HttpError(400, missing, { [PROOF_UPLOAD_FILE_FIELD]: missing }, 'missing_file') };
  }
  return { file: form.file };
}
