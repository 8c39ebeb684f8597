import { sendSuccess } from '../../answers.ts';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { Language } from '../../../contracts/languages.ts';
import {
  MAX_UPLOAD_BYTES,
  PARTNER_API_BASE,
  PROOF_UPLOAD_FILE_FIELD,
  ProofFileQuerySchema,
  ProofUploadFieldsSchema,
  ProofValidationFieldsSchema,
} from '../../../contracts/partner-api.ts';
import { claimLogId } from '../../claim-log-id.ts';
import { loggableDatabaseError } from '../../db/errors.ts';
import { HttpError } from '../../errors.ts';
import { sendStoredFile } from '../../files/download.ts';
import { guardUploads } from '../../files/upload-guard.ts';
import { fieldLimitsOf, type ReceivedFile, receiveMultipart } from '../../files/upload.ts';
import { commonMessages, requestLanguage, translate } from '../../i18n/messages.ts';
import { clientAddressOf, limitByAddress, type RateLimitRule, tooManyRequests } from '../../security/rate-limit.ts';
import { findClaimForClaimant } from '../claims/claimant-access.ts';
import { claimMessages } from '../claims/messages.ts';
import { invalidRequest, parseInput } from '../http.ts';
import type { PartnerApiDependencies } from '../router.ts';
import { proofMessages } from './messages.ts';
import {
  deleteExpiredUploads,
  findTransmittedFile,
  parseUploadedProofs,
  recordTemporaryUpload,
  transmitProofs,
} from './service.ts';

/**
 * `POST justificatifs` (spec 2 §7 calls 4 and 5) and the download of a transmitted file.
 *
 * One path, two actions, both multipart, told apart by what the form carries:
 * - a file in `newfile` or a `type` field: an UPLOAD (`type`, `newfile`, `lang`); the file is
 *   stored as a temporary upload and `{temp_file, temp_name}` answered;
 * - neither: a VALIDATION (`claimNumber`, `lastName`, `justificatifs`, `additionalComment`,
 *   `lang`), which transmits temporary uploads to the claim and answers `{transmitted}`.
 * A field of the other action, or any unknown field, is refused by name.
 *
 * `GET justificatifs/fichier?proof=<id>&hash=<follow-up token>` sends back the latest file
 * transmitted for a proof, always as an attachment with `nosniff`. Only the mailed link's token
 * opens files (DESIGN.md §3): a claim number and last name, which an insured number's look-up
 * reveals, are refused with 403 however right they are, before anything is looked up.
 */

/**
 * POSTs to justificatifs (uploads and validations) one address may make in any hour: sized for a
 * campsite's Wi-Fi or a carrier NAT, where many guests send their documents from one address. What
 * all addresses together may store is bounded by the upload guard (guardUploads: an hourly byte
 * budget, free space kept on the disk, uploads at once), not by this count.
 */
export const PROOF_POSTS_PER_ADDRESS: RateLimitRule = { name: 'justificatifs:ip', limit: 300, windowMs: 60 * 60_000 };

/**
 * The bounds of a justificatifs body, either action: the fields of both forms with their own
 * lengths, and one file (what the upload guard counts a body without Content-Length as).
 */
const PROOF_FIELD_LIMITS = fieldLimitsOf(ProofUploadFieldsSchema, ProofValidationFieldsSchema);
const MAX_PROOF_BODY_BYTES =
  MAX_UPLOAD_BYTES + PROOF_FIELD_LIMITS.maxFields * PROOF_FIELD_LIMITS.maxFieldBytes + 64 * 1024;

/** One upload in this many also deletes expired temporary uploads, after its answer is sent. */
export const SWEEP_EVERY_UPLOADS = 20;

/** Every field either action may carry, as received; the action's own schema reads them next. */
const RawProofFields = z.object({
  type: z.string().optional(),
  lang: z.string().optional(),
  claimNumber: z.string().optional(),
  lastName: z.string().optional(),
  justificatifs: z.string().optional(),
  additionalComment: z.string().optional(),
});
type RawProofForm = z.output<typeof RawProofFields>;

// The contracts are `zod/mini` schemas: their shape and options are read through zod's core.
const UPLOAD_FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(ProofUploadFieldsSchema._zod.def.shape));

/** The fields of a file asked by claim number and last name, the way GET sinistres opens a claim. */
const NUMBER_AND_NAME_FIELDS = ['dossier_numero', 'dossier_nom'] as const;

/** The one refusal of a claim that cannot be opened: the same answer as GET sinistres. */
function claimNotFound(lang: Language): HttpError {
  return new HttpError(404, translate(claimMessages, 'claim_not_found', lang), undefined, 'claim_not_found');
}

/** Whether a form is an upload rather than a validation (see the module comment). */
function isUpload(form: { fields: RawProofForm; file?: ReceivedFile }): boolean {
  return form.file !== undefined || form.fields.type !== undefined;
}

