import { z } from 'zod/mini';
import { ClaimNumberSchema, TypedClaimNumberSchema } from './claim-number-schema.ts';
import { LANGUAGES } from './languages.ts';
import { COMPLAINT_REASONS, LOOKUP_NUMBER_MAX_LENGTH } from './partner-api-base.ts';
import { Flag, FollowUpTokenSchema, IsoDateOrEmpty } from './partner-api-answers.ts';

// Kept in the rules module (no zod) so the wizard can read it without the schemas; named here too.
export { CANCELLATION_GROUP_IDS } from './declaration-rules.ts';

/**
 * The partner API (spec 1 §7, spec 2 §7) under `{host}/partenaire/api/v2/declare`: one zod schema
 * per request and answer, shared by the islands (which call it), the server (which answers it)
 * and the tests. The requests are here; the answers are in `partner-api-answers.ts`, which this
 * module re-exports, and the plain values (paths, field names, limits) in `partner-api-base.ts`. Field names are the specification's, French and snake_case, on purpose: an
 * insurer's own API with the same contract can replace ours by configuration.
 *
 * Dates on the wire: `sinistre_date` is dd/mm/yyyy (spec 1 §3); contract and stay dates are
 * ISO `YYYY-MM-DD`; `attestation` takes unix seconds (spec 2 §7); timestamps are ISO 8601.
 *
 * Written with `zod/mini` (same core and behaviour as classic zod, functional API) because the
 * browser imports this file: an island checking a declaration and an infos_dossier answer ships
 * about 9 KB (gzip) with it, 27 KB with classic zod. Checks run in the order written: `z.trim()`
 * rewrites the value, so it comes before the checks that read it. Default messages come from the
 * locale a program loads (the server loads English in server/app.ts); islands show their own.
 */

export {
  ACCEPTED_UPLOAD_TYPES,
  COMPLAINT_REASONS,
  FORM_FILES_FIELD,
  FORM_KEY_FIELD,
  FORM_KEYS,
  FORM_POSTER_PATH,
  type FormKey,
  formFieldName,
  LOOKUP_NUMBER_MAX_LENGTH,
  MAX_COMPLAINT_FILES,
  MAX_UPLOAD_BYTES,
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_LIFETIME_MS,
  ONE_TIME_CODE_TRIES,
  PARTNER_API_BASE,
  PARTNER_LINK_FRAGMENT,
  PROOF_UPLOAD_FILE_FIELD,
} from './partner-api-base.ts';
export * from './partner-api-answers.ts';

export const LanguageSchema = z.enum(LANGUAGES);
/** An insured number `SO-…`, trimmed and upper-cased: `so-0000001` is `SO-0000001`. */
export const InsuredNumberSchema = z.string().check(z.trim(), z.toUpperCase(), z.regex(/^SO-[A-Z0-9-]{1,40}$/));
/**
 * What the open-claim page looks up (spec 1 §2 "insured number or contract number"): an insured
 * number `SO-…` or a partner's contract number, whose format only the look-up knows (brand files).
 * Trimmed and upper-cased; letters, digits, spaces and ". / _ -" (no control or markup
 * character), at most LOOKUP_NUMBER_MAX_LENGTH characters. Any other shape answers as an unknown
 * number does.
 */
export const LookupNumberSchema = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.maxLength(LOOKUP_NUMBER_MAX_LENGTH), z.regex(/^[A-Z0-9][A-Z0-9 ./_-]*$/));
const FrenchDate = z.string().check(z.regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Expected dd/mm/yyyy.'));

// GET infos_dossier ------------------------------------------------------------------------------

export const InfosDossierQuerySchema = z.strictObject({
  /** An insured number or a partner's contract number (LookupNumberSchema). */
  numero: LookupNumberSchema,
  lang: z._default(LanguageSchema, 'fr'),
});

// GET garantie -----------------------------------------------------------------------------------

export const GarantieQuerySchema = z.strictObject({
  /** A guarantee id: a positive PostgreSQL integer. */
  garantie_id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
  lang: z._default(LanguageSchema, 'fr'),
});

// GET pays ---------------------------------------------------------------------------------------

export const PaysQuerySchema = z.strictObject({ lang: z._default(LanguageSchema, 'fr') });

// POST sinistres (multipart, fields only; header Idempotency-Key) ---------------------------------

/** The `Idempotency-Key` header: one key per draft, so a retried submit returns the same claim. */
export const IdempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/));

