import { sendSuccess } from '../../answers.ts';
import { type Request, type Response, Router } from 'express';
import type { Language } from '../../../contracts/languages.ts';
import { PARTNER_API_BASE, ProofFileQuerySchema, ProofValidationFieldsSchema } from '../../../contracts/partner-api.ts';
import { claimLogId } from '../../claim-log-id.ts';
import { mailLinkOrigin } from '../../config.ts';
import { type AppDatabase, loggableDatabaseError } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import { sendStoredFile, type FileStore, guardUploads } from '../../files/public.ts';
import { apiMessages, requestLanguage, translate } from '../../i18n/public.ts';
import type { Logger } from '../../logger.ts';
import type { ClaimChangeSignal } from '../../claim-change-signal.ts';
import {
  type SecurityEvents,
  clientAddressOf,
  limitByAddress,
  type RateLimitRule,
  tooManyRequests,
} from '../../security/public.ts';
import { findClaimForClaimant } from '../claims/claimant-access.ts';
import { claimMessages } from '../claims/messages.ts';
import type { PartnerApiDependencies } from '../dependencies.ts';
import { parseInput, parseQuery, sentField } from '../../http/public.ts';
import { proofMessages } from './messages.ts';
import {
  checkUpload,
  isUpload,
  MAX_PROOF_BODY_BYTES,
  type ProofForm,
  type RawProofFields,
  receiveProofForm,
} from './proof-form.ts';
import {
  deleteExpiredUploads,
  findTransmittedFile,
  type ProofsMailing,
  parseUploadedProofs,
  recordTemporaryUpload,
  transmitProofs,
} from './service.ts';

/**
 * `POST justificatifs` (spec 2 §7 calls 4 and 5) and the download of a transmitted file.
 *
 * One path, two actions, both multipart (proof-form.ts tells them apart): an UPLOAD stores the
 * file as a temporary upload and answers `{temp_file, temp_name}`; a VALIDATION transmits
 * temporary uploads to the claim and answers `{transmitted}`.
 *
 * A validation writes to a claim: it opens the claim by the follow-up link's token (`hash`) only;
 * `claimNumber` + `lastName` alone are refused with 403 `proofs_by_link_only`. An upload stays
 * anonymous: a temporary upload belongs to no claim until a validation with the token takes it.
 *
 * `GET justificatifs/fichier?proof=<id>&hash=<follow-up token>` sends back the latest file
 * transmitted for a proof, always as an attachment with `nosniff`. Only the mailed link's token
 * opens files: a claim number and last name, which are no secret (a booking mail, a relative may
 * show them), are refused with 403 however right they are, before anything is looked up.
 */

/**
 * POSTs to justificatifs (uploads and validations) one address may make in any hour: sized for a
 * campsite's Wi-Fi or a carrier NAT, where many guests send their documents from one address. What
 * all addresses together may store is bounded by the upload guard (guardUploads: an hourly byte
 * budget, free space kept on the disk, uploads at once), not by this count.
 */
export const PROOF_POSTS_PER_ADDRESS: RateLimitRule = { name: 'justificatifs:ip', limit: 300, windowMs: 60 * 60_000 };

/** One upload in this many also deletes expired temporary uploads, after its answer is sent. */
export const SWEEP_EVERY_UPLOADS = 20;

/** The fields of a file asked by claim number and last name, the way GET sinistres opens a claim. */
const NUMBER_AND_NAME_FIELDS = ['dossier_numero', 'dossier_nom'] as const;

interface ProofsContext {
  db: AppDatabase;
  fileStore: FileStore;
  logger: Logger;
  signalClaimChange: ClaimChangeSignal;
  /** For the mail telling the claimant what was received. */
  mailing: ProofsMailing;
  securityEvents: SecurityEvents;
}

/** The one refusal of a claim that cannot be opened: the same answer as GET sinistres. */
function claimNotFound(lang: Language): HttpError {
  return new HttpError(404, translate(claimMessages, 'claim_not_found', lang), undefined, 'claim_not_found');
}

/** Refusals of writing to a claim. Texts: `locales/<lang>/api.json`, group `claimWriting`. */
const claimWritingMessages = apiMessages('claimWriting');

/** The refusal of a validation without the follow-up link's token: it says to open the mailed link or ask for one. */
function proofsByLinkOnly(lang: Language): HttpError {
  const text = translate(claimWritingMessages, 'proofs_by_link_only', lang);
  return new HttpError(403, text, undefined, 'proofs_by_link_only');
}

/**
 * Counts uploads and, every SWEEP_EVERY_UPLOADS, deletes expired temporary uploads in the
 * background; a failure is logged, never answered.
 */
function createUploadSweeper({ db, fileStore, logger }: ProofsContext): () => void {
  let uploadsSinceSweep = 0;
  return () => {
    uploadsSinceSweep += 1;
    if (uploadsSinceSweep < SWEEP_EVERY_UPLOADS) return;
    uploadsSinceSweep = 0;
    deleteExpiredUploads(db, fileStore)
      .then((sweep) => {
        if (sweep.deleted > 0) logger.info(sweep, 'expired temporary uploads deleted');
        if (sweep.bytesNotRemoved > 0) logger.warn(sweep, 'bytes of expired uploads could not be removed');
      })
      .catch((error: unknown) => logger.warn({ err: loggableDatabaseError(error) }, 'expired uploads sweep failed'));
  };
}

