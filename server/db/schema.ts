import type { AcceptedUploadType, COMPLAINT_REASONS } from '../../contracts/partner-api-base.ts';
import { DECLARED_STATE } from '../../contracts/claim-states.ts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  customType,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language } from '../../contracts/languages.ts';
import type { ProofChannel } from '../../contracts/proof-channels.ts';

/**
 * The whole data model, one Drizzle schema for PGlite and PostgreSQL alike.
 *
 * SQL names are snake_case and keep the specification's French business names (`assure_nom`,
 * `sinistre_affiche_declare`, `etat`…) so that a column reads like the API field it feeds;
 * TypeScript keys are the same names in camelCase (`assureNom`). The migrations in `migrations/`
 * are generated from this file (`npm run db:generate`), never written by hand first.
 *
 * Reference data (contracts, subscriptions, guarantees, reasons, document types, countries) keeps
 * the insurer's ids: plain integer keys, written by the import or the demo seed. Rows the portal
 * creates (claims, proofs, messages, mails…) get identity keys.
 *
 * 0/1 flags that the partner API returns as numbers (`sinistre_affiche_declare`, `demande`,
 * `dropbox`, `valide`…) are smallints checked to 0 or 1, so they go out unchanged.
 */

/** A 0/1 flag as the partner API carries it. */
export type Flag = 0 | 1;

