import { z } from 'zod/mini';
import { LANGUAGES } from './languages.ts';
import { ClaimNumberSchema } from './claim-number-schema.ts';
import { UNSENT_PAGE_MAX_AGE_MS } from './live-report.ts';

/**
 * The live socket.io events between the customer pages, the server and the back office
 * (spec 1 §7, spec 2 §7, spec 3 §7). Every payload the server receives is parsed with the schema
 * below and dropped when it does not match; the types are inferred from the schemas.
 */

/** A page address as the browser shows it, without query string or fragment (they can carry personal data). Example: "/veligo/en/declare-step1". */
const PagePathSchema = z
  .string()
  .check(
    z.maxLength(200),
    z.regex(/^\/[A-Za-z0-9_\-/.]*$/, 'A page is a URL path without query string, e.g. "/veligo/faq".'),
  );

/**
 * Text a visitor's browser sends that the server stores or broadcasts: no control character (C0,
 * DEL, C1: NUL is refused by PostgreSQL, the others only disguise a value) and no lone surrogate
 * half (jsonb refuses its escape). Example: a user agent, "Mozilla/5.0 (iPhone…)".
 */
function plainTextSchema(max: number) {
  return z.string().check(z.maxLength(max), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'Text without control characters.'));
}

/** A socket.io connection id, as sent back by `movePage` (socket.io's are 20 base64url characters). Example: "Xq3_a9Jc-LmN0pQrS1tU". */
const SocketIdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9_-]+$/, 'A socket id is made of letters, digits, "_" and "-".'),
  );

/**
 * The part of the visitor's session the back office may see: an allow-list of
 * non-personal fields. Any other field a client sends (names, e-mails, phones, addresses…) is
 * removed by parsing, never stored nor broadcast.
 */
export const SessionSnapshotSchema = z.object({
  /** Partner slug, or '' for the neutral brand. Example: "veligo". */
  company: z.string().check(z.regex(/^[a-z0-9]{0,40}$/)),
  /** Interface language. Example: "en". */
  lang: z.enum(LANGUAGES),
  /** Declaration wizard step the visitor is on (0 to 5), or null outside the wizard. */
  step: z._default(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(5))), null),
  /** Result of the insured-number look-up: 'ok' once found, or null before. Example: "ok". */
  infosStatus: z._default(z.nullable(plainTextSchema(20)), null),
  /** Id of the guarantee (object group) chosen in the wizard, or null. Example: 35. */
  claimGroupId: z._default(z.nullable(z.number().check(z.int(), z.nonnegative())), null),
  /** Type of the chosen guarantee as the partner API returns it, or null. Example: "materiel". */
  guaranteeType: z._default(z.nullable(plainTextSchema(40)), null),
  /** Whether the declaration has been sent. */
  declaSent: z._default(z.boolean(), false),
});
export type SessionSnapshot = z.output<typeof SessionSnapshotSchema>;

/** Sent once when a customer page opens (never from the back-office pages). */
const NewConnectionSchema = z.object({
  page: PagePathSchema,
  /** The browser's user agent, for the device statistics. */
  navigator: plainTextSchema(512),
});
/**
 * Sent on every page the visitor sees, with the session snapshot, and for a page the tab left
 * before the server confirmed it, by the next page. `seenMsAgo`: how many milliseconds ago the
 * page was shown (the visit is recorded at that time; now without it). The acknowledgement, when
 * asked, says the visit is recorded: a page left before it came is sent again by the next one, and
 * the same page twice within REVISIT_MS is one visit. Example: { page: "/veligo/declare-step2",
 * store: {…}, seenMsAgo: 1800 }.
 */
export const AddHistoryPagesSchema = z.object({
  page: PagePathSchema,
  store: SessionSnapshotSchema,
  seenMsAgo: z.optional(z.number().check(z.int(), z.gte(0), z.lte(UNSENT_PAGE_MAX_AGE_MS))),
});
/** Sent on every page the visitor sees: where the socket `id` now is. */
export const MovePageSchema = z.object({ id: SocketIdSchema, page: PagePathSchema });
/** Sent when the session snapshot changes. */
const UpdateStoreSchema = z.object({ store: SessionSnapshotSchema });
/** Sent once a claim has been created. Example: { numero: "SI-0000003" }. */
const NewSinistreSchema = z.object({ numero: ClaimNumberSchema });

/**
 * Sent by client-file to follow its claim live: the claim number and the last
 * name the page already holds (what GET sinistres opens it with). The server checks them as GET
 * sinistres does, with the same rate limits and failed-lookup counts, and answers through the
 * acknowledgement whether the socket now follows the claim. One claim per socket: a new request
 * replaces the previous one. Example: { numero: "SI-0000003", nom: "MARTIN", readMsAgo: 4200 }.
 */
