import { z } from 'zod/mini';
import { COMPLAINT_REASONS } from './partner-api-base.ts';
import { LANGUAGES } from './languages.ts';
import { addCalendarMonths, addWorkingDays } from './working-days.ts';

/**
 * The staff inbox: the complaints and contact messages claimants send, read and answered in the
 * back office. Every call is a staff call (session cookie; writes also pass the same-site check
 * of the other staff writes). Answers are `{ status: 'success', datas }`, refusals the back
 * office's `{ status: 'error', message }`.
 *
 * One id space serves both kinds: `id` is the inbox message's, whatever its kind.
 *
 * Deadlines. A complaint follows the ACPR's recommendation 2022-R-01: acknowledged within 10
 * working days of its receipt (Monday to Friday, French public holidays excluded, days counted in
 * Europe/Paris; the automatic acknowledgement mail counts, so a complaint posted by the form is
 * acknowledged when received) and answered within 2 calendar months of its receipt. A contact
 * message has no regulatory deadline: the product's own service target is an answer within 2
 * working days; it has no acknowledgement deadline. A deadline is late when it passed without
 * its act while the message is not closed (`clos`).
 */

/** The states of a message, in their usual order. `repondu`: an answer was mailed; `clos`: nothing more to do. */
export const INBOX_STATES = ['nouveau', 'en_cours', 'repondu', 'clos'] as const;
export type InboxState = (typeof INBOX_STATES)[number];
/** States that wait for staff (the work queue counts them). */
export const INBOX_WAITING_STATES = ['nouveau', 'en_cours'] as const satisfies readonly InboxState[];

/** `reclamation`: the complaint form; `contact`: the contact form. */
export const INBOX_KINDS = ['reclamation', 'contact'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Which rule gives a message its deadlines. */
const DEADLINE_RULES = ['acpr-2022-r-01', 'service-target'] as const;
export type DeadlineRule = (typeof DEADLINE_RULES)[number];

/** Complaints: working days to acknowledge, calendar months to answer (ACPR 2022-R-01). */
export const COMPLAINT_ACKNOWLEDGEMENT_WORKING_DAYS = 10;
export const COMPLAINT_ANSWER_MONTHS = 2;
/** Contact messages: the product's service target, working days to answer. */
export const CONTACT_ANSWER_WORKING_DAYS = 2;

/**
 * The deadlines of a message received at `receivedAt`: a complaint's acknowledgement and answer
 * (ACPR 2022-R-01), a contact message's answer (the service target; no acknowledgement deadline).
 */
export function deadlinesOf(
  kind: InboxKind,
  receivedAt: Date,
): { rule: DeadlineRule; acknowledgementDueAt: Date | null; answerDueAt: Date } {
  if (kind === 'reclamation')
    return {
      rule: 'acpr-2022-r-01',
      acknowledgementDueAt: addWorkingDays(receivedAt, COMPLAINT_ACKNOWLEDGEMENT_WORKING_DAYS),
      answerDueAt: addCalendarMonths(receivedAt, COMPLAINT_ANSWER_MONTHS),
    };
  return {
    rule: 'service-target',
    acknowledgementDueAt: null,
    answerDueAt: addWorkingDays(receivedAt, CONTACT_ANSWER_WORKING_DAYS),
  };
}

/** The brand filter's value for the neutral site (messages posted without a brand). */
export const NEUTRAL_BRAND_FILTER = '_default';

/** Page sizes of the inbox list; 10 by default (the claims list's). */
export const INBOX_PAGE_SIZES = [5, 10, 50, 100] as const;
export const DEFAULT_INBOX_PAGE_SIZE = 10;

/** Longest answer or note staff may send (characters of HTML or text). */
export const MAX_INBOX_ANSWER_LENGTH = 50_000;
export const MAX_INBOX_NOTE_LENGTH = 5_000;

// Paths ---------------------------------------------------------------------------------------------

/** GET: the list (query: InboxListQuerySchema). */
export const INBOX_PATH = '/messagerie';
/** GET: the staff members a message can be assigned to. */
export const INBOX_STAFF_PATH = '/messagerie_equipe';
/** GET: one message in full. */
export const inboxMessagePath = (id: number): string => `${INBOX_PATH}/${id}`;
/** GET: an attachment's file (same headers as a proof's file). */
export const inboxAttachmentPath = (id: number, attachmentId: number): string =>
  `${INBOX_PATH}/${id}/pieces/${attachmentId}/fichier`;
/** PATCH: body InboxAssignRequestSchema. */
export const inboxAssignPath = (id: number): string => `${INBOX_PATH}/${id}/assignation`;
/** POST: body InboxNoteRequestSchema. */
export const inboxNotesPath = (id: number): string => `${INBOX_PATH}/${id}/notes`;
/** PATCH: body InboxStateRequestSchema. */
export const inboxStatePath = (id: number): string => `${INBOX_PATH}/${id}/etat`;
/** POST: body InboxAnswerRequestSchema; answer InboxAnswerSentSchema. */
export const inboxAnswersPath = (id: number): string => `${INBOX_PATH}/${id}/reponses`;

// List ----------------------------------------------------------------------------------------------

const flag = z.pipe(
  z.optional(z.enum(['', '0', '1', 'true', 'false'])),
  z.transform((value) => value === '1' || value === 'true'),
);

/**
 * GET /messagerie. Every filter is optional ('' = all). `late=1`: late messages only.
 * `sort=recent` (default): newest received first; `sort=deadline`: late ones first, then by the
 * nearest pending deadline, then newest. Example: ?state=nouveau&kind=reclamation&late=1&sort=deadline&page=2&size=50.
 */
export const InboxListQuerySchema = z.object({
  state: z._default(z.enum(['', ...INBOX_STATES], { error: 'État inconnu' }), ''),
  kind: z._default(z.enum(['', ...INBOX_KINDS], { error: 'Type de message inconnu' }), ''),
  /** A brand slug, or NEUTRAL_BRAND_FILTER for the neutral site. */
  brand: z._default(z.string().check(z.trim(), z.maxLength(64)), ''),
  lang: z._default(z.enum(['', ...LANGUAGES], { error: 'Langue inconnue' }), ''),
  late: flag,
  sort: z._default(z.enum(['recent', 'deadline'], { error: 'Tri inconnu' }), 'recent'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  size: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((size) => (INBOX_PAGE_SIZES as readonly number[]).includes(size), {
        error: 'Taille de page : 5, 10, 50 ou 100',
      }),
    ),
    DEFAULT_INBOX_PAGE_SIZE,
  ),
});
export type InboxListQuery = z.output<typeof InboxListQuerySchema>;