const flag = (name: string) => smallint(name).$type<Flag>().notNull().default(0);
const language = (name = 'lang') => text(name).$type<Language>().notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Keeps a 0/1 flag column to 0 or 1. */
const flagCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} in (0, 1)`);

// Contracts and subscriptions ---------------------------------------------------------------------

/** A partner contract (policy). Its id is the `contrat_compagnie_id` the wizard carries. */
export const contracts = pgTable(
  'contracts',
  {
    /** `contrat_compagnie_id`: the insurer's id of the contract; never 0 (spec 1 §5). */
    contratCompagnieId: integer('contrat_compagnie_id').primaryKey(),
    /** Human name of the contract, for staff. Example: "Annulation camping Sandaya 2025". */
    nom: text('nom').notNull().default(''),
    /** Brand slug (a file of `brands/`) whose site may declare on it; null: any brand. */
    company: text('company'),
    /** `contrat_url`: the contract's conditions document. */
    contratUrl: text('contrat_url').notNull().default(''),
    /** `appli_declaration_destination_mode`: how the booking section is filled; `complet` is seen. */
    destinationMode: text('appli_declaration_destination_mode').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [check('contracts_id_positive', sql`${table.contratCompagnieId} > 0`)],
);

/**
 * A subscription of an insured person to a contract. Several subscriptions may share one insured
 * number `SO-…` (step 0 then lists them).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    /** `souscription_id`: the insurer's id of the subscription. */
    souscriptionId: integer('souscription_id').primaryKey(),
    contratCompagnieId: integer('contrat_compagnie_id')
      .notNull()
      .references(() => contracts.contratCompagnieId),
    /** Insured number, upper case, e.g. `SO-0000001` or `SO-FNS-0000004`; not unique. */
    assureNumero: text('assure_numero').notNull(),
    assureNom: text('assure_nom').notNull().default(''),
    assurePrenom: text('assure_prenom').notNull().default(''),
    assureEmail: text('assure_email').notNull().default(''),
    assureAdresse: text('assure_adresse').notNull().default(''),
    assureCp: text('assure_cp').notNull().default(''),
    assureVille: text('assure_ville').notNull().default(''),
    assurePays: text('assure_pays').notNull().default(''),
    /** Digits only. */
    assureTelephone: text('assure_telephone').notNull().default(''),
    /** `destination_nom`: the establishment (campsite, golf…) or the company name. */
    destinationNom: text('destination_nom').notNull().default(''),
    /** Contract start date; null where the brand has no contract dates (zenride). */
    sejourDebutDate: date('sejour_debut_date'),
    sejourFinDate: date('sejour_fin_date'),
    /** The subscribed product: its translations give `_garantie_nom_complet` (step 0). */
    garantieId: integer('garantie_id').references(() => guarantees.id),
    /** `__from`: the channel the subscription came from; the last part of `acquisition_methode`. */
    acquisitionFrom: text('acquisition_from').notNull().default(''),
    /**
     * The partner's own number of this contract (a booking or contract reference, in the format of
     * the brand file's `declaration.contractNumberFormat`), upper case; the open-claim page finds
     * the subscription by it as well as by the insured number. Null: the partner gives none.
     * Example: "SDY-2027-004512".
     */
    numeroContrat: text('numero_contrat'),
    createdAt: createdAt(),
  },
  (table) => [
    index('subscriptions_assure_numero_idx').on(table.assureNumero),
    index('subscriptions_numero_contrat_idx').on(table.numeroContrat),
    // find-my-number looks subscriptions up by e-mail (compared case-insensitively).
    index('subscriptions_assure_email_idx').on(sql`lower(${table.assureEmail})`),
  ],
);

/** The object groups (guarantees) a subscription covers: the tiles of step 1. */
export const subscriptionGuarantees = pgTable(
  'subscription_guarantees',
  {
    souscriptionId: integer('souscription_id')
      .notNull()
      .references(() => subscriptions.souscriptionId, { onDelete: 'cascade' }),
    guaranteeId: integer('guarantee_id')
      .notNull()
      .references(() => guarantees.id),
  },
  (table) => [
    primaryKey({ columns: [table.souscriptionId, table.guaranteeId] }),
    index('subscription_guarantees_guarantee_idx').on(table.guaranteeId),
  ],
);

// Guarantees, reasons, documents ------------------------------------------------------------------

/**
 * A guarantee (object group, "objet de la demande"): a tile of step 1. Its id is the claim group
 * sent as `garantie_type`; ids 1, 5, 35, 40, 46, 102 and 110 are cancellations.
 */
export const guarantees = pgTable(
  'guarantees',
  {
    id: integer('id').primaryKey(),
    /** Picture of the tile: a site path or an image URL. */
    logo: text('logo').notNull().default(''),
    /** Tiles are sorted by it, ascending. */
    ordre: integer('ordre').notNull().default(0),
    /** 1: shown at step 1 (`sinistre_affiche_declare`). */
    sinistreAfficheDeclare: flag('sinistre_affiche_declare').default(1),
    /** 1: one of the priority tiles shown before "Voir plus" (`priorisation_declare`). */
    priorisationDeclare: flag('priorisation_declare'),
    /** `materiel` (equipment: "Votre matériel" at step 4), `annulation`, or ''. */
    type: text('type').notNull().default(''),
  },
  (table) => [
    flagCheck('guarantees_affiche_flag', table.sinistreAfficheDeclare),
    flagCheck('guarantees_priorisation_flag', table.priorisationDeclare),
  ],
);

/** A guarantee's names in one language. */
export const guaranteeTranslations = pgTable(
  'guarantee_translations',
  {
    guaranteeId: integer('guarantee_id')
      .notNull()
      .references(() => guarantees.id, { onDelete: 'cascade' }),
    lang: language(),
    /** Tile name. Example: "Annulation de séjour". */
    nom: text('nom').notNull(),
    /** `_garantie_nom_complet`: the product's full name shown at step 0. */
    nomComplet: text('nom_complet').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.guaranteeId, table.lang] })],
);

/** A reason (motif) of a guarantee: step 2. */
export const reasons = pgTable(
  'reasons',
  {
    id: integer('id').primaryKey(),
    guaranteeId: integer('guarantee_id')
      .notNull()
      .references(() => guarantees.id, { onDelete: 'cascade' }),
    /** Step 2 sorts reasons by it, descending. */
    priorisationDeclare: integer('priorisation_declare').notNull().default(0),
    /** Tie-break after the priority, ascending. */
    ordre: integer('ordre').notNull().default(0),
  },
  (table) => [index('reasons_guarantee_idx').on(table.guaranteeId)],
);

export const reasonTranslations = pgTable(
  'reason_translations',
  {
    reasonId: integer('reason_id')
      .notNull()
      .references(() => reasons.id, { onDelete: 'cascade' }),
    lang: language(),
    nom: text('nom').notNull(),
  },
  (table) => [primaryKey({ columns: [table.reasonId, table.lang] })],
);

/** A kind of proof (justificatif): booking invoice, medical certificate, hole-in-one certificate… */
export const documentTypes = pgTable('document_types', {
  id: integer('id').primaryKey(),
  /** Stable name for code and imports. Example: "medical_certificate". */
  code: text('code').notNull().unique('document_types_code_unique'),
});

export const documentTypeTranslations = pgTable(
  'document_type_translations',
  {
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'cascade' }),
    lang: language(),
    /** `nom_court`: the short name listed on the confirmation and follow-up pages. */
    nomCourt: text('nom_court').notNull(),
    /** Long name or explanation. */
    nom: text('nom').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.documentTypeId, table.lang] })],
);

/** The documents a reason requires: they become the claim's requested proofs. */
export const reasonDocuments = pgTable(
  'reason_documents',
  {
    reasonId: integer('reason_id')
      .notNull()
      .references(() => reasons.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    /** Display order, ascending. */
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.reasonId, table.documentTypeId] })],
);

/** Countries offered by the country field of step 4. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  /** ISO 3166-1 alpha-2 code. Example: "FR". */
  isoCode: text('iso_code').notNull().unique('countries_iso_code_unique'),
});

export const countryTranslations = pgTable(
  'country_translations',
  {
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    lang: language(),
    nom: text('nom').notNull(),
  },
  (table) => [primaryKey({ columns: [table.countryId, table.lang] })],
);

// Claims ------------------------------------------------------------------------------------------

/**
 * SQL of a claim number drawn at random, e.g. `SI-4071953`: 48 bits of `gen_random_uuid()` (drawn by
 * PostgreSQL's strong random source) reduced to 7 digits. The app draws its numbers itself
 * (claim-numbers.ts, node:crypto) and retries on a collision; this default only covers rows written
 * without a number (tests, imports), so that no path hands out numbers in sequence.
 */
export const RANDOM_CLAIM_NUMBER = sql`('SI-' || lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint % 10000000))::text, 7, '0'))`;

/** A claim (sinistre): every field of the declaration sent at step 5 (spec 1 §3), and its state. */
export const claims = pgTable(
  'claims',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** `numero_sinistre`: `SI-` + 7 digits drawn at random (claim-numbers.ts); the demo claims keep fixed ones. */
    numero: text('numero').notNull().default(RANDOM_CLAIM_NUMBER),
    souscriptionId: integer('souscription_id')
      .notNull()
      .references(() => subscriptions.souscriptionId),
    contratCompagnieId: integer('contrat_compagnie_id')
      .notNull()
      .references(() => contracts.contratCompagnieId),
    /** The insured number as declared. */
    assureNumero: text('assure_numero').notNull(),
    assureNom: text('assure_nom').notNull(),
    assurePrenom: text('assure_prenom').notNull(),
    assureEmail: text('assure_email').notNull(),
    assureAdresse: text('assure_adresse').notNull(),
    assureCp: text('assure_cp').notNull(),
    assureVille: text('assure_ville').notNull(),
    assurePays: text('assure_pays').notNull(),
    /** Digits only. */
    assureTelephone: text('assure_telephone').notNull(),
    /** Equipment designation followed by the company (establishment) name. */
    destinationNom: text('destination_nom').notNull().default(''),
    /** Contract (stay) dates; null where the brand does not ask them (zenride). */
    sejourDebutDate: date('sejour_debut_date'),
    sejourFinDate: date('sejour_fin_date'),
    /** Date of the event (sent as dd/mm/yyyy). */
    sinistreDate: date('sinistre_date').notNull(),
    /** Amount paid in euros; null when not asked (veligo) or left empty. */
    sejourMontant: numeric('sejour_montant', { precision: 12, scale: 2 }),
    motifId: integer('motif_id')
      .notNull()
      .references(() => reasons.id),
    /** The claim group, sent as `garantie_type`: a guarantee id. */
    garantieId: integer('garantie_id')
      .notNull()
      .references(() => guarantees.id),
    /** `justificatifs` as declared: document type ids; the proofs themselves are rows of `claim_proofs`. */
    justificatifs: jsonb('justificatifs').$type<number[]>().notNull().default([]),
    declarationCommentaire: text('declaration_commentaire').notNull().default(''),
    /** The claimant's language: mails and the follow-up page use it. */
    lang: language(),
    /** Brand slug of the site the claim was declared on; null when unknown. */
    company: text('company'),
    /** `portail_{company}_{from}` (spec 1 §7). */
    acquisitionMethode: text('acquisition_methode').notNull(),
    /** `__force_client_id` of the brand (7549, 7858, 4675…), or null. */
    forceClientId: integer('force_client_id'),
    /** `sinistre_etiquette_id` (14 for veligo), or null. */
    sinistreEtiquetteId: integer('sinistre_etiquette_id'),
    /** The claimant confirmed the cancellation of the booking (groups 1, 5, 35, 40, 46, 102, 110). */
    confirmationAnnulation: boolean('confirmation_annulation').notNull().default(false),
    /**
     * State (spec 2 §4): `en_cours` when declared, while the claimant sends the requested proofs;
     * `attente_traitement` once the file is complete and awaits the insurer; then e.g.
     * `paiement_envoye` or `sans_suite`. Free text: the insurer's tools may add states.
     */
    etat: text('etat').notNull().default(DECLARED_STATE),
    /** `declaration_date` answered to the wizard and shown as the creation date. */
    declarationDate: timestamp('declaration_date', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The `Idempotency-Key` of the submit: a retried or concurrent submit with the same key finds
     * this claim instead of creating another. Null for claims not created through the API.
     */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 (hex) of the submitted fields, to refuse a key reused for a different declaration. */
    requestHash: text('request_hash'),
    /** Live-socket id of the visitor who declared it (back office's claims list); not personal data. */
    creationSocketId: text('creation_socket_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('claims_numero_unique').on(table.numero),
    uniqueIndex('claims_idempotency_key_unique').on(table.idempotencyKey),
    index('claims_souscription_idx').on(table.souscriptionId),
    index('claims_created_at_idx').on(table.createdAt),
    check('claims_numero_format', sql`${table.numero} ~ '^SI-[0-9]{7}$'`),
  ],
);

/**
 * A proof (justificatif) of a claim: requested by staff or the reason (`demande` 1), transmitted
 * by the claimant (`dropbox` 1), validated by staff (`valide` 1). Spec 2 §4 "Proof states".
 */
export const claimProofs = pgTable(
  'claim_proofs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** The kind of document; null: "other document" (upload type 0). */
    documentTypeId: integer('document_type_id').references(() => documentTypes.id),
    /** 1: asked of the claimant. */
    demande: flag('demande'),
    /** 1: a file was transmitted. */
    dropbox: flag('dropbox'),
    /** 1: validated by staff. */
    valide: flag('valide'),
    /** Short name shown in lists; for a typed document, its translation is preferred. */
    nomCourt: text('nom_court').notNull().default(''),
    /** Name of the transmitted file, as the claimant's file was called. */
    nomFichier: text('nom_fichier'),
    /** Size of the transmitted file in bytes. */
    taille: bigint('taille', { mode: 'number' }),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the file was received (validated by the claimant). */
    receptionDate: timestamp('reception_date', { withTimezone: true }),
    /** When staff first opened it; null while received and unread (`a_justificatif_non_lu`). */
    readAt: timestamp('read_at', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    /**
     * When a bank-details proof (a document type with `bankDetails` in content/documents.ts) last
     * received a new file after one had been transmitted: staff see "RIB modifié — à vérifier"
     * until they validate or refuse the proof, which clears it. Null otherwise.
     */
    bankDetailsChangedAt: timestamp('bank_details_changed_at', { withTimezone: true }),
  },
  (table) => [
    index('claim_proofs_claim_idx').on(table.claimId),
    flagCheck('claim_proofs_demande_flag', table.demande),
    flagCheck('claim_proofs_dropbox_flag', table.dropbox),
    flagCheck('claim_proofs_valide_flag', table.valide),
  ],
);

/** Content types accepted for uploads, as detected from the bytes. */
export type UploadedFileMime = AcceptedUploadType;

/**
 * A file received through an upload. `temporary` until validated (then `attached` to a proof or
 * a message); temporary files past `expires_at` are deleted with their bytes.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    /** Also the `temp_file` handed to the browser. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Key of the bytes in the file store (generated, never from the request). */
    storageKey: text('storage_key').notNull().unique('uploaded_files_storage_key_unique'),
    /** The claimant's file name, cleaned; for display and download only. */
    originalName: text('original_name').notNull(),
    /** Detected from the content, never from the name or the declared type. */
    mime: text('mime').$type<UploadedFileMime>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the content. */
    sha256: text('sha256').notNull(),
    status: text('status').$type<'temporary' | 'attached'>().notNull().default('temporary'),
    claimProofId: integer('claim_proof_id').references(() => claimProofs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When a temporary file may be deleted; null once attached. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * When the file was transmitted to its proof (the claimant's validation): a version of the
     * proof. Null while temporary, and for files attached before versions were recorded.
     */
    transmittedAt: timestamp('transmitted_at', { withTimezone: true }),
    /** How it was transmitted (contracts/backoffice.ts PROOF_CHANNELS); null while temporary or not recorded. */
    channel: text('channel').$type<ProofChannel>(),
  },
  (table) => [
    index('uploaded_files_claim_proof_idx').on(table.claimProofId),
    index('uploaded_files_expiry_idx').on(table.status, table.expiresAt),
    check('uploaded_files_status', sql`${table.status} in ('temporary', 'attached')`),
  ],
);

/**
 * A comment the claimant sent with transmitted proofs (`additionalComment` of the proof validation,
 * spec 2 §7 call 5): one row per validation that carried one, for staff to read beside the files.
 */
export const claimantComments = pgTable(
  'claimant_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** The claimant's text, trimmed; never empty. */
    commentaire: text('commentaire').notNull(),
    /** How many files the same validation transmitted. */
    transmittedFiles: integer('transmitted_files').notNull().default(0),
    /** The language the claimant wrote in. */
    lang: language(),
    createdAt: createdAt(),
    /** When staff first read it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('claimant_comments_claim_idx').on(table.claimId),
    check('claimant_comments_not_empty', sql`length(${table.commentaire}) > 0`),
  ],
);

/**
 * A follow-up link (`client-file?dossier=<token>`): only the SHA-256 of the token is stored, so
 * the table never holds a usable link.
 */
export const followUpTokens = pgTable(
  'follow_up_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token (the token has at least 128 random bits). */
    tokenHash: text('token_hash').notNull().unique('follow_up_tokens_token_hash_unique'),
    createdAt: createdAt(),
    /**
     * Until when the token opens its claim: renewed on each use, set to the moment of revocation
     * when the claimant asks for a new link (server/customer-api/claims/follow-up-links.ts).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * How the token reached the claimant: `mail` (a mailed link; a new one asked by the claimant
     * revokes the older ones) or `browser` (answered to the browser that declared the claim).
     */
    deliveredBy: text('delivered_by').notNull().default('mail'),
  },
  (table) => [index('follow_up_tokens_claim_idx').on(table.claimId)],
);

// Customer messages -------------------------------------------------------------------------------

/** Complaint reasons of the complaint form. */
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];

/** A complaint (réclamation) posted by the complaint form (spec 2 claim-step1). */
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email').notNull(),
    adresse: text('adresse').notNull(),
    cp: text('cp').notNull(),
    ville: text('ville').notNull(),
    pays: text('pays').notNull(),
    telephone: text('telephone').notNull(),
    /** The claim number as typed. */
    numSinistre: text('num_sinistre').notNull(),
    /** The claim it names, when that claim exists. */
    claimId: integer('claim_id').references(() => claims.id, { onDelete: 'set null' }),
    motif: text('motif').$type<ComplaintReason>().notNull(),
    message: text('message').notNull(),
    lang: language(),
    /** Brand slug of the site it was posted on; null: the neutral site. */
    company: text('company'),
    createdAt: createdAt(),
  },
  (table) => [index('complaints_created_at_idx').on(table.createdAt)],
);

/** A message of the contact form (spec 2 contact). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    nom: text('nom').notNull(),
    email: text('email').notNull(),
    telephone: text('telephone').notNull(),
    message: text('message').notNull(),
    /** Claim number, or ''. */
    numSinistre: text('num_sinistre').notNull().default(''),
    /** The page the visitor came from. */
    sourceReferrer: text('source_referrer').notNull().default(''),
    lang: language(),
    company: text('company'),
    createdAt: createdAt(),
    /** The claim its number names, when that claim exists. */
    claimId: integer('claim_id').references(() => claims.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    index('contact_messages_claim_idx').on(table.claimId),
  ],
);

/** A file attached to exactly one complaint or contact message. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    complaintId: integer('complaint_id').references(() => complaints.id, { onDelete: 'cascade' }),
    contactMessageId: integer('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    uploadedFileId: uuid('uploaded_file_id')
      .notNull()
      .references(() => uploadedFiles.id)
      .unique('message_attachments_file_unique'),
  },
  (table) => [
    index('message_attachments_complaint_idx').on(table.complaintId),
    index('message_attachments_contact_idx').on(table.contactMessageId),
    check('message_attachments_one_owner', sql`num_nonnulls(${table.complaintId}, ${table.contactMessageId}) = 1`),
  ],
);

// Staff inbox -------------------------------------------------------------------------------------

/** The inbox's states and kinds (contracts/inbox.ts). */
export type InboxStateValue = 'nouveau' | 'en_cours' | 'repondu' | 'clos';
export type InboxKindValue = 'reclamation' | 'contact';

/**
 * A complaint or contact message as staff handle it (the staff inbox): exactly one of
 * `complaint_id` and `contact_message_id`, its state, its assignee and its deadlines, computed at
 * receipt (contracts/inbox.ts `deadlinesOf`) and stored so that lists filter and sort on them.
 * `company` and `lang` repeat the message's (they never change) for the list's filters.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').$type<InboxKindValue>().notNull(),
    complaintId: integer('complaint_id')
      .references(() => complaints.id, { onDelete: 'cascade' })
      .unique('inbox_messages_complaint_unique'),
    contactMessageId: integer('contact_message_id')
      .references(() => contactMessages.id, { onDelete: 'cascade' })
      .unique('inbox_messages_contact_message_unique'),
    state: text('state').$type<InboxStateValue>().notNull().default('nouveau'),
    /** The staff member it is assigned to; null: nobody. */
    assigneeId: integer('assignee_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    company: text('company'),
    lang: language(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** When it was acknowledged to the claimant (the automatic acknowledgement mail counts). */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** When the first answer was mailed. */
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    /** Complaints only (10 working days); null for a contact message. */
    acknowledgementDueAt: timestamp('acknowledgement_due_at', { withTimezone: true }),
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('inbox_messages_received_at_idx').on(table.receivedAt),
    index('inbox_messages_state_idx').on(table.state),
    check('inbox_messages_kind', sql`${table.kind} in ('reclamation', 'contact')`),
    check('inbox_messages_state', sql`${table.state} in ('nouveau', 'en_cours', 'repondu', 'clos')`),
    check(
      'inbox_messages_one_message',
      sql`(${table.kind} = 'reclamation' and ${table.complaintId} is not null and ${table.contactMessageId} is null) or (${table.kind} = 'contact' and ${table.contactMessageId} is not null and ${table.complaintId} is null)`,
    ),
  ],
);

/**
 * The history of an inbox message: who (`staff` with its login, the portal `system`, or the
 * `claimant`), when and what (`created`, `acknowledged`, `assigned`, `note`, `state_changed`,
 * `answered`, `mail_sent`), with its detail. Logins are kept as text so the history outlives the account.
 */
export const inboxEvents = pgTable(
  'inbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    inboxMessageId: integer('inbox_message_id')
      .notNull()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    actor: text('actor').$type<'staff' | 'system' | 'claimant'>().notNull(),
    staffLogin: text('staff_login'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('inbox_events_message_idx').on(table.inboxMessageId, table.createdAt),
    check('inbox_events_actor', sql`${table.actor} in ('staff', 'system', 'claimant')`),
  ],
);

/** An internal note on an inbox message: staff only, never shown nor sent to the claimant. */
export const inboxNotes = pgTable(
  'inbox_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    inboxMessageId: integer('inbox_message_id')
      .notNull()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    staffLogin: text('staff_login').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('inbox_notes_message_idx').on(table.inboxMessageId)],
);

/** An answer staff mailed to the claimant: sanitised HTML, its author, and the outbox mail that carries it. */
export const inboxAnswers = pgTable(
  'inbox_answers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    inboxMessageId: integer('inbox_message_id')
      .notNull()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    staffLogin: text('staff_login').notNull(),
    /** Sanitised with contracts/sanitize-rich-text.ts before it is stored. */
    html: text('html').notNull(),
    mailOutboxId: integer('mail_outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('inbox_answers_message_idx').on(table.inboxMessageId)],
);

/**
 * A find-my-number request (`attestation`): e-mail and stay dates. `found`: the numbers were
 * mailed; `not_found`: no subscription matched (the answer says so).
 */
export const insuredNumberRequests = pgTable(
  'insured_number_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    sejourDebutDate: date('sejour_debut_date').notNull(),
    sejourFinDate: date('sejour_fin_date').notNull(),
    acquisitionMethode: text('acquisition_methode').notNull().default(''),
    lang: language(),
    company: text('company'),
    status: text('status').$type<'pending' | 'found' | 'not_found'>().notNull().default('pending'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    index('insured_number_requests_created_at_idx').on(table.createdAt),
    check('insured_number_requests_status', sql`${table.status} in ('pending', 'found', 'not_found')`),
  ],
);

/**
 * One-time codes mailed to prove possession (server/customer-api/insured/identity-codes.ts): of an
 * insured number (`identity`: the code goes to the subscription's address on file) or of an
 * address a group contract's member typed (`email`). Six digits, kept only as a salted hash; valid
 * 10 minutes, `tries_left` counted down atomically by each try, single use (`used_at`). A code
 * verified for `email` leaves a confirmation token (hashed) that POST sinistres spends.
 */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    purpose: text('purpose').$type<'identity' | 'email'>().notNull(),
    souscriptionId: integer('souscription_id').notNull(),
    /** Keyed hash of the typed address (`email` codes), '' for `identity` codes. */
    emailHash: text('email_hash').notNull().default(''),
    /** Hex SHA-256 of `salt` and the code. */
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    triesLeft: integer('tries_left').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Hex SHA-256 of the confirmation token an `email` code leaves once verified; spent by a claim. */
    confirmationHash: text('confirmation_hash').unique('identity_codes_confirmation_hash_unique'),
    confirmationSpentAt: timestamp('confirmation_spent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('identity_codes_subject_idx').on(table.souscriptionId, table.purpose, table.emailHash),
    index('identity_codes_expires_idx').on(table.expiresAt),
    check('identity_codes_purpose', sql`${table.purpose} in ('identity', 'email')`),
  ],
);

// Content -----------------------------------------------------------------------------------------

/** A content page served by `GET pages`. Example ids: `mentions-legales`, `politique-confidentialite`. */
export const legalPages = pgTable('legal_pages', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

/** A paragraph (`nom` title, `contenu` HTML) of a content page in one language. */
export const legalParagraphs = pgTable(
  'legal_paragraphs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pageId: text('page_id')
      .notNull()
      .references(() => legalPages.id, { onDelete: 'cascade' }),
    lang: language(),
    /** Order in the page, ascending. */
    position: integer('position').notNull(),
    nom: text('nom').notNull(),
    /** HTML, sanitised before it is stored. */
    contenu: text('contenu').notNull(),
  },
  (table) => [uniqueIndex('legal_paragraphs_page_lang_position_unique').on(table.pageId, table.lang, table.position)],
);

// Mail --------------------------------------------------------------------------------------------

/** A file sent with a mail; the bytes are in the row (mails carry small documents only). */
export interface OutboxAttachment {
  /** Example: "attestation.pdf". */
  filename: string;
  /** Example: "application/pdf". */
  contentType: string;
  contentBase64: string;
}

/**
 * The mail outbox: a row is written in the same transaction as the change that causes the mail,
 * then delivered with retries (`next_attempt_at` also serves as the lease of a delivering worker).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Template name. Example: "claim-confirmation". */
    kind: text('kind').notNull(),
    lang: language(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /**
     * `cancelled`: a claim-change mail whose change was undone or replaced while it was held.
     * `limited`: never sent, its recipient had had their share of mails (server/mail/recipient-limit.ts;
     * `last_error` says which limit).
     */
    status: text('status')
      .$type<'pending' | 'sent' | 'failed' | 'cancelled' | 'limited'>()
      .notNull()
      .default('pending'),
    /** Failed attempts so far. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Short, personal-data-free reason of the last failure, or of a `limited` mail's refusal. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The claim the mail is about (its confirmation, a follow-up link, a change staff made), listed on its staff page. */
    claimId: integer('claim_id').references(() => claims.id, { onDelete: 'cascade' }),
    /**
     * What a claim-change mail tells, so that a later change of the same thing can replace it while
     * it is held: the topic (`etat`, or `proof:<id>`), and what the claimant knew before and is told
     * now (a claimant-visible status such as `in-treatment`, or `requested`, `validated`, `refused`).
     */
    changeTopic: text('change_topic'),
    changeFrom: text('change_from'),
    changeTo: text('change_to'),
    /**
     * Until then the mail is held (not sent, still cancellable); the delivery worker clears it when
     * it claims the row, so a mail being sent is never cancelled. Example: 60 s after the change.
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_claim_idx').on(table.claimId, table.createdAt),
    // The per-recipient limit counts a normalised address's recent mails.
    index('mail_outbox_recipient_idx').on(sql`lower(btrim(${table.recipient}))`, table.createdAt),
    check('mail_outbox_status', sql`${table.status} in ('pending', 'sent', 'failed', 'cancelled', 'limited')`),
  ],
);

// Abuse limits ------------------------------------------------------------------------------------

/**
 * Fixed-window counters shared by every server process: one row per bucket (e.g.
 * `infos_dossier:ip:<hash>`) and window start, incremented with an upsert.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.windowStart] }),
    // Old windows are deleted by age.
    index('rate_limit_hits_window_idx').on(table.windowStart),
  ],
);

// Browser errors ------------------------------------------------------------------------------------

/**
 * How many times the visitors' browsers reported each numbered error of the specification
 * (`POST /client_errors`, server/customer-api/client-errors/), per UTC day: one upsert a report. Only the code
 * and the day, never who, where from or with what text (a count needs no personal data).
 */
export const clientErrorCounts = pgTable(
  'client_error_counts',
  {
    /** A code of contracts/client-error-codes.ts. Example: "562321E". */
    code: text('code').notNull(),
    /** The UTC day of the reports. */
    day: date('day').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  // The key serves the upsert, the staff's read of recent days and the purge by age alike.
  (table) => [primaryKey({ columns: [table.day, table.code] })],
);

/**
 * Security events (server/security/security-events.ts) per kind and UTC day: what attacks met (a
 * lockout, full upload slots, a flood), counted for staff. Only the kind and the day, never who.
 */
export const securityEventCounts = pgTable(
  'security_event_counts',
  {
    /** A kind of SECURITY_EVENT_KINDS. Example: "upload_slots_full". */
    kind: text('kind').notNull(),
    /** The UTC day of the events. */
    day: date('day').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind] })],
);

// FAQ ---------------------------------------------------------------------------------------------

/** A question asked to the FAQ assistant and its curated answer (spec 3 §3 "FAQ entry"). */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    lang: language(),
    question: text('question').notNull(),
    /** HTML, sanitised on the server. */
    reponse: text('reponse').notNull().default(''),
    /** `sourceDocuments`: the sources the answer was built from. */
    sourceDocuments: text('source_documents').notNull().default(''),
    /** Other words customers use for this question (synonyms), space-separated; searched too. */
    keywords: text('keywords').notNull().default(''),
    /**
     * The question's distinct stemmed words, sorted (server/faq/text.ts): similar questions asked
     * without a curated answer are counted on one entry.
     */
    questionKey: text('question_key').notNull().default(''),
    /** Times the question was asked. */
    occurence: integer('occurence').notNull().default(0),
    reponseUtileOui: integer('reponse_utile_oui').notNull().default(0),
    reponseUtileNon: integer('reponse_utile_non').notNull().default(0),
    commentaire: text('commentaire').notNull().default(''),
    /** Previous answers, most recent last (`add_to_history`). */
    historique: jsonb('historique')
      .$type<{ reponse: string; date: string; staffLogin?: string }[]>()
      .notNull()
      .default([]),
    /** Last "not helpful" vote. */
    dateReponseUtileNon: timestamp('date_reponse_utile_non', { withTimezone: true }),
    /** Date of the last staff edit; null: never edited by staff. */
    modifAdmin: timestamp('modif_admin', { withTimezone: true }),
    /** When a customer last asked the question ('Dernière occurrence'); null: never asked. */
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('faq_entries_lang_question_unique').on(table.lang, table.question),
    index('faq_entries_lang_question_key_idx').on(table.lang, table.questionKey),
  ],
);

/**
 * A question the FAQ assistant could not match to an entry, waiting for more askers before staff
 * see it (server/faq/candidates.ts): one row per asker of a question's words, a keyed hash of the
 * asker that nobody can read back, deleted once the entry is made or after a few days.
 */
export const faqQuestionCandidates = pgTable(
  'faq_question_candidates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    lang: language(),
    /** The question's words as faq_entries.question_key groups them. Example: "pomm recet tart". */
    questionKey: text('question_key').notNull(),
    /** The asker's wording, personal data redacted (the entry takes the first one). */
    question: text('question').notNull(),
    /** Keyed hash of the asker (server/security/keyed-hash.ts). */
    askerHash: text('asker_hash').notNull(),
    /** Times this asker asked it. */
    askings: integer('askings').notNull().default(1),
    firstAskedAt: timestamp('first_asked_at', { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('faq_question_candidates_asker_unique').on(table.lang, table.questionKey, table.askerHash),
    index('faq_question_candidates_last_asked_idx').on(table.lastAskedAt),
  ],
);

/** A document the FAQ assistant may quote (conditions, procedures), per language. */
export const knowledgeDocuments = pgTable(
  'knowledge_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    lang: language(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('knowledge_documents_lang_idx').on(table.lang)],
);

// Statistics --------------------------------------------------------------------------------------

/**
 * Secrets the server generates once and every process shares (e.g. the key of the statistics'
 * keyed hashes). Created on first use with `insert … on conflict do nothing`.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  /** base64url of 32 random bytes. */
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The customer side's reports (spec 2 §7): `find_number` (`analyse01`) and `follow_up`
 * (`analyse02`) attempts, counted OK/KO by the back office (spec 3 §7). No e-mail address, name or
 * claim number in clear: `subject_hash` is a keyed hash of the e-mail (find_number)
 * or of the claim number (follow_up), `name_hash` of the last name, so repeated attempts of one
 * visitor stay countable while the values cannot be read back.
 */
export const visitorReports = pgTable(
  'visitor_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').$type<'find_number' | 'follow_up'>().notNull(),
    status: text('status').$type<'success' | 'error'>().notNull(),
    /** The message the visitor was shown, with any personal value removed. */
    message: text('message').notNull().default(''),
    company: text('company').notNull().default(''),
    lang: language(),
    subjectHash: text('subject_hash').notNull().default(''),
    nameHash: text('name_hash').notNull().default(''),
    /** find_number only: the stay dates asked about. */
    sejourDebutDate: date('sejour_debut_date'),
    sejourFinDate: date('sejour_fin_date'),
    socketId: text('socket_id').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('visitor_reports_kind_created_at_idx').on(table.kind, table.createdAt),
    // The analysis rates read a visitor's reports (migration 0010: those spanning several hours).
    index('visitor_reports_kind_socket_id_idx').on(table.kind, table.socketId, table.createdAt),
    check('visitor_reports_kind', sql`${table.kind} in ('find_number', 'follow_up')`),
    check('visitor_reports_status', sql`${table.status} in ('success', 'error')`),
  ],
);

// Live activity ------------------------------------------------------------------------------------

/**
 * One visitor session of the customer pages (spec 3 §3 "Activity record"), kept from the live
 * socket events and written in batches. No personal data: no IP address, no name;
 * `store` is the allow-listed snapshot of `contracts/socket-events.ts`, `navigator` the browser's
 * user agent (device and browser statistics).
 */
export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The socket.io id of the visitor's connection; one record per connection. */
    socketId: text('socket_id').notNull(),
    /** The first page of the session. Example: "/veligo/declare-sinistre". */
    entryPage: text('entry_page').notNull(),
    currentPage: text('current_page').notNull(),
    /** The pages seen, oldest first, each with its ISO date-time. */
    historyPages: jsonb('history_pages').$type<{ page: string; at: string }[]>().notNull().default([]),
    /** The last session snapshot (allow-listed fields only), or null before the first. */
    store: jsonb('store').$type<Record<string, unknown>>(),
    /**
     * When `store` was taken: of the snapshots that several server processes hold for one session,
     * the latest wins (server/live/activity-merge.ts). Null for records written before migration 0012.
     */
    storeAt: timestamp('store_at', { withTimezone: true }),
    /** The browser's user agent, at most 512 characters. */
    navigator: text('navigator').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the session's last socket disconnected; null while the visitor is online (a socket of
     * the session is held by a server process that still heartbeats: `live_presence`).
     */
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    // The session's summary for the analysis statistics (server/staff-api/analysis/session-summary.ts),
    // written with the record so a statistic reads columns, not histories.
    /** false: written before summaries existed; the server fills it in at start. */
    summarised: boolean('summarised').notNull().default(false),
    /** Reached /confirmation-sinistre. */
    finished: boolean('finished').notNull().default(false),
    /** The furthest declaration step reached (0 to 6), null when none. */
    furthestStep: smallint('furthest_step'),
    /** The page right after the last visit of that step. Example: "/faq". */
    furthestNextPage: text('furthest_next_page'),
    /** The language of that step's page. Example: "en". */
    furthestLanguage: text('furthest_language'),
    /** The last declaration step visited, its next page and language. */
    lastStep: smallint('last_step'),
    lastNextPage: text('last_next_page'),
    lastLanguage: text('last_language'),
    /** Browser family of `navigator`. Example: "Safari". */
    browser: text('browser').notNull().default(''),
    /** `navigator` matches /Mobi|Android|iPhone/. */
    mobile: boolean('mobile').notNull().default(false),
  },
  (table) => [
    uniqueIndex('activities_socket_id_unique').on(table.socketId),
    index('activities_created_at_idx').on(table.createdAt),
    // stats_04 reads the unfinished declarations and counts the finished ones, by creation date
    // (migration 0006 adds the summary columns to the first as INCLUDE, for index-only reads).
    index('activities_unfinished_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.furthestStep} is not null and not ${table.finished}`),
    index('activities_finished_created_at_idx').on(table.createdAt).where(sql`${table.finished}`),
    index('activities_unsummarised_idx').on(table.id).where(sql`not ${table.summarised}`),
    // The visitors online: few rows, read by the back office and by the presence sweep.
    index('activities_online_idx').on(table.socketId).where(sql`${table.disconnectedAt} is null`),
  ],
);