export function createProofsRouter({ config, logger, database, fileStore }: PartnerApiDependencies): Router {
  const { db } = database;
  const router = Router();
  let uploadsSinceSweep = 0;

  /** Deletes expired temporary uploads in the background; a failure is logged, never answered. */
  const sweepExpiredUploads = (): void => {
    deleteExpiredUploads(db, fileStore)
      .then((sweep) => {
        if (sweep.deleted > 0) logger.info(sweep, 'expired temporary uploads deleted');
        if (sweep.bytesNotRemoved > 0) logger.warn(sweep, 'bytes of expired uploads could not be removed');
      })
      .catch((error: unknown) => logger.warn({ err: loggableDatabaseError(error) }, 'expired uploads sweep failed'));
  };

  /** Refuses an upload whose file is already stored: the file is removed first. */
  const refuseUpload = async (file: ReceivedFile | undefined, refusal: HttpError): Promise<never> => {
    if (file) await fileStore.remove(file.key).catch(() => undefined);
    throw refusal;
  };

  const answerUpload = async (
    request: Request,
    response: Response,
    form: { fields: RawProofForm; file?: ReceivedFile },
  ): Promise<void> => {
    const lang = requestLanguage(request);
    const { file } = form;
    const foreign = Object.keys(form.fields).filter((name) => !UPLOAD_FIELD_NAMES.has(name));
    if (foreign.length > 0) {
      const problem = translate(commonMessages, 'field_unknown', lang);
      return refuseUpload(
        file,
        new HttpError(
          400,
          translate(commonMessages, 'invalid_request', lang),
          Object.fromEntries(foreign.map((name) => [name, problem])),
          'invalid_fields',
        ),
      );
    }
    const fields = ProofUploadFieldsSchema.safeParse(form.fields);
    if (!fields.success) return refuseUpload(file, invalidRequest(fields.error.issues, lang));
    if (file === undefined)
      return refuseUpload(
        file,
        new HttpError(
          400,
          translate(commonMessages, 'missing_file', lang),
          { [PROOF_UPLOAD_FILE_FIELD]: translate(commonMessages, 'missing_file', lang) },
          'missing_file',
        ),
      );
    const upload = await recordTemporaryUpload(db, fileStore, file);
    logger.info({ mime: file.mime, size: file.size }, 'proof uploaded');
    sendSuccess(response, { data: { temp_file: upload.tempFile, temp_name: upload.tempName } });
    uploadsSinceSweep += 1;
    if (uploadsSinceSweep >= SWEEP_EVERY_UPLOADS) {
      uploadsSinceSweep = 0;
      sweepExpiredUploads();
    }
  };

  const answerValidation = async (request: Request, response: Response, raw: RawProofForm): Promise<void> => {
    const input = parseInput(ProofValidationFieldsSchema, raw, requestLanguage(request));
    const { lang } = input;
    // Refusals in the request's language (`lang`, else Accept-Language), not the schema's default.
    const refusalLang = requestLanguage(request);
    const items = parseUploadedProofs(input.justificatifs, input.additionalComment, refusalLang);
    const access = await findClaimForClaimant(
      db,
      { numero: input.claimNumber, nom: input.lastName },
      clientAddressOf(request),
    );
    if (access.status === 'rate_limited') throw tooManyRequests(request, response, access.state);
    if (access.status === 'not_found') throw claimNotFound(refusalLang);
    const transmitted = await transmitProofs(db, {
      claim: access.claim,
      items,
      comment: input.additionalComment,
      lang,
    });
    logger.info(
      { claim: claimLogId(access.claim.numero), transmitted, withComment: input.additionalComment !== '' },
      'proofs transmitted',
    );
    sendSuccess(response, { message: translate(proofMessages, 'proofs_transmitted', lang), data: { transmitted } });
  };

  router.post(
    `${PARTNER_API_BASE}/justificatifs`,
    limitByAddress(db, PROOF_POSTS_PER_ADDRESS),
    guardUploads({ db, store: fileStore, config, logger, maxBodyBytes: MAX_PROOF_BODY_BYTES }),
    async (request: Request, response: Response) => {
      response.setHeader('Cache-Control', 'no-store');
      const form = await receiveMultipart(request, {
        fields: RawProofFields,
        file: { fieldName: PROOF_UPLOAD_FILE_FIELD, required: false },
        store: fileStore,
        ...PROOF_FIELD_LIMITS,
      });
      if (isUpload(form)) await answerUpload(request, response, form);
      else await answerValidation(request, response, form.fields);
    },
  );

  router.get(`${PARTNER_API_BASE}/justificatifs/fichier`, async (request: Request, response: Response) => {
    response.setHeader('Cache-Control', 'no-store');
    const query = request.query as Record<string, unknown>;
    if (!('hash' in query) && NUMBER_AND_NAME_FIELDS.some((field) => field in query)) {
      const lang = requestLanguage(request);
      throw new HttpError(403, translate(proofMessages, 'files_by_link_only', lang), undefined, 'files_by_link_only');
    }
    const parsed = parseInput(ProofFileQuerySchema, query, requestLanguage(request));
    const access = await findClaimForClaimant(db, { hash: parsed.hash }, clientAddressOf(request));
    if (access.status === 'rate_limited') throw tooManyRequests(request, response, access.state);
    // Refusals in the request's language (`lang`, else Accept-Language), not the schema's default.
    if (access.status === 'not_found') throw claimNotFound(requestLanguage(request));
    const file = await findTransmittedFile(db, access.claim.id, parsed.proof);
    if (file === undefined) throw claimNotFound(requestLanguage(request));
    await sendStoredFile(response, fileStore, {
      key: file.storageKey,
      originalName: file.originalName,
      mime: file.mime,
      size: file.size,
    }).catch((error: unknown) => {
      // Bytes missing from the store: the same answer as any other file that cannot be sent.
      if (error instanceof HttpError && error.status === 404 && !response.headersSent) throw claimNotFound(parsed.lang);
      throw error;
    });
  });

  return router;
}