const IsoDate = z.iso.datetime({ offset: true });

/** One deadline: when it falls, when its act was done (null: not yet), and whether it is late now. */
const DeadlineSchema = z.object({
  dueAt: IsoDate,
  doneAt: z.nullable(IsoDate),
  late: z.boolean(),
});
export type InboxDeadline = z.output<typeof DeadlineSchema>;

/** A staff member, as assignee or in the picker. Example: { id: 2, login: "camille" }. */
const StaffMemberSchema = z.object({ id: z.number().check(z.int()), login: z.string() });
export type InboxStaffMember = z.output<typeof StaffMemberSchema>;

/**
 * A message as listed. Example: { id: 14, kind: "reclamation", state: "nouveau", company: "sandaya",
 * brand: "Sandaya", lang: "en", receivedAt: "2026-11-28T09:12:00.000Z", sender: "Smith John",
 * subject: "delai", excerpt: "I am still waiting…", claimNumber: "SI-0000003", claimLinked: true,
 * attachments: 1, assignee: null, rule: "acpr-2022-r-01", deadlines: { acknowledgement: {…}, answer: {…} }, late: false }.
 */
const InboxListItemSchema = z.object({
  id: z.number().check(z.int()),
  kind: z.enum(INBOX_KINDS),
  state: z.enum(INBOX_STATES),
  /** Brand slug; null: the neutral site. */
  company: z.nullable(z.string()),
  /** The brand's display name (the neutral brand's for the neutral site). */
  brand: z.string(),
  lang: z.enum(LANGUAGES),
  receivedAt: IsoDate,
  /** The sender's name as typed ("Nom Prénom" for a complaint). */
  sender: z.string(),
  /** A complaint's reason (one of COMPLAINT_REASONS); '' for a contact message. */
  subject: z.union([z.enum(COMPLAINT_REASONS), z.literal('')]),
  /** The message's first 140 characters. */
  excerpt: z.string(),
  /** The claim number as typed, '' when none. */
  claimNumber: z.string(),
  /** Whether that number is a claim of the portal (the page links to /bo_sinistres/<number>). */
  claimLinked: z.boolean(),
  attachments: z.number().check(z.int(), z.nonnegative()),
  assignee: z.nullable(StaffMemberSchema),
  rule: z.enum(DEADLINE_RULES),
  deadlines: z.object({
    /** Complaints only; null for a contact message. */
    acknowledgement: z.nullable(DeadlineSchema),
    answer: DeadlineSchema,
  }),
  /** Any of its deadlines is late. */
  late: z.boolean(),
});
export type InboxListItem = z.output<typeof InboxListItemSchema>;

export const InboxListAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.array(InboxListItemSchema),
  /**
   * Every brand of the catalogue, sorted by name, for the brand filter: `company` is the value to
   * send (null: the neutral site, sent as NEUTRAL_BRAND_FILTER). Example: [{ company: "sandaya", brand: "Sandaya" }].
   */
  brands: z.array(z.object({ company: z.nullable(z.string()), brand: z.string() })),
  total: z.number().check(z.int(), z.nonnegative()),
  page: z.number().check(z.int(), z.gte(1)),
  size: z.number().check(z.int()),
  pages: z.number().check(z.int(), z.gte(1)),
});
export type InboxListAnswer = z.output<typeof InboxListAnswerSchema>;

