import { z } from 'zod/mini';
import { ClaimNumberSchema } from './claim-number-schema.ts';

/**
 * What the partner API answers (spec 1 §7, spec 2 §7): one zod schema per answer, with the parts
 * they share. The islands' client (`islands/api/partner-api.ts`) parses every answer with these,
 * and imports nothing else of the contract: a page that reads an answer (client-file's claim,
 * step 4's countries) builds these schemas only, not the requests' (`partner-api.ts`, which
 * re-exports this module for the server and the tests).
 *
 * Each answer's schema, and each part of one, is built on its first use (`z.lazy`): a page builds
 * the schema of the answers it reads, not the fifteen of the API. Step 4 reads the country list
 * only; built at once, the whole set made its client's load a task of 53–69 ms at Lighthouse's 4×
 * slowdown, about half of it these schemas. The small parts the requests share (days, flags, the
 * follow-up token) stay plain schemas.
 */

/** A calendar day `YYYY-MM-DD`. */
export const IsoDate = z.iso.date();
/** An ISO date or '' (no date). */
export const IsoDateOrEmpty = z.union([IsoDate, z.literal('')]);
/** A flag of the API: 0 or 1. */
export const Flag = z.union([z.literal(0), z.literal(1)]);

/** Error answer of every endpoint: HTTP 4xx/5xx, a translated message and the bad fields. */
export const ErrorAnswerSchema = z.lazy(() =>
  z.object({
    status: z.literal('error'),
    message: z.string(),
    /** Field name → translated problem, for 400 answers. */
    fields: z.optional(z.record(z.string(), z.string())),
    /** Stable code for programs (for example `rate_limited`, `unsupported_format`). */
    code: z.optional(z.string()),
  }),
);
export type ErrorAnswer = z.infer<typeof ErrorAnswerSchema>;

/** A success answer `{status: 'success', message?, data}` around a data schema. */
export function successAnswer<T extends z.core.$ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.optional(z.string()), data });
}

// GET infos_dossier ------------------------------------------------------------------------------

export const ReasonSchema = z.lazy(() => z.object({ id: z.int(), nom: z.string(), priorisation_declare: z.int() }));
export const GuaranteeSchema = z.lazy(() =>
  z.object({
    id: z.int(),
    nom: z.string(),
    /** Picture of the tile: an SVG path or an image URL. */
    logo: z.string(),
    ordre: z.int(),
    sinistre_affiche_declare: Flag,
    priorisation_declare: Flag,
    motifs: z.array(ReasonSchema),
  }),
);
export type Guarantee = z.infer<typeof GuaranteeSchema>;

/**
 * One subscription of the insured number; the first item drives the wizard (spec 1 §3).
 *
 * An insured number is no secret (printed on booking mails, numbers in sequence), so the anonymous
 * look-up (`infos_dossier`) answers the identity fields (`assure_nom` … `assure_telephone`) and
 * `_numero_sinistre` empty: only their masked forms and `_a_sinistre` tell what there is. The
 * identity comes back filled only after proof of possession: a brand's signed link
 * (`lien_partenaire`) or a one-time code mailed to the address on file (`code_identite`).
 */
