import { z } from 'zod/mini';

/**
 * The back office's mails page: every mail of the outbox (`mail_outbox`), sent, held, given up or
 * not sent, with its delivery state and its content. Staff only; French like the rest of the back
 * office. Answers are `{ status: 'success', datas }`.
 */

/** GET: the list, searched, filtered and paged. */
export const MAILS_PATH = '/mails';
/** GET: one mail with its content. */
export const MAIL_PATH = '/mails/:id';

/**
 * GET: one mail's HTML body as a document of its own, for the mails page's sandboxed frame: served
 * with a Content-Security-Policy that runs nothing, loads nothing and sandboxes it (a frame's
 * `srcdoc` would take on the back office's policy, which refuses the mail's inline styles).
 */
export const MAIL_HTML_PATH = '/mails/:id/html';

/** The path of one mail's detail. Example: mailPath(42) is "/mails/42". */
export function mailPath(id: number): string {
  return `${MAILS_PATH}/${id}`;
}

/** The path of one mail's HTML body. Example: mailHtmlPath(42) is "/mails/42/html". */
export function mailHtmlPath(id: number): string {
  return `${mailPath(id)}/html`;
}

/**
 * What became of a mail: `pending` (held a minute after a claim change, waiting to leave, or
 * waiting for a retry), `sent` (the mail server took it, or its `.eml` file was written), `failed`
 * (given up), `cancelled` (its claim change was undone or replaced while held), `limited` (never
 * sent: its recipient had had their share of mails).
 */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'cancelled', 'limited'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Who a mail is written to. */
export const MAIL_AUDIENCES = ['claimant', 'establishment', 'staff'] as const;
export type MailAudience = (typeof MAIL_AUDIENCES)[number];

/**
 * The kinds (templates, `server/mail/templates.ts`) written to someone else than the claimant, and
 * who that is. Any kind not listed here is a mail to the claimant (or the visitor who asked).
 */
const MAIL_KIND_AUDIENCES: Readonly<Record<string, Exclude<MailAudience, 'claimant'>>> = {
  // The copy of a declaration to the booking establishment (step 5's box).
  'establishment-copy': 'establishment',
  // A mail to staff, when one is written, is listed here as 'staff'.
};

/** Who a mail of kind `kind` is written to. Example: audienceOfKind("claim-confirmation") is "claimant". */
export function audienceOfKind(kind: string): MailAudience {
  return Object.hasOwn(MAIL_KIND_AUDIENCES, kind) ? (MAIL_KIND_AUDIENCES[kind] ?? 'claimant') : 'claimant';
}

/** The kinds written to `audience` other than the claimant's (the claimant's are every other kind). */
export function kindsOfAudience(audience: Exclude<MailAudience, 'claimant'>): string[] {
  return Object.entries(MAIL_KIND_AUDIENCES)
    .filter(([, to]) => to === audience)
    .map(([kind]) => kind);
}

/** Page sizes of the list; 20 by default. */
export const MAILS_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_MAILS_PAGE_SIZE = 20;

/**
 * GET /mails. `q` finds the mails whose recipient address or claim number holds it, whatever the
 * case (an address or part of one, `SI-1234567`, `1234`); `etat` keeps one delivery state, `type`
 * one audience. Example: ?q=martin%40example.com&etat=sent&page=1&size=20.
 */
export const MailsListQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(254, { error: 'Recherche trop longue (254 caractères)' })), ''),
  etat: z._default(z.enum(['', ...MAIL_STATUSES], { error: 'État de mail inconnu' }), ''),
  type: z._default(z.enum(['', ...MAIL_AUDIENCES], { error: 'Destinataire inconnu' }), ''),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  size: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((size) => (MAILS_PAGE_SIZES as readonly number[]).includes(size), {
        error: 'Taille de page : 10, 20, 50 ou 100',
      }),
    ),
    DEFAULT_MAILS_PAGE_SIZE,
  ),
});

/** GET /mails/:id: the outbox row's id. */
export const MailParamsSchema = z.object({
  id: z.coerce.number().check(z.int({ error: 'Mail inconnu' }), z.gte(1), z.lte(2_147_483_647)),
});

const IsoInstant = z.iso.datetime({ offset: true });

/**
 * A mail as listed. Example: { id: 42, createdAt: "2026-11-29T08:00:00.000Z", recipient:
 * "martin@example.com", subject: "Votre déclaration SI-1234567", kind: "claim-confirmation",
 * audience: "claimant", lang: "fr", claimNumber: "SI-1234567", status: "sent", sentAt: "…",
 * heldUntil: null, nextAttemptAt: "…", attempts: 0, limitedBy: null }.
 */
const MailListItemSchema = z.object({
  id: z.number().check(z.int()),
  createdAt: IsoInstant,
  recipient: z.string(),
  subject: z.string(),
  /** The template. Example: "claim-confirmation". */
  kind: z.string(),
  audience: z.enum(MAIL_AUDIENCES),
  lang: z.string(),
  /** The claim the mail is about, null when none (an insured number's reminder, a contact message). */
  claimNumber: z.nullable(z.string()),
  status: z.enum(MAIL_STATUSES),
  /** When the mail server took it. */
  sentAt: z.nullable(IsoInstant),
  /** A claim change's mail is held until then, cancellable; null once a delivery worker took it. */
  heldUntil: z.nullable(IsoInstant),
  /** When a pending mail is next tried (after a failed attempt: its retry). */
  nextAttemptAt: IsoInstant,
  /** Failed attempts so far. */
  attempts: z.number().check(z.int(), z.nonnegative()),
  /** For a `limited` mail: the recipient's limit it met, mails in the hour or in the day. */
  limitedBy: z.nullable(z.enum(['hour', 'day'])),
});
export type MailListItem = z.output<typeof MailListItemSchema>;

/** How many mails of the search (and audience) are in each state, all pages. */
const MailCountsSchema = z.object({
  pending: z.number().check(z.int(), z.nonnegative()),
  sent: z.number().check(z.int(), z.nonnegative()),
  failed: z.number().check(z.int(), z.nonnegative()),
  cancelled: z.number().check(z.int(), z.nonnegative()),
  limited: z.number().check(z.int(), z.nonnegative()),
});
export type MailCounts = z.output<typeof MailCountsSchema>;

export const MailsListAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    /** Newest first. */
    mails: z.array(MailListItemSchema),
    /** Per state, for the search and audience asked, whatever `etat`. */
    counts: MailCountsSchema,
  }),
  /** Mails matching the whole query, all pages. */
  total: z.number().check(z.int(), z.nonnegative()),
  page: z.number().check(z.int(), z.gte(1)),
  size: z.number().check(z.int()),
  pages: z.number().check(z.int(), z.gte(1)),
});
export type MailsListAnswer = z.output<typeof MailsListAnswerSchema>;

/** A file sent with a mail: its name, type and size in bytes. */
const MailAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().check(z.int(), z.nonnegative()),
});

/**
 * GET /mails/:id. The bodies are as the recipient received them, but for what the outbox does not
 * keep once a mail has left: its personal follow-up link's key and a one-time code are masked.
 * `contentKept` is false when there is no body (a `limited` or `cancelled` mail never had one kept).
 */
export const MailDetailAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.extend(MailListItemSchema, {
    /** Short reason of the last failure (or of a `limited` mail's refusal), free of personal data. */
    lastError: z.nullable(z.string()),
    contentKept: z.boolean(),
    text: z.string(),
    html: z.string(),
    attachments: z.array(MailAttachmentSchema),
  }),
});
export type MailDetail = z.output<typeof MailDetailAnswerSchema>['datas'];