export const InboxStaffAnswerSchema = z.object({ status: z.literal('success'), datas: z.array(StaffMemberSchema) });

// Detail --------------------------------------------------------------------------------------------

/** What a history line records. */
const INBOX_EVENT_ACTIONS = [
  'created',
  'acknowledged',
  'assigned',
  'note',
  'state_changed',
  'answered',
  'mail_sent',
] as const;

/** Who acted: a staff member (`staffLogin` says who), the portal itself, or the claimant. */
const INBOX_ACTORS = ['staff', 'system', 'claimant'] as const;

/**
 * A history line, oldest first. `detail` by action: assigned { to: login | null, from: login | null };
 * state_changed { from, to }; note { noteId }; answered { answerId }; mail_sent { mailId, kind }
 * (`kind` the template: "complaint-acknowledgement", "contact-acknowledgement", "inbox-answer").
 */
const InboxEventSchema = z.object({
  id: z.number().check(z.int()),
  actor: z.enum(INBOX_ACTORS),
  /** The staff login for a staff action, null otherwise. */
  staffLogin: z.nullable(z.string()),
  action: z.enum(INBOX_EVENT_ACTIONS),
  detail: z.record(z.string(), z.unknown()),
  at: IsoDate,
});
export type InboxEvent = z.output<typeof InboxEventSchema>;

/** The delivery state of an answer's mail (as the claim page's mails). */
const ANSWER_MAIL_STATUSES = ['pending', 'sent', 'failed', 'cancelled', 'limited'] as const;

export const InboxDetailAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.extend(InboxListItemSchema, {
    /** Who wrote: every field of the form, '' when that form has none (a contact message has no address). */
    contact: z.object({
      nom: z.string(),
      prenom: z.string(),
      email: z.string(),
      telephone: z.string(),
      adresse: z.string(),
      cp: z.string(),
      ville: z.string(),
      pays: z.string(),
    }),
    /** The message in full, as typed (plain text: show it escaped). */
    message: z.string(),
    /** A contact message's page of origin, '' otherwise. */
    sourceReferrer: z.string(),
    attachments: z.array(
      z.object({
        id: z.number().check(z.int()),
        originalName: z.string(),
        mime: z.string(),
        size: z.number(),
      }),
    ),
    /** Internal notes, oldest first: never shown nor sent to the claimant. */
    notes: z.array(z.object({ id: z.number().check(z.int()), staffLogin: z.string(), body: z.string(), at: IsoDate })),
    /** Answers mailed to the claimant, oldest first; `html` is sanitised. */
    answers: z.array(
      z.object({
        id: z.number().check(z.int()),
        staffLogin: z.string(),
        html: z.string(),
        at: IsoDate,
        mailId: z.nullable(z.number().check(z.int())),
        mailStatus: z.nullable(z.enum(ANSWER_MAIL_STATUSES)),
      }),
    ),
    history: z.array(InboxEventSchema),
    /** The states it can be set to (all of INBOX_STATES). */
    states: z.array(z.enum(INBOX_STATES)),
  }),
});
export type InboxDetail = z.output<typeof InboxDetailAnswerSchema>['datas'];

// Changes -------------------------------------------------------------------------------------------

/** PATCH …/assignation: a staff member's id, or null for nobody. */
export const InboxAssignRequestSchema = z.object({
  staffUserId: z.nullable(z.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
});
/** POST …/notes: the note's text (plain text, trimmed, not empty). */
export const InboxNoteRequestSchema = z.object({
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Note vide' }),
      z.maxLength(MAX_INBOX_NOTE_LENGTH, { error: 'Note trop longue' }),
    ),
});
/** PATCH …/etat: the new state. */
export const InboxStateRequestSchema = z.object({ state: z.enum(INBOX_STATES, { error: 'État inconnu' }) });
/**
 * POST …/reponses: the answer as HTML (CKEditor's), sanitised by the server with the rich-text
 * allow-list; refused 400 when nothing is left. Mailed to the claimant in the message's language
 * under its brand; the message becomes `repondu`.
 */
export const InboxAnswerRequestSchema = z.object({
  html: z.string().check(z.maxLength(MAX_INBOX_ANSWER_LENGTH, { error: 'Réponse trop longue' })),
});

/** A change answered. */
export const InboxChangeAnswerSchema = z.object({ status: z.literal('success') });
/** An answer sent: its id and its outbox mail's. */
export const InboxAnswerSentSchema = z.object({
  status: z.literal('success'),
  datas: z.object({ answerId: z.number().check(z.int()), mailId: z.number().check(z.int()) }),
});