export const InsuredInfoSchema = z.lazy(() =>
  z.object({
    contrat_compagnie_id: z.int(),
    _nb_souscriptions: z.int(),
    /**
     * The claim already declared for this subscription, or ''. Always '' in the anonymous look-up
     * (`_a_sinistre` says whether there is one); filled after proof of possession.
     */
    _numero_sinistre: z.string(),
    /**
     * Our extension: 1 when this subscription already has a claim (the visitor is sent to the
     * follow-up page), else 0. Never names the claim. Optional: an API of the specification lacks it.
     */
    _a_sinistre: z.optional(Flag),
    _garantie_nom_complet: z.string(),
    garanties_langues: z.array(GuaranteeSchema),
    souscription_id: z.int(),
    assure_numero: z.string(),
    /** Last name; '' in the anonymous look-up. */
    assure_nom: z.string(),
    /** First name; '' in the anonymous look-up. */
    assure_prenom: z.string(),
    /** E-mail address; '' in the anonymous look-up. */
    assure_email: z.string(),
    /** Postal address; '' in the anonymous look-up (so are `assure_cp`, `assure_ville`, `assure_pays`). */
    assure_adresse: z.string(),
    assure_cp: z.string(),
    assure_ville: z.string(),
    assure_pays: z.string(),
    /** Phone, digits; '' in the anonymous look-up. */
    assure_telephone: z.string(),
    /**
     * Our extension: the initials of the last and first names, for display. Example: "M*** F***"
     * ('' when the subscription holds no name, as a group contract's). Optional for the spec's APIs.
     */
    assure_nom_masque: z.optional(z.string()),
    /**
     * Our extension: the e-mail's first character, then its domain, for display and for the offer of
     * a one-time code. Example: "m•••@example.org" ('' when the subscription holds no e-mail).
     */
    assure_email_masque: z.optional(z.string()),
    appli_declaration_destination_mode: z.string(),
    __from: z.string(),
    sejour_debut_date: IsoDateOrEmpty,
    sejour_fin_date: IsoDateOrEmpty,
    contrat_url: z.string(),
    destination_nom: z.string(),
  }),
);
export type InsuredInfo = z.infer<typeof InsuredInfoSchema>;
export const InfosDossierAnswerSchema = z.lazy(() => successAnswer(z.array(InsuredInfoSchema).check(z.minLength(1))));

// GET garantie -----------------------------------------------------------------------------------

export const GarantieAnswerSchema = z.lazy(() =>
  successAnswer(z.object({ id: z.int(), nom: z.string(), type: z.string() })),
);

// GET pays ---------------------------------------------------------------------------------------

export const CountrySchema = z.lazy(() =>
  z.object({
    /** ISO 3166-1 numeric code, the value the country field posts as `assure_pays`. Example: 250. */
    id: z.int(),
    /** The country's name in the asked language. Example: "France". */
    nom: z.string(),
    /** ISO 3166-1 alpha-2 code, for flags and phone prefixes. Example: "FR". */
    code: z.string().check(z.regex(/^[A-Z]{2}$/)),
  }),
);
export type Country = z.infer<typeof CountrySchema>;
export const PaysAnswerSchema = z.lazy(() => successAnswer(z.array(CountrySchema)));

// POST sinistres ---------------------------------------------------------------------------------

/** The token of a follow-up link, as `GET sinistres?hash=` and `client-file?dossier=` carry it. */
export const FollowUpTokenSchema = z.string().check(z.maxLength(100), z.regex(/^[A-Za-z0-9_-]{20,100}$/));

export const SinistresCreatedAnswerSchema = z.lazy(() =>
  successAnswer(
    z.object({
      numero_sinistre: ClaimNumberSchema,
      declaration_date: z.iso.datetime({ offset: true }),
      /**
       * Our extension: a follow-up token for the browser that declared the claim (a retry with the
       * same Idempotency-Key gets one too), so the claimant adds proofs at once, as with the mailed
       * link. Kept for the tab only. Optional: an API without it leaves the claimant the mail.
       */
      hash: z.optional(FollowUpTokenSchema),
    }),
  ),
);

// GET sinistres ----------------------------------------------------------------------------------

export const ProofSchema = z.lazy(() =>
  z.object({
    data_mysql: z.object({
      id: z.int(),
      dropbox: Flag,
      valide: Flag,
      demande: Flag,
      nom_court: z.string(),
      nom_fichier: z.string(),
      taille: z.int(),
      creation_date: z.string(),
      /** When staff validated the proof (ISO 8601), '' while not validated; optional: older APIs lack it. */
      validation_date: z.optional(z.string()),
      /**
       * Our extension: when staff last refused the proof (ISO 8601), while it waits for a new file
       * (`dropbox` 0); '' otherwise. Optional: the specification's APIs lack it.
       */
      refus_date: z.optional(z.string()),
      /**
       * Our extension: the reason staff gave for that refusal, as they wrote it; '' when not refused,
       * and always '' by number and name (staff's words are for the follow-up link). Optional.
       */
      refus_motif: z.optional(z.string()),
    }),
  }),
);

