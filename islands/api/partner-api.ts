import { type $ZodType, type output, safeParse } from 'zod/v4/core';
import type { Language } from '../../contracts/languages.ts';
import {
  AttestationAnswerSchema,
  type ClaimDeclarationInput,
  type ErrorAnswer,
  ErrorAnswerSchema,
  FORM_FILES_FIELD,
  FORM_KEY_FIELD,
  FORM_POSTER_PATH,
  type FormKey,
  FormPosterAnswerSchema,
  formFieldName,
  GarantieAnswerSchema,
  InfosDossierAnswerSchema,
  LienSuiviAnswerSchema,
  PARTNER_API_BASE,
  PaysAnswerSchema,
  SinistresAnswerSchema,
  SinistresCreatedAnswerSchema,
} from '../../contracts/partner-api.ts';

/**
 * The islands' one client of the partner API (spec 1 §7, spec 2 §7). Every answer is parsed with
 * its contract schema, so a component only ever sees data of the documented shape, and every
 * failure is one of three kinds a component can word for the visitor:
 * - `http`: the API answered a refusal (4xx/5xx) with its translated `ErrorAnswer`, if it sent one;
 * - `network`: no answer (offline, server down, timeout);
 * - `invalid`: an answer that breaks the contract (a misconfigured `PUBLIC_PARTNER_API_URL`).
 */

export type ApiFailure =
  | { ok: false; kind: 'http'; status: number; error: ErrorAnswer | undefined }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'invalid'; status: number };
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

/** The API origin is the site's own unless the deployment points elsewhere (DESIGN.md §1 `{host}`). */
const API_ORIGIN: string = import.meta.env.PUBLIC_PARTNER_API_URL ?? '';

/** Reads answer within this; a claim upload may be slow on a phone, lookups should not be. */
const LOOKUP_TIMEOUT_MS = 15_000;
const SUBMIT_TIMEOUT_MS = 60_000;

function endpoint(path: string, query?: Record<string, string | number>): string {
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
  return `${API_ORIGIN}${PARTNER_API_BASE}/${path}${search}`;
}

async function call<Schema extends $ZodType>(
  schema: Schema,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<ApiResult<output<Schema>>> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    body = await response.json().catch(() => undefined);
  } catch {
    return { ok: false, kind: 'network' };
  }
  if (!response.ok) {
    const error = safeParse(ErrorAnswerSchema, body);
    return { ok: false, kind: 'http', status: response.status, error: error.success ? error.data : undefined };
  }
  const parsed = safeParse(schema, body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, kind: 'invalid', status: response.status };
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
 * concurrent submit of one draft answers the same claim (DESIGN.md §3).
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
export function getClaim(claim: { numero: string; nom: string }, lang: Language) {
  return call(
    SinistresAnswerSchema,
    endpoint('sinistres', { dossier_numero: claim.numero, dossier_nom: claim.nom, lang }),
    { timeoutMs: LOOKUP_TIMEOUT_MS },
  );
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
  return call(FormPosterAnswerSchema, `${API_ORIGIN}${FORM_POSTER_PATH}`, {
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