/** A required text: trimmed first, so blanks alone count as empty. */
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');
/** A positive id, coerced from its form field, or null when the field is '' or absent. */
const optionalId = z.pipe(
  z._default(z.union([z.literal(''), z.coerce.number().check(z.int(), z.positive())]), ''),
  z.transform((value: '' | number) => (value === '' ? null : value)),
);
/** An e-mail address, trimmed before it is checked. */
const Email = z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email());
/** Digits only (forms strip everything else as it is typed). */
const Telephone = z.string().check(z.trim(), z.regex(/^\d{6,20}$/));

export const ClaimDeclarationSchema = z.strictObject({
  souscription_id: z.coerce.number().check(z.int(), z.positive()),
  assure_numero: InsuredNumberSchema,
  contrat_compagnie_id: z.coerce.number().check(z.int(), z.positive()),
  assure_nom: text(100),
  assure_prenom: text(100),
  assure_email: Email,
  assure_adresse: text(200),
  assure_cp: text(20),
  assure_ville: text(100),
  assure_pays: text(100),
  /** Digits only (the form strips everything else as it is typed). */
  assure_telephone: Telephone,
  /** Equipment designation followed by the company name (spec 1 §3). */
  destination_nom: optionalText(300),
  sejour_debut_date: z._default(IsoDateOrEmpty, ''),
  sejour_fin_date: z._default(IsoDateOrEmpty, ''),
  sinistre_date: FrenchDate,
  sejour_montant: z._default(z.string().check(z.trim(), z.regex(/^(\d{1,7}([.,]\d{1,2})?)?$/)), ''),
  motif_id: z.coerce.number().check(z.int(), z.positive()),
  /** JSON list of the proofs announced with the declaration: document type ids, e.g. "[1,2,11]". */
  justificatifs: z._default(z.string().check(z.maxLength(2_000)), '[]'),
  /** The claim group (guarantee id). */
  garantie_type: z.coerce.number().check(z.int(), z.positive()),
  declaration_commentaire: optionalText(5000),
  lang: LanguageSchema,
  /**
   * Our extension: the brand of the page the claim is declared on, its URL slug ('' or absent: the
   * neutral brand); a slug of no brand file is refused. The server takes the claim's brand from it
   * and builds `acquisition_methode`, `__force_client_id` and `sinistre_etiquette_id` from that
   * brand's file, whatever the three fields below say. Example: "veligo".
   */
  company: z._default(z.string().check(z.trim(), z.maxLength(64), z.regex(/^([a-z][a-z0-9]*)?$/)), ''),
  /** `portail_{company}_{from}` (spec 1 §7), as the wizard builds it; the server stores its own. */
  acquisition_methode: z.string().check(z.trim(), z.regex(/^[a-z0-9]+(_[A-Za-z0-9-]*)*$/), z.maxLength(120)),
  /** The brand's forced client id as the wizard sends it; the server stores the brand file's. */
  __force_client_id: optionalId,
  /** The brand's label id as the wizard sends it; the server stores the brand file's. */
  sinistre_etiquette_id: optionalId,
  /** '1' when the visitor ticked the cancellation checkbox (groups 1, 5, 35, 40, 46, 102, 110). */
  confirmation_annulation: z._default(z.enum(['0', '1']), '0'),
  /** Live-socket id of the visitor, for the back office's claims list. */
  socket_id: optionalText(64),
  /**
   * Our extension: on a group contract's number only (a brand's automatic number), the confirmation
   * of `assure_email` that code_identite/verification answered (`jeton_email`); without a valid one
   * the claim is refused (400 naming this field). Ignored elsewhere.
   */
  jeton_email: optionalText(100),
});
export type ClaimDeclaration = z.output<typeof ClaimDeclarationSchema>;