/** An upload: the file, already in the store, becomes a temporary upload; a refused one is removed. */
async function answerUpload(
  { db, fileStore, logger }: ProofsContext,
  request: Request,
  response: Response,
  form: ProofForm,
): Promise<void> {
  const checked = checkUpload(form, requestLanguage(request));
  if ('refusal' in checked) {
    if (form.file) await fileStore.remove(form.file.key).catch(() => undefined);
    throw checked.refusal;
  }
  const { file } = checked;
  const upload = await recordTemporaryUpload(db, fileStore, file);
  logger.info({ mime: file.mime, size: file.size }, 'proof uploaded');
  sendSuccess(response, { data: { temp_file: upload.tempFile, temp_name: upload.tempName } });
}

/** A validation: the claimant's temporary uploads are transmitted to their claim. */
async function answerValidation(
  { db, logger, signalClaimChange, mailing, securityEvents }: ProofsContext,
  request: Request,
  response: Response,
  raw: RawProofFields,
): Promise<void> {
  const input = parseInput(ProofValidationFieldsSchema, raw, requestLanguage(request));
  const { lang } = input;
  // Refusals in the request's language (`lang`, else Accept-Language), not the schema's default.
  const refusalLang = requestLanguage(request);
  // Writing to a claim needs the mailed link's token: a claim number and last name, which are
  // no secret, are refused before anything is read.
  if (input.hash === undefined) {
    securityEvents.record('claim_write_without_link', { files: input.justificatifs.length > 2 });
    throw proofsByLinkOnly(refusalLang);
  }
  const items = parseUploadedProofs(input.justificatifs, input.additionalComment, refusalLang);
  const access = await findClaimForClaimant(db, { hash: input.hash }, clientAddressOf(request));
  if (access.status === 'rate_limited') throw tooManyRequests(request, response, access.state);
  if (access.status === 'not_found') throw claimNotFound(refusalLang);
  const comment = input.additionalComment;
  const transmitted = await transmitProofs(db, {
    claim: access.claim,
    items,
    comment,
    lang,
    channel: 'follow_up_link',
    mailing,
    // Another page open on the claim (a second tab, the phone beside the computer) shows them too.
    signalClaimChange,
  });
  logger.info(
    { claim: claimLogId(access.claim.numero), transmitted, withComment: comment !== '' },
    'proofs transmitted',
  );
  sendSuccess(response, { message: translate(proofMessages, 'proofs_transmitted', lang), data: { transmitted } });
}

/** GET justificatifs/fichier: a transmitted file, opened by the mailed link's token only. */
async function answerTransmittedFile(
  { db, fileStore }: ProofsContext,
  request: Request,
  response: Response,
): Promise<void> {
  response.setHeader('Cache-Control', 'no-store');
  // Refusals in the request's language (`lang`, else Accept-Language), not the schema's default.
  const lang = requestLanguage(request);
  const sent = (field: string) => sentField(request, 'query', field) !== undefined;
  if (!sent('hash') && NUMBER_AND_NAME_FIELDS.some(sent)) {
    throw new HttpError(403, translate(proofMessages, 'files_by_link_only', lang), undefined, 'files_by_link_only');
  }
  const parsed = parseQuery(request, ProofFileQuerySchema);
  const access = await findClaimForClaimant(db, { hash: parsed.hash }, clientAddressOf(request));
  if (access.status === 'rate_limited') throw tooManyRequests(request, response, access.state);
  if (access.status === 'not_found') throw claimNotFound(lang);
  const file = await findTransmittedFile(db, access.claim.id, parsed.proof);
  if (file === undefined) throw claimNotFound(lang);
  const stored = { key: file.storageKey, originalName: file.originalName, mime: file.mime, size: file.size };
  await sendStoredFile(response, fileStore, stored).catch((error: unknown) => {
    // Bytes missing from the store: the same answer as any other file that cannot be sent.
    if (error instanceof HttpError && error.status === 404 && !response.headersSent) throw claimNotFound(parsed.lang);
    throw error;
  });
}

export function createProofsRouter({
  config,
  logger,
  database,
  brands,
  fileStore,
  signalClaimChange = () => {},
  securityEvents,
}: PartnerApiDependencies): Router {
  const { db } = database;
  const mailing: ProofsMailing = { brands, origin: mailLinkOrigin(config) };
  const context: ProofsContext = { db, fileStore, logger, signalClaimChange, mailing, securityEvents };
  const afterUpload = createUploadSweeper(context);
  const router = Router();

  router.post(
    `${PARTNER_API_BASE}/justificatifs`,
    limitByAddress(db, PROOF_POSTS_PER_ADDRESS),
    guardUploads({ db, store: fileStore, config, logger, securityEvents, maxBodyBytes: MAX_PROOF_BODY_BYTES }),
    async (request: Request, response: Response) => {
      response.setHeader('Cache-Control', 'no-store');
      const form = await receiveProofForm(request, fileStore);
      if (!isUpload(form)) return answerValidation(context, request, response, form.fields);
      await answerUpload(context, request, response, form);
      afterUpload();
    },
  );
  router.get(`${PARTNER_API_BASE}/justificatifs/fichier`, (request, response) =>
    answerTransmittedFile(context, request, response),
  );
  return router;
}
