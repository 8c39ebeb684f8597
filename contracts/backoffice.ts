import { z } from 'zod/mini';
import { isRealDate } from './dates.ts';
import { PROOF_CHANNELS } from './proof-channels.ts';

/**
 * The back office's calls to the statistics service (spec 3 §7), on the server's own origin.
 * Every answer is `{ status: 'success', datas }`; a refusal is `{ status: 'error', message }`
 * (and `error` on a failed login, as the specification says).
 */

// Staff session -------------------------------------------------------------------------------------

/** POST /login. Example: { pseudo: "camille", password: "…" }. */
/** The longest sign-in name and password read (the sign-in fields take no more). */
export const LOGIN_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 1024;

export const LoginRequestSchema = z.object({
  pseudo: z
    .string()
    .check(z.trim(), z.minLength(1, { error: 'Identifiant obligatoire' }), z.maxLength(LOGIN_MAX_LENGTH)),
  password: z.string().check(z.minLength(1, { error: 'Mot de passe obligatoire' }), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/**
 * Who is signed in: the answer of POST /login and GET /session. A sign-in also says how many wrong
 * passwords were typed for the account since its last one, when any.
 * Example: { status: "success", datas: { login: "camille", failedSignIns: { count: 12, since: "2026-11-28T22:04:00.000Z" } } }.
 */
export const StaffIdentitySchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    login: z.string(),
    failedSignIns: z.optional(z.object({ count: z.number(), since: z.iso.datetime({ offset: true }) })),
  }),
});

/** POST /logout answered (also when no session was left). */
export const LogoutAnswerSchema = z.object({ status: z.literal('success') });

/** Any refusal of the back office's API: why, in `message`; a refused sign-in says it in `error` too (spec 3 §2). */
export const StaffRefusalSchema = z.object({
  status: z.literal('error'),
  message: z.optional(z.string()),
  error: z.optional(z.string()),
});

/** Paths of the session calls. */
export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';
export const SESSION_PATH = '/session';

// Claims list ---------------------------------------------------------------------------------------

/** Page sizes of the claims list (spec 3 §9); 10 by default. */
export const CLAIMS_PAGE_SIZES = [5, 10, 50, 100] as const;
export const DEFAULT_CLAIMS_PAGE_SIZE = 10;

/** The longest text each filter of the claims list takes (its field takes no more). */
export const CLAIMS_FILTER_MAX_LENGTHS = { id: 20, numero: 40, socketId: 64, nom: 100, created: 10 } as const;

/** GET /sinistres: one text filter per column, the page and its size. */
export const ClaimsListQuerySchema = z.object({
  id: z._default(z.string().check(z.trim(), z.maxLength(CLAIMS_FILTER_MAX_LENGTHS.id)), ''),
  numero: z._default(z.string().check(z.trim(), z.maxLength(CLAIMS_FILTER_MAX_LENGTHS.numero)), ''),
  socketId: z._default(z.string().check(z.trim(), z.maxLength(CLAIMS_FILTER_MAX_LENGTHS.socketId)), ''),
  nom: z._default(z.string().check(z.trim(), z.maxLength(CLAIMS_FILTER_MAX_LENGTHS.nom)), ''),
  /**
   * A creation day or its beginning, typed YYYY/MM/DD as the placeholder asks, or dd/mm/yyyy (or
   * dd/mm) as the list shows it; `-` or `.` may separate. Examples: "2026/11", "02/12/2026", "2/12".
   */
  created: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(CLAIMS_FILTER_MAX_LENGTHS.created),
        z.regex(/^[0-9/.-]*$/, { error: 'Date au format YYYY/MM/DD ou JJ/MM/AAAA' }),
      ),
    '',
  ),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  size: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((size) => (CLAIMS_PAGE_SIZES as readonly number[]).includes(size), {
        error: 'Taille de page : 5, 10, 50 ou 100',
      }),
    ),
    DEFAULT_CLAIMS_PAGE_SIZE,
  ),
});

/** A claim as listed (spec 3 §3). Example: { id: 3, number: "SI-0000003", socketId: "", name: "MARTIN", created_at: "2026-11-04T09:12:00.000Z" }. */
const ClaimListItemSchema = z.object({
  id: z.number().check(z.int()),
  number: z.string(),
  /** Live socket of the visitor who declared it; '' when unknown. */
  socketId: z.string(),
  /** The claimant's last name. */
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  /** The claim's state (`etat`). Example: "en_cours". */
  etat: z.string(),
  /** The brand's display name, '' when the claim names none. Example: "Sandaya". */
  brand: z.string(),
  /** Short names of the documents asked of the claimant and not received, in request order. Example: ["Facture"]. */
  missing: z.array(z.string()),
});