/** What `justificatifs` of a declaration may hold once parsed: distinct document type ids. */
export const DeclaredDocumentIdsSchema = z.array(z.int().check(z.positive(), z.maximum(2_147_483_647))).check(
  z.maxLength(50),
  z.refine((ids) => new Set(ids).size === ids.length, 'Each document type once.'),
);

/** The document type ids of a declaration's `justificatifs`, or undefined when it is not such a list. */
export function parseDeclaredDocumentIds(text: string): number[] | undefined {
  try {
    const parsed = DeclaredDocumentIdsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
export type ClaimDeclarationInput = z.input<typeof ClaimDeclarationSchema>;

// GET sinistres ----------------------------------------------------------------------------------

/**
 * By a follow-up link's token (`hash`): the claim in full. By claim number and last name: the
 * claim's state only, since both are no secret: in `infos_sinistre` the fields that say who the claimant is,
 * where they stayed or what they paid (`dossier_nom`, `dossier_prenom`, `dossier_email`,
 * `dossier_adresse`, `dossier_adresse_cp`, `dossier_telephone`, `dossier_montant_sejour`,
 * `dossier_sejour_debut_date`, `dossier_sejour_fin_date`, `assurance_destination_materiel`) and
 * each proof's `nom_fichier` are answered empty ('').
 */
export const SinistresQuerySchema = z.union([
  z.strictObject({
    hash: FollowUpTokenSchema,
    lang: z._default(LanguageSchema, 'fr'),
  }),
  z.strictObject({
    dossier_numero: TypedClaimNumberSchema,
    dossier_nom: text(100),
    lang: z._default(LanguageSchema, 'fr'),
  }),
]);

// POST justificatifs: upload (multipart `type`, `newfile`) or validate ----------------------------

/** A PostgreSQL integer id: what a proof id or a `type` can be. */
const PROOF_ID_MAX = 2_147_483_647;

/**
 * Upload (spec 2 §7 call 4): fields `type` (+ `lang`) and the file in `newfile`. `type` (or a file)
 * is what tells an upload from a validation on the shared path; send `lang` before the file, so a
 * refusal while the file streams (format, size) is in the visitor's language.
 */
export const ProofUploadFieldsSchema = z.strictObject({
  /** Proof id the file answers (an id of `justificatifs_manquants`); 0 means "other document". */
  type: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(PROOF_ID_MAX)),
  lang: z._default(LanguageSchema, 'fr'),
});

export const UploadedProofSchema = z.strictObject({
  /** Proof id of the claim, or 0 for "other document" (a new proof is created). */
  type: z.int().check(z.minimum(0), z.maximum(PROOF_ID_MAX)),
  /** The `temp_file` returned by the upload. */
  value: z.uuid(),
  name: z.string().check(z.maxLength(255)),
  tmp_name: z.optional(z.string().check(z.maxLength(255))),
  is_validated: z.optional(Flag),
});
export type UploadedProof = z.infer<typeof UploadedProofSchema>;
/** Most files one validation transmits. */
export const MAX_PROOFS_PER_VALIDATION = 20;
/**
 * Validation (spec 2 §7 call 5): no `type` and no file. Transmits the uploaded files (at least one
 * file or a comment) to the claim opened by `hash`, the token of the mailed follow-up link (or the
 * one answered to the declaring browser). Writing to a claim needs that token: the
 * specification's `claimNumber` + `lastName` are still read, but alone they are refused with 403
 * `proofs_by_link_only`.
 */
export const ProofValidationFieldsSchema = z.strictObject({
  hash: z.optional(FollowUpTokenSchema),
  claimNumber: z.optional(ClaimNumberSchema),
  lastName: z.optional(text(100)),
  /** JSON list of UploadedProof. */
  justificatifs: z.string().check(z.maxLength(50_000)),
  additionalComment: optionalText(5000),
  lang: z._default(LanguageSchema, 'fr'),
});

// GET justificatifs/fichier: a transmitted file, as a download ----------------------------------

/**
 * The token of a mailed follow-up link and the proof whose latest file is sent back. Files open
 * only with the link: a claim number and last name, which are no secret, show the proofs' states
 * on GET sinistres but never their files.
 */
export const ProofFileQuerySchema = z.strictObject({
  proof: z.coerce.number().check(z.int(), z.positive(), z.maximum(PROOF_ID_MAX)),
  hash: FollowUpTokenSchema,
  lang: z._default(LanguageSchema, 'fr'),
});

// POST attestation (find my number) --------------------------------------------------------------

/** Unix seconds of 2100-01-01: no stay date is later. */
const LATEST_UNIX_SECONDS = 4_102_444_800;
/** A form field holding unix seconds, e.g. "1783684800". */
const UnixSecondsField = z.pipe(
  z.pipe(z.string().check(z.trim(), z.regex(/^\d{1,10}$/)), z.transform(Number)),
  z.int().check(z.positive(), z.maximum(LATEST_UNIX_SECONDS)),
);
/**
 * Find my number. The stay dates are unix seconds of an instant of each day, read as a calendar
 * day in Europe/Paris (send the chosen day at 12:00 UTC to be safe from the visitor's time zone).
 */
export const AttestationFieldsSchema = z.strictObject({
  acquisition_methode: z._default(z.string().check(z.trim(), z.maxLength(120)), ''),
  assure_email: Email,
  sejour_debut_date: UnixSecondsField,
  sejour_fin_date: UnixSecondsField,
  lang: z._default(LanguageSchema, 'fr'),
});

// GET pages --------------------------------------------------------------------------------------

/** The content pages the site links to; the database may hold more (`legal_pages`). */
export const LEGAL_PAGE_IDS = ['mentions-legales', 'politique-confidentialite'] as const;
export const PagesQuerySchema = z.strictObject({
  /** A content page id (kebab-case); an id with no page answers 404. */
  page: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/), z.maxLength(64)),
  lang: z._default(LanguageSchema, 'fr'),
  /**
   * Our extension: the brand whose page shows the content (its URL slug), so that what depends on
   * the brand (the complaint address of the legal notice) is the brand's. Absent or unknown: the
   * deployment's.
   */
  marque: z.optional(z.string().check(z.regex(/^[a-z][a-z0-9]*$/), z.maxLength(64))),
});