/**
 * The server processes that hold live sockets, each with its last heartbeat
 * (server/live/presence.ts). A process whose heartbeat is older than PRESENCE_EXPIRES_MS has
 * stopped: its visitors are marked disconnected by any other process, or by itself at restart.
 */
export const liveProcesses = pgTable('live_processes', {
  /** Random per process start. Example: "4f0c2a8e-…". */
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which process holds a socket of which visitor session now (one row per pair): a session is
 * online while one of its rows names a live process. Two tabs of one session may be on two
 * processes; the session goes offline when the last of them leaves.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    /** The session's key, `activities.socket_id`. */
    socketId: text('socket_id').notNull(),
    processId: text('process_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.socketId, table.processId] }),
    index('live_presence_process_id_idx').on(table.processId),
  ],
);

/**
 * The pages right before and after each page of a visitor session, each pair once per session
 * (stats_05), written with the session's record. `created_at` is the session's.
 */
export const activityPageLinks = pgTable(
  'activity_page_links',
  {
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Canonical route. Example: "/declare-step2". */
    page: text('page').notNull(),
    /** 'previous' or 'next'. */
    direction: text('direction').notNull(),
    neighbour: text('neighbour').notNull(),
  },
  (table) => [
    // One index, both the pair's uniqueness (a session's created_at never changes) and stats_05's
    // read: a page's links in a date range, index-only.
    primaryKey({ columns: [table.page, table.createdAt, table.activityId, table.direction, table.neighbour] }),
    check('activity_page_links_direction', sql`${table.direction} in ('previous', 'next')`),
  ],
);

/**
 * Running totals of the analysis funnel (stats_01, stats_04), per UTC hour and per UTC day of the
 * sessions' `created_at`: how many sessions each line of the funnel counts (migration 0009's
 * triggers keep them as `activities` changes; server/staff-api/analysis/repository.ts reads them).
 */
export const activityFunnelTotals = pgTable(
  'activity_funnel_totals',
  {
    /** 'hour' or 'day'. */
    period: text('period').notNull(),
    /** The hour's or the (UTC) day's first instant. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** 'sessions', 'finished', 'furthest' (step reached) or 'last' (step left from). */
    kind: text('kind').notNull(),
    /** The declaration step, -1 for 'sessions' and 'finished'. */
    step: smallint('step').notNull(),
    /** 'total', 'mobile', 'browser', 'language' or 'next' (the page after the step). */
    dimension: text('dimension').notNull(),
    /** The browser, language or next page counted; '' for 'total' and 'mobile'. */
    value: text('value').notNull(),
    sessions: bigint('sessions', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.period, table.startsAt, table.kind, table.step, table.dimension, table.value],
    }),
    check('activity_funnel_totals_period', sql`${table.period} in ('hour', 'day')`),
  ],
);