export const ClaimsListAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.array(ClaimListItemSchema),
  /** Claims matching the filters, all pages. */
  total: z.number().check(z.int(), z.nonnegative()),
  page: z.number().check(z.int(), z.gte(1)),
  size: z.number().check(z.int()),
  /** Pages of `size` (at least 1). */
  pages: z.number().check(z.int(), z.gte(1)),
});
export type ClaimsListAnswer = z.output<typeof ClaimsListAnswerSchema>;
export type ClaimListItem = z.output<typeof ClaimListItemSchema>;

// Work queue ('À traiter') -------------------------------------------------------------------------

/** GET: the three groups of the work queue and their counts. */
export const WORK_QUEUE_PATH = '/a_traiter';
/** GET: the counts only (the navigation's badges; no personal data). */
export const WORK_QUEUE_COUNTS_PATH = '/a_traiter/compteurs';
/** A claim waits for its claimant "too long" after this many days without a movement. */
export const CLAIMANT_WAIT_DAYS = 7;
/** Most lines a group of the queue lists (its count counts them all). */
export const WORK_QUEUE_GROUP_LIMIT = 100;

/**
 * The rows a group of the work queue shows before "Afficher les N suivants" (of the
 * WORK_QUEUE_GROUP_LIMIT it holds): every group, the inbox's and the questions' below the two long
 * ones, stays within the first screens instead of after two hundred rows.
 */
export const QUEUE_FIRST_ROWS = 10;

/**
 * How many things wait for staff. `claims` is what the 'Sinistres' badge shows: the claims with
 * received proofs to review plus those waiting for their claimant (a claim is in one group at most);
 * `questions` the 'FAQ' badge: the assistant's questions without an answer; `inbox` the inbox's
 * badge: complaints and contact messages waiting for staff, `inboxLate` those of them late.
 */
const WorkQueueCountsSchema = z.object({
  /** Claims holding at least one proof received and not yet validated. */
  proofs: z.number().check(z.int(), z.nonnegative()),
  /** Claims waiting for their claimant for more than CLAIMANT_WAIT_DAYS days. */
  waiting: z.number().check(z.int(), z.nonnegative()),
  claims: z.number().check(z.int(), z.nonnegative()),
  questions: z.number().check(z.int(), z.nonnegative()),
  /** Inbox messages (complaints, contact messages) waiting for staff: `nouveau` or `en_cours`. */
  inbox: z.number().check(z.int(), z.nonnegative()),
  /** Of those, the late ones: a deadline passed without its act (contracts/inbox.ts). */
  inboxLate: z.number().check(z.int(), z.nonnegative()),
});
export type WorkQueueCounts = z.output<typeof WorkQueueCountsSchema>;

export const WorkQueueCountsAnswerSchema = z.object({ status: z.literal('success'), datas: WorkQueueCountsSchema });

/** A claim of the queue: the list's line, with what waits and since when. */
const WorkQueueClaimSchema = z.extend(ClaimListItemSchema, {
  /** Short names of the proofs received and not yet validated. Example: ["RIB"]. */
  toReview: z.array(z.string()),
  /**
   * Since when the claim waits: for a proof to review, its first reception not yet reviewed; for a
   * claim waiting for its claimant, its last movement (declared, a change by staff, a file received).
   */
  since: z.iso.datetime({ offset: true }),
  /** "RIB modifié — à vérifier": bank details were replaced after a first file; until staff validate or refuse that proof. */
  bankDetailsChanged: z.boolean(),
});
export type WorkQueueClaim = z.output<typeof WorkQueueClaimSchema>;

/** A question of the FAQ assistant without an answer. Example: { id: 41, question: "Puis-je venir avec mon chien ?", lang: "fr", occurence: 3, … }. */
const WorkQueueQuestionSchema = z.object({
  id: z.number().check(z.int()),
  question: z.string(),
  lang: z.string(),
  occurence: z.number().check(z.int()),
  /** Last time a visitor asked it; null when never. */
  lastAskedAt: z.nullable(z.iso.datetime({ offset: true })),
});

