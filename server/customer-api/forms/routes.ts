import { sendSuccess } from '../../answers.ts';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod/mini';
import {
  ComplaintFormSchema,
  ContactFormSchema,
  FORM_FILES_FIELD,
  FORM_KEY_FIELD,
  FORM_POSTER_PATH,
  MAX_COMPLAINT_FILES,
  MAX_UPLOAD_BYTES,
} from '../../../contracts/partner-api.ts';
import { HttpError } from '../../errors.ts';
import { guardUploads, fieldLimitsOf, receiveMultipartFiles, UploadError } from '../../files/public.ts';
import { requestLanguage, translate } from '../../i18n/public.ts';
import { hitRateLimit, limitByAddress, type RateLimitRule, tooManyRequests } from '../../security/public.ts';
import type { PartnerApiDependencies } from '../dependencies.ts';
import { formMessages } from './messages.ts';
import { discardingFilesOnFailure, FORM_FIELD_NAMES, readSubmission, recipientOf, submitForm } from './service.ts';

/**
 * `POST /actions/modules/formulaire/poster.php` (spec 2 §7 call 9): the complaint and contact
 * forms, multipart. Which form is posted is `data_form[key]` (`reclamation` or `contact`); its
 * fields are `data_form[formulaire][<field>]`; beside them `lang`, an optional `company` (a brand
 * slug) and, for the complaint only, up to 5 files (PDF, PNG or JPEG) in `data_form[fichiers]`.
 * Success: HTTP 200 `{status: 'success', message}`; the acknowledgement mail is queued.
 */

/**
 * Forms one address may post in any hour: counted before the body is read, so a flood stores no
 * file; room for several guests behind one campsite or carrier address (their mailboxes are
 * protected by FORMS_PER_RECIPIENT, the disk by the upload guard).
 */
export const FORMS_PER_ADDRESS: RateLimitRule = { name: 'formulaire:ip', limit: 30, windowMs: 60 * 60_000 };
/** Forms acknowledged to one e-mail address (its hash): nobody's mailbox is flooded through us. */
export const FORMS_PER_RECIPIENT: RateLimitRule = { name: 'formulaire:email', limit: 5, windowMs: 60 * 60_000 };

/** The bounds of a form's fields, from the complaint and contact schemas (see fieldLimitsOf). */
const FORM_FIELD_LIMITS = fieldLimitsOf(ComplaintFormSchema, ContactFormSchema);
/** The largest complaint: its files and its fields (what a body without Content-Length counts as). */
const MAX_FORM_BODY_BYTES =
  MAX_COMPLAINT_FILES * MAX_UPLOAD_BYTES + FORM_FIELD_LIMITS.maxFields * FORM_FIELD_LIMITS.maxFieldBytes + 64 * 1024;

const optional = z.optional(z.string());
const RawFormFields = z.object({
  [FORM_KEY_FIELD]: optional,
  lang: optional,
  company: optional,
  ...Object.fromEntries(FORM_FIELD_NAMES.map((name) => [name, optional])),
});

export function createFormsRouter({
  config,
  logger,
  database,
  brands,
  fileStore,
  securityEvents,
}: PartnerApiDependencies): Router {
  const { db } = database;
  const router = Router();
  const guard = guardUploads({
    db,
    store: fileStore,
    config,
    logger,
    securityEvents,
    maxBodyBytes: MAX_FORM_BODY_BYTES,
  });

  router.post(
    FORM_POSTER_PATH,
    limitByAddress(db, FORMS_PER_ADDRESS),
    guard,
    async (request: Request, response: Response) => {
      response.setHeader('Cache-Control', 'no-store');
      const { fields, files } = await receiveMultipartFiles(request, {
        fields: RawFormFields,
        files: { fieldName: FORM_FILES_FIELD, maxFiles: MAX_COMPLAINT_FILES },
        store: fileStore,
        ...FORM_FIELD_LIMITS,
      }).catch((error: unknown) => {
        if (!(error instanceof UploadError && error.code === 'too_many_files')) throw error;
        const message = translate(formMessages, 'too_many_files', requestLanguage(request), {
          max: MAX_COMPLAINT_FILES,
        });
        throw new HttpError(400, message, { [FORM_FILES_FIELD]: message }, 'too_many_files');
      });
      const submission = await discardingFilesOnFailure(fileStore, files, async () => {
        const read = readSubmission(
          fields as Record<string, string | undefined>,
          files.length,
          brands,
          requestLanguage(request),
        );
        const perRecipient = await hitRateLimit(db, FORMS_PER_RECIPIENT, recipientOf(read).toLowerCase());
        if (!perRecipient.allowed) throw tooManyRequests(request, response, perRecipient);
        await submitForm({ database, logger }, read, files);
        return read;
      });
      sendSuccess(response, {
        message: translate(
          formMessages,
          submission.key === 'reclamation' ? 'complaint_sent' : 'request_sent',
          submission.lang,
        ),
      });
    },
  );

  return router;
}
