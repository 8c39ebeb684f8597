import { z } from 'zod/mini';
import type { Language } from '../../contracts/languages.ts';
import type { ClaimDeclarationInput, UploadedProof } from '../../contracts/partner-api.ts';
import {
  AttestationAnswerSchema,
  CodeIdentiteAnswerSchema,
  CodeIdentiteVerificationAnswerSchema,
  type ErrorAnswer,
  ErrorAnswerSchema,
  FormPosterAnswerSchema,
  GarantieAnswerSchema,
  InfosDossierAnswerSchema,
  LienPartenaireAnswerSchema,
  LienSuiviAnswerSchema,
  PaysAnswerSchema,
  ProofUploadAnswerSchema,
  ProofValidationAnswerSchema,
  SinistresAnswerSchema,
  SinistresCreatedAnswerSchema,
} from '../../contracts/partner-api-answers.ts';
import {
  FORM_FILES_FIELD,
  FORM_KEY_FIELD,
  FORM_POSTER_PATH,
  type FormKey,
  formFieldName,
  PROOF_UPLOAD_FILE_FIELD,
} from '../../contracts/partner-api-base.ts';
import { type HttpRequest, PARTNER_API_ORIGIN, type RawAnswer, uploadWithProgress } from './http.ts';
import { endpoint, LOOKUP_TIMEOUT_MS, requestClaim, SUBMIT_TIMEOUT_MS, send } from './partner-api-request.ts';

/**
 * The islands' one client of the partner API (spec 1 §7, spec 2 §7). Every answer is parsed with
 * its contract schema, so a component only ever sees data of the documented shape, and every
 * failure is one of three kinds a component can word for the visitor:
 * - `http`: the API answered a refusal (4xx/5xx) with its translated `ErrorAnswer`, if it sent one;
 * - `network`: no answer (offline, server down, timeout);
 * - `invalid`: an answer that breaks the contract (a misconfigured `PUBLIC_PARTNER_API_URL`).
 */

export type ApiFailure =
  | {
      ok: false;
      kind: 'http';
      status: number;
      error: ErrorAnswer | undefined;
      /** Seconds the API asks to wait (`Retry-After` of a 429), when it says. */
      retryAfterSeconds?: number;
    }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'invalid'; status: number };
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

async function call<Schema extends z.core.$ZodType>(
  schema: Schema,
  url: string,
  request: HttpRequest & { timeoutMs: number },
): Promise<ApiResult<z.output<Schema>>> {
  return readAnswer(schema, await send(url, request));
}

/** A raw answer read as the contract says: a success of `schema`, or the failure it is. */
function readAnswer<Schema extends z.core.$ZodType>(schema: Schema, raw: RawAnswer): ApiResult<z.output<Schema>> {
  return raw.answered ? resultOf(schema, raw.status, raw.body, raw.retryAfter) : { ok: false, kind: 'network' };
}

/** An answer read as the contract says: a success of `schema`, or the failure it is. */
function resultOf<Schema extends z.core.$ZodType>(
  schema: Schema,
  status: number,
  body: unknown,
  retryAfter: string | null,
): ApiResult<z.output<Schema>> {
  if (status < 200 || status > 299) {
    const error = z.safeParse(ErrorAnswerSchema, body);
    const failure: ApiFailure = { ok: false, kind: 'http', status, error: error.success ? error.data : undefined };
    const seconds = Number(retryAfter ?? '');
    if (retryAfter && Number.isFinite(seconds) && seconds >= 0) failure.retryAfterSeconds = seconds;
    return failure;
  }
  const parsed = z.safeParse(schema, body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, kind: 'invalid', status };
}

function multipart(fields: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value == null ? '' : String(value));
  return form;
}