export const WorkQueueAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    counts: WorkQueueCountsSchema,
    /** Oldest reception first. */
    proofs: z.array(WorkQueueClaimSchema),
    /** Longest wait first. */
    waiting: z.array(WorkQueueClaimSchema),
    /** Most asked first. */
    questions: z.array(WorkQueueQuestionSchema),
  }),
});
export type WorkQueue = z.output<typeof WorkQueueAnswerSchema>['datas'];

// Dashboard ---------------------------------------------------------------------------------------

/** Minute buttons of the online-user chart (spec 3 §2); 60 by default. */
export const ONLINE_MINUTES = [5, 15, 60, 240, 1440] as const;
/** Day buttons; 1 by default. */
export const ONLINE_DAYS = [1, 3, 7, 30, 90, 365] as const;

/** GET /activities/{days}/{minutes}: visits (activity records created) per bucket, oldest first. */
export const OnlineUsersAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    /** One item per bucket of `minutes`; `time` is the bucket's start (ISO), `count` the visits begun in it. */
    visits: z.array(
      z.object({ time: z.iso.datetime({ offset: true }), count: z.number().check(z.int(), z.nonnegative()) }),
    ),
    /** Visitors connected now. */
    online: z.number().check(z.int(), z.nonnegative()),
  }),
});
export type OnlineUsersAnswer = z.output<typeof OnlineUsersAnswerSchema>;

/** Whether 'YYYY-MM-DD HH:mm[:ss]' names a real instant (no 2024-13-45 25:61, which PostgreSQL refuses). */
function isRealDateTime(text: string): boolean {
  const [year, month, day, hour = 0, minute = 0, second = 0] = text.split(/[- :]/).map(Number) as number[];
  return (
    year !== undefined && month !== undefined && day !== undefined && isRealDate(year, month, day, hour, minute, second)
  );
}

/** A date-time as the back office sends it: 'YYYY-MM-DD HH:mm:00' (Paris time). Example: "2026-11-23 00:00:00". */
export const StatsDateTimeSchema = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, { error: 'Date au format YYYY-MM-DD HH:mm:00' }),
    z.refine(isRealDateTime, { error: 'Date inexistante' }),
  );

/** POST /activities/between_dates with a question: the analysis page's question box (spec 3). */
export const QuestionBoxRequestSchema = z.object({
  start_date: StatsDateTimeSchema,
  end_date: StatsDateTimeSchema,
  /** A question in one of the documented forms, any question with a model, or one SELECT. */
  question: z.string().check(z.trim(), z.minLength(1, { error: 'Posez une question.' }), z.maxLength(12_000)),
});

/** The SQL run and its rows (at most 1,000). */
export const QuestionBoxAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    query: z.string(),
    columns: z.array(z.string()),
    /**
     * The French name to show for a column the box's own queries name, by its SQL name; a column
     * not in it (staff's own SELECT) shows as named. Example: { visitors: "visiteurs", brand: "marque" }.
     */
    labels: z._default(z.record(z.string(), z.string()), {}),
    result: z.array(z.record(z.string(), z.unknown())),
    /** On the embedded database, questions read a copy up to a minute old: the time its data is from (ISO 8601). */
    dataAsOf: z.optional(z.iso.datetime()),
  }),
});

/** A refused question or query: why, and the SQL when there was one. */
export const QuestionBoxRefusalSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  datas: z.object({ query: z.string() }),
});

/** POST /activities/between_dates: the 'Visite des pages' chart. */
export const BetweenDatesRequestSchema = z.object({ start_date: StatsDateTimeSchema, end_date: StatsDateTimeSchema });

/**
 * The canonical pages of the 'Visite des pages' chart, in display order: spec 3 §2's list
 * (`{product}` = declare), pages of earlier versions included (the pre-filled number page,
 * consult-sinistre, declare-step6 and 7, client-file opened with `dossier=`, confirm-file), with
 * this version's confirmation-sinistre and suivre-dossier, which that list does not name.
 * Example of a recorded path and its page: "/veligo/declare-sinistre?prefill_numero_assure=…" is
 * 'declare-sinistre?prefill_numero_assure'; a path that is none of them is 'error'.
 */