// POST lien_suivi --------------------------------------------------------------------------------

/**
 * Mails a follow-up link to the address declared with the claim. The claim is named by its number
 * (`numero_sinistre`), or (our extension) by the insured number and subscription it was declared
 * on (`assure_numero` + optional `souscription_id`), so the open-claim page can offer the link
 * without ever showing the claim number. Exactly one of `numero_sinistre` and `assure_numero`.
 * The answer is the same whether or not a claim exists.
 */
export const LienSuiviFieldsSchema = z
  .strictObject({
    numero_sinistre: z.optional(TypedClaimNumberSchema),
    assure_numero: z.optional(InsuredNumberSchema),
    souscription_id: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
    lang: z._default(LanguageSchema, 'fr'),
  })
  .check(
    z.refine((fields) => (fields.numero_sinistre === undefined) !== (fields.assure_numero === undefined), {
      message: 'Expected numero_sinistre or assure_numero.',
      path: ['numero_sinistre'],
    }),
  );

// POST lien_partenaire ---------------------------------------------------------------------------

/**
 * Our extension: a brand's signed link opens the declaration with the insured
 * number already checked. The link `/<brand>/<lang>/declare-sinistre#lien=<token>` carries a token
 * `<payload>.<signature>`, both base64url (no padding): the payload is the JSON of
 * PartnerLinkPayloadSchema, the signature the HMAC-SHA256 of the payload's base64url text with the
 * brand's key (PARTNER_LINK_KEYS). The page sends the token here; a valid one is answered as
 * infos_dossier answers its number.
 */