const FollowClaimSchema = z.object({
  /** The claim number, `SI-` and seven digits. */
  numero: ClaimNumberSchema,
  /** The claimant's last name, compared as GET sinistres compares it (case, accents and spaces aside). */
  nom: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), z.regex(/^[^\p{Cc}\p{Cs}]*$/u)),
  /** How long ago (ms) the page read the claim: a change since then is said in the answer. Example: 4200. */
  readMsAgo: z.int().check(z.nonnegative(), z.lte(2_147_483_647)),
});
/**
 * The acknowledgement of `followClaim`: whether the socket follows the claim now (a refusal never
 * says why) and, when it does, whether staff changed it since the page read it (read it again).
 */
export interface FollowClaimAnswer {
  following: boolean;
  changed?: boolean;
}

/**
 * What happened to a followed claim: the only thing `claimChanged` says (the page reads the claim
 * again). Staff's changes, and `proofs_received`: the claimant sent proofs from another page, tab
 * or device.
 */
const CLAIM_CHANGES = [
  'etat',
  'document_requested',
  'document_validated',
  'document_refused',
  'proofs_received',
] as const;
export type ClaimChange = (typeof CLAIM_CHANGES)[number];
/**
 * The signal a follow-up page receives when its claim changes: the kind of change, nothing
 * personal (no state, name, document or number: the page reads those through the API it already
 * calls). Example: { change: "document_requested" }.
 */
export interface ClaimChangedSignal {
  change: ClaimChange;
}

/** One visitor as the back office's live view shows it. */
const LiveActivitySchema = z.object({
  /** Socket id of the visitor. */
  id: SocketIdSchema,
  /** The page the visitor is on. */
  page: PagePathSchema,
  navigator: z.string(),
  /** ISO date-time of the connection. */
  connectedAt: z.iso.datetime(),
  /** The pages seen, oldest first, with the ISO date-time of each visit. */
  historyPages: z.array(z.object({ page: PagePathSchema, at: z.iso.datetime() })),
  store: z.nullable(SessionSnapshotSchema),
});
export type LiveActivity = z.output<typeof LiveActivitySchema>;

/** A visitor's session snapshot changed. */
const LiveStoreUpdateSchema = z.object({ id: SocketIdSchema, store: SessionSnapshotSchema });
/** A visitor left. */
const LiveDisconnectionSchema = z.object({ id: SocketIdSchema, disconnectedAt: z.iso.datetime() });
/** A visitor moved to another page. */
const LiveLocationSchema = z.object({ id: SocketIdSchema, page: PagePathSchema });

/** Events the customer pages send. */
export interface ClientToServerEvents {
  newconnection: (payload: z.input<typeof NewConnectionSchema>) => void;
  addHistoryPages: (payload: z.input<typeof AddHistoryPagesSchema>, acknowledge?: () => void) => void;
  movePage: (payload: z.input<typeof MovePageSchema>) => void;
  updateStore: (payload: z.input<typeof UpdateStoreSchema>) => void;
  newSinistre: (payload: z.input<typeof NewSinistreSchema>) => void;
  /** client-file follows its claim; the acknowledgement says whether it does. */
  followClaim: (payload: z.input<typeof FollowClaimSchema>, acknowledge: (answer: FollowClaimAnswer) => void) => void;
}

/**
 * Each event the customer pages send, with the schema its payload is parsed with: the server's
 * listeners and the generated hostile input both read this table, so an event added above without
 * a line here fails the type check. The server disconnects a socket that sends an event of any
 * other name (a page never does), and counts every event against the socket's budget and its
 * address group's.
 */
export const CLIENT_EVENT_SCHEMAS = {
  newconnection: NewConnectionSchema,
  addHistoryPages: AddHistoryPagesSchema,
  movePage: MovePageSchema,
  updateStore: UpdateStoreSchema,
  newSinistre: NewSinistreSchema,
  followClaim: FollowClaimSchema,
} as const satisfies Record<keyof ClientToServerEvents, z.ZodMiniType>;

/**
 * Events the server sends: to the back office (staff namespace), and `claimChanged` to the
 * follow-up pages following a claim (customer namespace).
 */
export interface ServerToClientEvents {
  /** The followed claim changed: read it again. */
  claimChanged: (signal: ClaimChangedSignal) => void;
  /** Number of visitors connected now (the dashboard chart). */
  onlineUsersCount: (count: number) => void;
  /** A visitor arrived. */
  newActivity: (activity: LiveActivity) => void;
  /** A visitor's activity changed (new page seen). */
  updateActivity: (activity: LiveActivity) => void;
  updateStore: (payload: z.output<typeof LiveStoreUpdateSchema>) => void;
  updateDisconnected_at: (payload: z.output<typeof LiveDisconnectionSchema>) => void;
  updateUserLocation: (payload: z.output<typeof LiveLocationSchema>) => void;
}