export const CANONICAL_PAGES = [
  'home',
  'declare-sinistre?prefill_numero_assure',
  'consult-sinistre',
  'declare-sinistre',
  'declare-step0',
  'declare-step1',
  'declare-step2',
  'declare-step3',
  'declare-step4',
  'declare-step5',
  'declare-step6',
  'declare-step7',
  'confirmation-sinistre',
  'suivre-dossier',
  'client-file',
  'client-file?dossier',
  'find-my-number',
  'contact',
  'faq',
  'mentions-legales',
  'politique-confidentialite',
  'claim',
  'claim-step1',
  'claim-step2',
  'confirm-file',
  'error',
] as const;
export type CanonicalPage = (typeof CANONICAL_PAGES)[number];

export const VisitedPagesAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    result: z.object({
      pages: z.array(z.enum(CANONICAL_PAGES)),
      /**
       * One series per partner (brand slug) of the brand files, then 'Base' (no partner prefix) and
       * 'Global' (every partner together). `chart: false` marks a partner whose brand file keeps no
       * series on the chart (zenride): counted in Global, and named in the table only. Counts
       * follow `pages`.
       */
      series: z.array(
        z.object({
          name: z.string(),
          label: z.string(),
          counts: z.array(z.number().check(z.int(), z.nonnegative())),
          chart: z.optional(z.boolean()),
        }),
      ),
    }),
  }),
});
export type VisitedPagesAnswer = z.output<typeof VisitedPagesAnswerSchema>;

// Activities list ----------------------------------------------------------------------------------

export const ActivitiesQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  size: z._default(z.coerce.number().check(z.int(), z.gte(5), z.lte(100)), 20),
  /** Contains-filters. */
  entryPage: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  currentPage: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  navigator: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  /** Only visitors connected now. */
  online: z._default(z.enum(['', 'true']), ''),
  /**
   * One visitor session, by its key (`socket_id`, as a claim declared in it carries it): the claims
   * list links a claim to the session that declared it.
   */
  session: z._default(z.string().check(z.regex(/^[A-Za-z0-9_-]{0,64}$/)), ''),
  /** Created from this day (YYYY-MM-DD, Paris time) to that day included. */
  from: z._default(z.union([z.literal(''), z.iso.date()]), ''),
  to: z._default(z.union([z.literal(''), z.iso.date()]), ''),
});

/** An activity record (spec 3 §3), without the address the specification lists: we keep none. */
const ActivityRecordSchema = z.object({
  id: z.number().check(z.int()),
  socketId: z.string(),
  entryPage: z.string(),
  currentPage: z.string(),
  historyPages: z.array(z.object({ page: z.string(), at: z.string() })),
  store: z.nullable(z.record(z.string(), z.unknown())),
  navigator: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  disconnected_at: z.nullable(z.string()),
});
export type ActivityRecord = z.output<typeof ActivityRecordSchema>;

export const ActivitiesAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.array(ActivityRecordSchema),
  total: z.number().check(z.int(), z.nonnegative()),
});

// Claim page -------------------------------------------------------------------------------------------

const IsoDate = z.string();

/**
 * What a claim's mail became: `pending` (held a minute after a change, or waiting for a retry),
 * `sent` (the mail server accepted it), `failed` (given up), `cancelled` (its change was undone or
 * replaced within the minute), `limited` (never sent: its recipient had had their share of mails).
 */
const CLAIM_MAIL_STATUSES = ['pending', 'sent', 'failed', 'cancelled', 'limited'] as const;

/** One mail of a claim as staff see it. */
const ClaimMailSchema = z.object({
  id: z.number().check(z.int()),
  /** The template, e.g. "claim-confirmation", "claim-state-changed", "document-requested". */
  kind: z.string(),
  subject: z.string(),
  status: z.enum(CLAIM_MAIL_STATUSES),
  /** For a `limited` mail, the limit its recipient had reached: mails in the hour, or in the day. */
  limitedBy: z.nullable(z.enum(['hour', 'day'])),
  createdAt: IsoDate,
  sentAt: z.nullable(IsoDate),
});
export type ClaimMail = z.output<typeof ClaimMailSchema>;

/**
 * The copy of a cancellation to the booking establishment (step 5's copy box): `notRequested`
 * (box left unticked), `noAddress` (asked, but neither the subscription nor the brand file gives
 * an establishment address: nothing was sent), or the state of its mail (as ClaimMailSchema's).
 */
const ESTABLISHMENT_COPY_STATES = ['notRequested', 'noAddress', ...CLAIM_MAIL_STATUSES] as const;