export const ClaimInfoSchema = z.lazy(() =>
  z.object({
    etat: z.string(),
    dossier_numero: ClaimNumberSchema,
    dossier_date: z.string(),
    dossier_nom: z.string(),
    dossier_prenom: z.string(),
    dossier_email: z.string(),
    dossier_adresse: z.string(),
    dossier_adresse_cp: z.string(),
    dossier_telephone: z.string(),
    dossier_montant_sejour: z.string(),
    dossier_sejour_debut_date: z.string(),
    dossier_sejour_fin_date: z.string(),
    sinistre_objet: z.string(),
    sinistre_motif: z.string(),
    sinistre_date: z.string(),
    assurance_destination_materiel: z.string(),
    acquisition_methode: z.string(),
    a_justificatif_non_lu: z.union([z.literal(false), z.object({ reception_date: z.string() })]),
    /** Proofs keyed by their id. */
    justificatifs_manquants: z.record(z.string(), ProofSchema),
    /**
     * Staff's answers to the complaints and contact messages about the claim, oldest first: when
     * (`date`, ISO 8601), the sanitised HTML (`contenu`), and which message it answers (its kind and
     * when it was received). Only with the follow-up link's token; [] by number and name. Optional:
     * older APIs lack it.
     */
    reponses: z.optional(
      z.array(
        z.object({
          date: z.string(),
          contenu: z.string(),
          message: z.object({ type: z.enum(['reclamation', 'contact']), date: z.string() }),
        }),
      ),
    ),
  }),
);
export type ClaimInfo = z.infer<typeof ClaimInfoSchema>;
export const SinistresAnswerSchema = z.lazy(() => successAnswer(z.object({ infos_sinistre: ClaimInfoSchema })));

// POST justificatifs -----------------------------------------------------------------------------

export const ProofUploadAnswerSchema = z.lazy(() =>
  successAnswer(z.object({ temp_file: z.string(), temp_name: z.string() })),
);
/** `transmitted`: how many files were attached to the claim. */
export const ProofValidationAnswerSchema = z.lazy(() => successAnswer(z.object({ transmitted: z.int() })));

// POST attestation ------------------------------------------------------------------------------

export const AttestationAnswerSchema = z.lazy(() => z.object({ status: z.literal('success'), message: z.string() }));

// GET pages --------------------------------------------------------------------------------------

export const PagesAnswerSchema = z.lazy(() =>
  successAnswer(
    z.object({ paragraphes: z.array(z.object({ data_mysql: z.object({ nom: z.string(), contenu: z.string() }) })) }),
  ),
);

// POST lien_suivi --------------------------------------------------------------------------------

export const LienSuiviAnswerSchema = z.lazy(() =>
  z.object({ status: z.literal('success'), message: z.optional(z.string()) }),
);

// POST lien_partenaire ---------------------------------------------------------------------------

/**
 * A valid link is answered as infos_dossier answers its number, with the identity filled in (the
 * link proves possession of the number: the brand signed it for this person).
 * @alias the same shape as InfosDossierAnswerSchema, named for its endpoint.
 */
export const LienPartenaireAnswerSchema = InfosDossierAnswerSchema;

// POST code_identite and code_identite/verification -------------------------------------------

export const CodeIdentiteAnswerSchema = z.lazy(() =>
  successAnswer(
    z.object({
      /** Where the code went, masked: "m•••@example.org"; '' when nothing could be sent. */
      destination_masquee: z.string(),
    }),
  ),
);

export const CodeIdentiteVerificationAnswerSchema = z.lazy(() =>
  successAnswer(
    z.object({
      /** The identity of the subscription (holder's code), as infos_dossier items with it filled in. */
      infos: z.array(InsuredInfoSchema),
      /** The confirmation a group contract's member sends with the claim (POST sinistres), else ''. */
      jeton_email: z.string(),
    }),
  ),
);

// POST /actions/modules/formulaire/poster.php (complaint and contact) ----------------------------

export const FormPosterAnswerSchema = z.lazy(() => z.object({ status: z.literal('success'), message: z.string() }));