/** Running totals of `activity_page_links` (stats_05), per UTC hour and day, kept by migration 0009's triggers. */
export const activityLinkTotals = pgTable(
  'activity_link_totals',
  {
    period: text('period').notNull(),
    /** Canonical route. Example: "/declare-step2". */
    page: text('page').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    direction: text('direction').notNull(),
    neighbour: text('neighbour').notNull(),
    links: bigint('links', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.page, table.startsAt, table.direction, table.neighbour] }),
    check('activity_link_totals_period', sql`${table.period} in ('hour', 'day')`),
  ],
);

/**
 * Each visitor of the analysis rates (analyse01/analyse02: a socket id, or one report when it has
 * none) with the outcome of its reports, kept by migration 0010's trigger: its first attempt (by
 * time, then id) and whether any succeeded. `straddles`: its reports fall in more than one UTC
 * hour, so the hourly totals leave it out and a rate reads its reports.
 */
export const reportVisitors = pgTable(
  'report_visitors',
  {
    kind: text('kind').notNull(),
    visitor: text('visitor').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    firstId: bigint('first_id', { mode: 'number' }).notNull(),
    firstSuccess: boolean('first_success').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    anySuccess: boolean('any_success').notNull(),
    straddles: boolean('straddles').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.visitor] }),
    index('report_visitors_straddling_idx').on(table.kind, table.lastAt).where(sql`${table.straddles}`),
  ],
);

