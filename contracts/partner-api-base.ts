/**
 * The partner API's plain values (its path under `{host}`, the upload limits, the one-time
 * codes' limits, the complaint reasons), in a module without zod: an island that only needs a
 * limit or the reasons, and the legal pages' content check, do not load zod and every schema of
 * `partner-api.ts` before they can hydrate. `partner-api.ts` re-exports them.
 */
export const PARTNER_API_BASE = '/partenaire/api/v2/declare';

/** Digits of a one-time code. */
export const ONE_TIME_CODE_LENGTH = 6;
/** How long a one-time code may be used. */
export const ONE_TIME_CODE_LIFETIME_MS = 10 * 60_000;
/** Wrong codes allowed before a code is refused for good. */
export const ONE_TIME_CODE_TRIES = 5;

/**
 * Longest insured or contract number the open-claim look-up takes (an insured number `SO-` and
 * up to 40 characters; a partner's contract number at most 40).
 */
export const LOOKUP_NUMBER_MAX_LENGTH = 43;

/** Largest accepted upload: 37,500,000 bytes (the message says 30 Mo, spec 2 §5). */
export const MAX_UPLOAD_BYTES = 37_500_000;

/** The only file types accepted (proofs and complaint attachments), told by their first bytes. */
export const ACCEPTED_UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AcceptedUploadType = (typeof ACCEPTED_UPLOAD_TYPES)[number];

/** What a file picker offers: the accepted types by name and by type (phones still offer the camera). */
export const UPLOAD_PICKER_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/** The signatures of the accepted types: the first bytes of every such file. */
const UPLOAD_SIGNATURES: readonly { type: AcceptedUploadType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** How many first bytes the browser reads to tell a file's type (the server sniffs more). */
export const UPLOAD_SIGNATURE_BYTES = 8;

/** The accepted type a file's first bytes show, or undefined. */
export function detectUploadType(head: Uint8Array): AcceptedUploadType | undefined {
  return UPLOAD_SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.type;
}

/** Most files attached to one complaint (PDF, PNG or JPEG, each under MAX_UPLOAD_BYTES). */
export const MAX_COMPLAINT_FILES = 5;

/** The six reasons of a complaint (spec 2 §2 claim-step1), as posted in `motif`. */
export const COMPLAINT_REASONS = [
  'absence_reponse',
  'delai',
  'qualite_relation',
  'performance_contrat',
  'contestation_reponse',
  'autre',
] as const;

/**
 * Where a brand's signed link carries its token: the URL fragment
 * `#lien=<token>`, which the browser never sends to a server nor in a referrer.
 */
export const PARTNER_LINK_FRAGMENT = 'lien';

/** Where the complaint and contact forms are posted (spec 2 §7), under `{host}`. */
export const FORM_POSTER_PATH = '/actions/modules/formulaire/poster.php';

/** The multipart field of the uploaded file. */
export const PROOF_UPLOAD_FILE_FIELD = 'newfile';

/**
 * The form key tells which form is posted: multipart field `data_form[key]`. Beside it: the
 * form's fields as `data_form[formulaire][<field>]`, `lang`, an optional `company` (a brand slug)
 * and, for the complaint only, up to MAX_COMPLAINT_FILES files in `data_form[fichiers]`.
 */
export const FORM_KEYS = ['reclamation', 'contact'] as const;
export type FormKey = (typeof FORM_KEYS)[number];
export const FORM_KEY_FIELD = 'data_form[key]';
export const FORM_FILES_FIELD = 'data_form[fichiers]';
/** The multipart name of a form field: `data_form[formulaire][nom]`. */
export function formFieldName(field: string): string {
  return `data_form[formulaire][${field}]`;
}