export const PARTNER_LINK_TOKEN_MAX_LENGTH = 512;
/** The longest a link may stay valid: a token expiring later is refused. */
export const PARTNER_LINK_MAX_DAYS = 366;
/** `<payload>.<signature>`, base64url without padding. */
export const PartnerLinkTokenSchema = z
  .string()
  .check(z.maxLength(PARTNER_LINK_TOKEN_MAX_LENGTH), z.regex(/^[A-Za-z0-9_-]{1,}\.[A-Za-z0-9_-]{43}$/));
/** What a token's payload says: the brand, the insured number, the expiry (unix seconds), a language. */
export const PartnerLinkPayloadSchema = z.strictObject({
  brand: z.string().check(z.regex(/^[a-z][a-z0-9]*$/), z.maxLength(64)),
  number: InsuredNumberSchema,
  exp: z.int().check(z.positive()),
  lang: z.optional(LanguageSchema),
});
export type PartnerLinkPayload = z.output<typeof PartnerLinkPayloadSchema>;
export const LienPartenaireFieldsSchema = z.strictObject({
  jeton: PartnerLinkTokenSchema,
  /** The brand of the page the link opened. */
  marque: z.string().check(z.regex(/^[a-z][a-z0-9]*$/), z.maxLength(64)),
  lang: z._default(LanguageSchema, 'fr'),
});

// POST code_identite and code_identite/verification -------------------------------------------

/** A one-time code as typed: six digits (spaces around ignored). */
export const OneTimeCodeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/));

/**
 * Our extension: asks a one-time code by mail. Two uses:
 * - proof of possession of an insured number (no `email`): the code goes to the address on file of
 *   the subscription (`souscription_id`, else the number's first), and its verification answers that
 *   subscription's identity, to pre-fill the wizard;
 * - a group contract's member confirming the address they typed (`email`): the code goes to that
 *   address, and its verification answers a `jeton_email` that POST sinistres requires on a group
 *   contract's number.
 * The answer is the same whether or not the number exists: the masked destination, or '' when
 * nothing can be sent (unknown number, no address on file).
 */
export const CodeIdentiteFieldsSchema = z.strictObject({
  numero: InsuredNumberSchema,
  souscription_id: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
  /** A group contract's member's own address (see above); absent for an insured number's holder. */
  email: z.optional(Email),
  lang: z._default(LanguageSchema, 'fr'),
  /** The brand of the page (its slug; '' or absent: the neutral brand): the mail is under its name. */
  marque: z._default(z.string().check(z.trim(), z.maxLength(64), z.regex(/^([a-z][a-z0-9]*)?$/)), ''),
});

/** Our extension: checks a one-time code (5 tries per code, 10 minutes, single use). */
export const CodeIdentiteVerificationFieldsSchema = z.strictObject({
  numero: InsuredNumberSchema,
  souscription_id: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
  /** The address the code was asked for (a group contract's member), absent otherwise. */
  email: z.optional(Email),
  code: OneTimeCodeSchema,
  lang: z._default(LanguageSchema, 'fr'),
});

// POST /actions/modules/formulaire/poster.php (complaint and contact) ----------------------------

/** `data_form[formulaire][<field>]` fields of the complaint form (spec 2 §2 claim-step1). */
export const ComplaintFormSchema = z.strictObject({
  nom: text(100),
  prenom: text(100),
  email: Email,
  adresse: text(200),
  cp: text(20),
  ville: text(100),
  pays: text(100),
  telephone: Telephone,
  num_sinistre: TypedClaimNumberSchema,
  motif: z.enum(COMPLAINT_REASONS),
  message: text(5000),
});

/** `data_form[formulaire][<field>]` fields of the contact form (spec 2 §2 contact). */
export const ContactFormSchema = z.strictObject({
  nom: text(100),
  email: Email,
  telephone: Telephone,
  message: text(5000),
  num_sinistre: z._default(z.union([TypedClaimNumberSchema, z.literal('')]), ''),
  source_referrer: optionalText(300),
});