/**
 * Per UTC hour, the visitors of a kind of report whose reports all fall in that hour, and how many
 * of them succeeded at any attempt and at their first (migration 0010's trigger).
 */
export const reportHourTotals = pgTable(
  'report_hour_totals',
  {
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    visitors: bigint('visitors', { mode: 'number' }).notNull(),
    okAny: bigint('ok_any', { mode: 'number' }).notNull(),
    okFirst: bigint('ok_first', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.startsAt] })],
);

// Staff ---------------------------------------------------------------------------------------------

/** A back-office user (spec 3 §6: one role). The password is kept as an Argon2id hash only. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Example: "camille". Unique, compared as typed (case-sensitive). */
    login: text('login').notNull(),
    /** Argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Wrong passwords typed for this login since its last sign-in (shown to its owner at the next). */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    /** When the first of those wrong passwords came; null when there is none. */
    failedSignInsSince: timestamp('failed_sign_ins_since', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_users_login_unique').on(table.login)],
);

/**
 * A signed-in back-office session. The cookie holds a random token; the table holds only its
 * SHA-256, so a database reader cannot sign in. Ended at logout, after 30 minutes without a
 * request and 10 hours after sign-in.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** base64url SHA-256 of the cookie's token. */
    tokenHash: text('token_hash').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_sessions_user_idx').on(table.staffUserId)],
);

/**
 * What staff did to a claim in the back office or with `npm run claims` (state change, document
 * requested, proof validated or refused), with who and when: the claim's handling history, written
 * by the claims service in the transaction of the change (server/staff-api/claims/service.ts).
 */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** The staff member's login (`terminal` for `npm run claims`), kept as text so the history outlives the account. */
    staffLogin: text('staff_login').notNull(),
    /** Example: "etat", "document_requested", "proof_validated", "proof_refused". */
    action: text('action').notNull(),
    /** What changed, e.g. { from: "en_cours", to: "attente_traitement" } or { proofId: 12 }. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('claim_events_claim_idx').on(table.claimId, table.createdAt)],
);

/** Bytes, as PostgreSQL's `bytea`. */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Owned by `@socket.io/postgres-adapter` (server/live/cluster.ts): packets too large for a
 * NOTIFY between server processes, kept briefly. Its shape is the adapter's.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