/** GET infos_dossier: the subscriptions of an insured number (the first drives the wizard). */
export function getInsuredInfos(numero: string, lang: Language) {
  return call(InfosDossierAnswerSchema, endpoint('infos_dossier', { numero, lang }), {
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
}

/**
 * POST lien_partenaire: a brand's signed link, answered as infos_dossier answers
 * the number it carries; refused with 400 `invalid_partner_link` or `expired_partner_link`.
 */
export function openPartnerLink(token: string, company: string, lang: Language) {
  return call(LienPartenaireAnswerSchema, endpoint('lien_partenaire'), {
    method: 'POST',
    body: multipart({ jeton: token, marque: company, lang }),
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
}

/** GET garantie: a claim group's name and type (`materiel`…). */
export function getGuarantee(guaranteeId: number, lang: Language) {
  return call(GarantieAnswerSchema, endpoint('garantie', { garantie_id: guaranteeId, lang }), {
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
}

/** GET pays: the countries of step 4, named and sorted in `lang`. */
export function listCountries(lang: Language) {
  return call(PaysAnswerSchema, endpoint('pays', { lang }), { timeoutMs: LOOKUP_TIMEOUT_MS });
}

/**
 * POST sinistres (multipart). The `Idempotency-Key` is the draft's: a retried, doubled or
 * concurrent submit of one draft answers the same claim.
 */
export function declareClaim(declaration: ClaimDeclarationInput, idempotencyKey: string) {
  return call(SinistresCreatedAnswerSchema, endpoint('sinistres'), {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: multipart(declaration),
    timeoutMs: SUBMIT_TIMEOUT_MS,
  });
}

/** GET sinistres: a claim opened with its number and the claimant's last name. */
export async function getClaim(claim: { numero: string; nom: string }, lang: Language) {
  return readClaim(await requestClaim(claim, lang));
}

/** GET sinistres' answer, sent with `requestClaim` (partner-api-request.ts), read as the contract says. */
export function readClaim(raw: RawAnswer) {
  return readAnswer(SinistresAnswerSchema, raw);
}

/** POST lien_suivi: mails a follow-up link to the address declared with the claim. */
export function sendFollowUpLink(numero: string, lang: Language) {
  return call(LienSuiviAnswerSchema, endpoint('lien_suivi'), {
    method: 'POST',
    body: multipart({ numero_sinistre: numero, lang }),
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
}

/**
 * POST lien_suivi by insured number: mails the follow-up link of the claim declared on that
 * subscription, without the page ever knowing the claim number.
 */
export function sendFollowUpLinkOfSubscription(insuredNumber: string, souscriptionId: number, lang: Language) {
  return call(LienSuiviAnswerSchema, endpoint('lien_suivi'), {
    method: 'POST',
    body: multipart({ assure_numero: insuredNumber, souscription_id: souscriptionId, lang }),
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
}

/**
 * POST code_identite: mails a one-time code, to the address on file of the subscription (no
 * `email`), or to the address a group contract's member typed (`email`).
 */
export function askIdentityCode(request: {
  numero: string;
  souscriptionId: number;
  email?: string | undefined;
  lang: Language;
  company: string;
}) {
  return call(CodeIdentiteAnswerSchema, endpoint('code_identite'), {
    method: 'POST',
    body: multipart({
      numero: request.numero,
      souscription_id: request.souscriptionId,
      ...(request.email === undefined ? {} : { email: request.email }),
      lang: request.lang,
      marque: request.company,
    }),
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
}

/** POST code_identite/verification: the identity (or a group member's address confirmation) a right code opens. */
export function verifyIdentityCode(request: {
  numero: string;
  souscriptionId: number;
  email?: string | undefined;
  code: string;
  lang: Language;
}) {
  return call(CodeIdentiteVerificationAnswerSchema, endpoint('code_identite/verification'), {
    method: 'POST',
    body: multipart({
      numero: request.numero,
      souscription_id: request.souscriptionId,
      ...(request.email === undefined ? {} : { email: request.email }),
      code: request.code,
      lang: request.lang,
    }),
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
}

/**
 * POST `/actions/modules/formulaire/poster.php` (spec 2 §7 call 9, outside the API base): the
 * complaint (`reclamation`, with its files) or the contact form. Success: stored and acknowledged
 * by mail. The form's fields are checked with the contract's schema before they come here.
 */
export function postForm(
  key: FormKey,
  fields: Readonly<Record<string, string>>,
  place: { lang: Language; company: string },
  files: readonly File[] = [],
) {
  const form = new FormData();
  form.append(FORM_KEY_FIELD, key);
  for (const [name, value] of Object.entries(fields)) form.append(formFieldName(name), value);
  form.append('lang', place.lang);
  if (place.company) form.append('company', place.company);
  for (const file of files) form.append(FORM_FILES_FIELD, file, file.name);
  return call(FormPosterAnswerSchema, `${PARTNER_API_ORIGIN}${FORM_POSTER_PATH}`, {
    method: 'POST',
    body: form,
    timeoutMs: SUBMIT_TIMEOUT_MS,
  });
}

/**
 * POST attestation (find my number): mails the insured numbers matching an e-mail and the stay
 * dates (unix seconds). The answer is the same whether anything matched or not.
 */
export function requestInsuredNumber(request: {
  acquisitionMethode: string;
  email: string;
  startSeconds: number;
  endSeconds: number;
  lang: Language;
}) {
  return call(AttestationAnswerSchema, endpoint('attestation'), {
    method: 'POST',
    body: multipart({
      acquisition_methode: request.acquisitionMethode,
      assure_email: request.email,
      sejour_debut_date: request.startSeconds,
      sejour_fin_date: request.endSeconds,
      lang: request.lang,
    }),
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
}

/**
 * The address of GET justificatifs/fichier: the latest file transmitted for a proof, sent back as
 * an attachment. Only a mailed follow-up link's token opens files.
 */
export function proofFileUrl(token: string, proofId: number, lang: Language): string {
  return endpoint('justificatifs/fichier', { proof: proofId, hash: token, lang });
}

/** An upload may take this long on a slow phone connection before it is given up. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * POST justificatifs, upload (spec 2 §7 call 4): one file for the proof `type` (0: other document).
 * Sent with its progress (`uploadWithProgress`); `onProgress` gets 0 to 1.
 * `lang` goes before the file, so a refusal while the file streams is in the visitor's language.
 */
export function uploadProof(
  upload: { file: Blob; name: string; type: number; lang: Language },
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<z.output<typeof ProofUploadAnswerSchema>>> {
  const form = new FormData();
  form.append('type', String(upload.type));
  form.append('lang', upload.lang);
  form.append(PROOF_UPLOAD_FILE_FIELD, upload.file, upload.name);
  return uploadWithProgress(endpoint('justificatifs'), form, {
    headers: { Accept: 'application/json' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
    onProgress: options.onProgress,
    signal: options.signal,
  }).then((raw) => readAnswer(ProofUploadAnswerSchema, raw));
}

/**
 * POST justificatifs, validation (spec 2 §7 call 5): transmits the uploaded files (and the
 * comment) to the claim the follow-up token opens (the mailed link's, or the declaring
 * browser's): writing to a claim needs it.
 */
export function validateProofs(
  validation: { hash: string; proofs: readonly UploadedProof[]; comment: string },
  lang: Language,
) {
  return call(ProofValidationAnswerSchema, endpoint('justificatifs'), {
    method: 'POST',
    body: multipart({
      hash: validation.hash,
      justificatifs: JSON.stringify(validation.proofs),
      additionalComment: validation.comment,
      lang,
    }),
    timeoutMs: SUBMIT_TIMEOUT_MS,
  });
}