/** Example: { state: "sent", recipient: "reservations@camping-les-pins.example", sentAt: "2026-11-29T09:42:00.000Z" }. */
const EstablishmentCopySchema = z.object({
  state: z.enum(ESTABLISHMENT_COPY_STATES),
  /** Where the copy went; null when none was written. */
  recipient: z.nullable(z.string()),
  sentAt: z.nullable(IsoDate),
});
export type EstablishmentCopy = z.output<typeof EstablishmentCopySchema>;

/** The id of a version of a proof (an uploaded file): `GET /sinistres/:numero/justificatifs/:proofId/versions/:versionId/fichier`. */
export const ProofVersionIdSchema = z.uuid();

/** One file transmitted for a proof. Example: { id: "6f1c…", originalName: "rib.pdf", size: 48213, mime: "application/pdf", transmittedAt: "2026-11-28T10:02:00.000Z", channel: "follow_up_link" }. */
const ProofVersionSchema = z.object({
  id: ProofVersionIdSchema,
  originalName: z.string(),
  size: z.number(),
  mime: z.string(),
  transmittedAt: IsoDate,
  /** How it came; null for a file from before channels were recorded. */
  channel: z.nullable(z.enum(PROOF_CHANNELS)),
});
export type ProofVersion = z.output<typeof ProofVersionSchema>;

export const ClaimHandlingAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    numero: z.string(),
    etat: z.string(),
    declarationDate: IsoDate,
    /** The brand slug the claim was declared under; null for the neutral brand. */
    company: z.nullable(z.string()),
    /** The brand's name as staff read it everywhere (the neutral brand's for none). Example: "Véligo". */
    brand: z.string(),
    lang: z.string(),
    assureNumero: z.string(),
    assureNom: z.string(),
    assurePrenom: z.string(),
    assureEmail: z.string(),
    garantie: z.object({ id: z.number(), nom: z.string() }),
    motif: z.object({ id: z.number(), nom: z.string() }),
    sinistreDate: z.string(),
    contact: z.object({
      telephone: z.string(),
      adresse: z.string(),
      cp: z.string(),
      ville: z.string(),
      /** The claimant's country (step 4), its French name; '' when the claim names none. Example: "France". */
      pays: z.string(),
      commentaire: z.string(),
      destination: z.string(),
    }),
    proofs: z.array(
      z.object({
        id: z.number(),
        /** null: an "other document" without a type. */
        documentTypeId: z.nullable(z.number()),
        nomCourt: z.string(),
        demande: z.number(),
        dropbox: z.number(),
        valide: z.number(),
        nomFichier: z.nullable(z.string()),
        taille: z.nullable(z.number()),
        receptionDate: z.nullable(IsoDate),
        readAt: z.nullable(IsoDate),
        validatedAt: z.nullable(IsoDate),
        /** Set when bank details already transmitted were replaced by a new file; null once staff validate or refuse it. */
        bankDetailsChangedAt: z.nullable(IsoDate),
        /** Every file transmitted for the proof, newest first; the first is the one the claimant downloads. */
        versions: z.array(ProofVersionSchema),
        /**
         * Staff's refusal that asked for the proof again, while no new file came (the claimant reads
         * it on the follow-up page); null otherwise. Example: { at: "2026-12-02T09:30:00.000Z", motif: "Illisible" }.
         */
        refusal: z.nullable(z.object({ at: IsoDate, motif: z.string() })),
      }),
    ),
    comments: z.array(z.object({ comment: z.string(), at: IsoDate })),
    history: z.array(
      z.object({
        id: z.number().check(z.int()),
        staffLogin: z.string(),
        action: z.string(),
        detail: z.record(z.string(), z.unknown()),
        at: IsoDate,
      }),
    ),
    documentTypes: z.array(z.object({ id: z.number(), code: z.string(), nomCourt: z.string() })),
    etats: z.array(z.string()),
    /** The mails sent (or held, or given up) to the claimant about the claim, oldest first; never their body. */
    mails: z.array(ClaimMailSchema),
    /** The copy to the booking establishment; null for a claim group without the copy box. */
    establishmentCopy: z.nullable(EstablishmentCopySchema),
  }),
});
export type ClaimHandling = z.output<typeof ClaimHandlingAnswerSchema>['datas'];

/** A change on the claim page answered. */
export const ChangeAnswerSchema = z.object({ status: z.literal('success') });
