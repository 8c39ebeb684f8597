import { z } from 'zod/mini';
import { MAX_QUESTION_LENGTH } from './faq-base.ts';
import { LANGUAGES } from './languages.ts';

const LanguageSchema = z.enum(LANGUAGES);

/**
 * The FAQ assistant's wire shapes (spec 2 §7 `POST /faq`, `PATCH /faq`; spec 3 §7 `GET /faq`,
 * `PATCH /faq`, `POST /faq` with `tmpResponse`). One path serves the customer page and the back
 * office: the staff variants need the staff session.
 */

export { FAQ_PATH } from './faq-base.ts';

/** A question asked on the customer page. Example: { question: "Quand serai-je remboursé ?", lang: "fr" }. */
export const FaqQuestionSchema = z.object({
  question: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QUESTION_LENGTH)),
  lang: LanguageSchema,
  /** Brand slug of the page, '' for the neutral brand. */
  company: z.optional(z.string().check(z.maxLength(60))),
});

/**
 * A source the answer rests on, and where to read it: sources are links.
 * `document`: the key of the knowledge document it names (content/faq.ts), shown on the FAQ page
 * under that key's anchor; `url`: an address staff wrote as a source (http or https only).
 * Neither: a source named by its title only. Example: { title: "Délais de traitement et de
 * remboursement", document: "delais-remboursement" }.
 */
const FaqSourceSchema = z.object({
  title: z.string(),
  document: z.optional(z.string()),
  url: z.optional(z.string()),
});
export type FaqSource = z.output<typeof FaqSourceSchema>;

/**
 * `answer`: `text` is sanitised HTML to show. `no_answer`: below the confidence threshold (the page
 * shows its translated 'no answer' message). `personal`: the question is about a personal file or
 * holds personal data (the page shows its translated refusal); nothing of it is stored in clear.
 */
const FaqAnswerKindSchema = z.enum(['answer', 'no_answer', 'personal']);

export const FaqAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    kind: FaqAnswerKindSchema,
    text: z.string(),
    sources: z.array(FaqSourceSchema),
    /** The curated entry answered; null for an answer built from the knowledge documents (or none). */
    entryId: z.nullable(z.int()),
    /**
     * The question of the curated entry that answered, in the asked language
     * ("Réponse à : …"); null when no curated entry answered (knowledge documents, or no answer).
     */
    matchedQuestion: z.nullable(z.string()),
    /** Where the answer comes from: the curated answers, or a model grounded on them. */
    origin: z.enum(['retrieval', 'model']),
  }),
});
export type FaqAnswer = z.output<typeof FaqAnswerSchema>['datas'];

/** One vote or none: the count a rating adds to each of the two counters. */
const VoteCountSchema = z.union([z.literal(0), z.literal(1)]);

/**
 * The customer's rating of an answer (spec 2 §7 `PATCH /faq` {question, add_reponse_utile_oui,
 * add_reponse_utile_non}; §4 feedback yes 2 → `oui` 1, no 1 → `non` 1). The answer is named by the
 * question asked, whatever built it (a curated answer or the knowledge documents); `lang` says which
 * language's answers, as for the question. Nothing else is accepted: an unknown field, both votes
 * or none is refused. Example: { question: "Quand serai-je remboursé ?", lang: "fr",
 * add_reponse_utile_oui: 1, add_reponse_utile_non: 0 }.
 */
export const FaqVoteSchema = z
  .strictObject({
    question: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QUESTION_LENGTH)),
    lang: LanguageSchema,
    add_reponse_utile_oui: VoteCountSchema,
    add_reponse_utile_non: VoteCountSchema,
  })
  .check(
    z.refine((vote) => vote.add_reponse_utile_oui + vote.add_reponse_utile_non === 1, {
      error: 'one vote, yes or no',
    }),
  );

/**
 * The answer to a staff edit (spec 3 §7: status and message). `changed` is false when the edit
 * held nothing new: nothing was written, and the entry is not dated as modified by staff.
 */
export const FaqStatusAnswerSchema = z.object({
  status: z.string(),
  message: z.optional(z.string()),
  changed: z.optional(z.boolean()),
});

const IsoDate = z.string();

/** An entry as the back office lists it (spec 3 §3 "FAQ entry"). */
const FaqEntrySchema = z.object({
  id: z.int(),
  lang: LanguageSchema,
  question: z.string(),
  /** Sanitised HTML. */
  reponse: z.string(),
  sourceDocuments: z.string(),
  keywords: z.string(),
  occurence: z.int(),
  reponse_utile_oui: z.int(),
  reponse_utile_non: z.int(),
  commentaire: z.string(),
  /** Previous answers, most recent last, with who replaced them. */
  historique: z.array(z.object({ reponse: z.string(), date: z.string(), staffLogin: z.optional(z.string()) })),
  date_reponse_utile_non: z.nullable(IsoDate),
  modif_admin: z.nullable(IsoDate),
  /** When a customer last asked the question ('Dernière occurrence'); null: never asked. */
  derniere_occurrence: z.nullable(IsoDate),
  /** The entry's last change of any kind (asked, rated, edited). */
  updated_at: IsoDate,
  created_at: IsoDate,
});
export type FaqEntry = z.output<typeof FaqEntrySchema>;

/** Entries a page of the staff list may hold; the back office offers 5, 10, 50 and 100. */
export const FAQ_PAGE_SIZES = [5, 10, 50, 100] as const;
/** The columns the staff list sorts on, one at a time (spec 3 §4: by id unless staff choose). */
export const FAQ_SORTS = ['id', 'occurence', 'reponse_utile_oui', 'reponse_utile_non'] as const;
/**
 * The columns the staff list filters on, combined with AND (spec 3 §5): numbers and the language
 * exactly, as text; texts when they contain what was typed (case-sensitive; the answer and the
 * history by their words, markup aside); dates when the day shown (Paris time) is the day typed.
 */
export const FAQ_FILTERS = [
  'id',
  'lang',
  'question',
  'reponse',
  'sourceDocuments',
  'occurence',
  'reponse_utile_oui',
  'reponse_utile_non',
  'commentaire',
  'historique',
  'date_reponse_utile_non',
  'modif_admin',
  'derniere_occurrence',
  'created_at',
] as const;
export type FaqFilter = (typeof FAQ_FILTERS)[number];

const FilterText = z._default(z.string().check(z.maxLength(200)), '');

/** The list's parameter keeping only the entries without an answer (`…&sans_reponse=1`). */
export const FAQ_UNANSWERED_PARAM = 'sans_reponse';

/**
 * One page of the staff list (spec 3 §2 'FAQ management', paged by the server): `page` from 1,
 * `size` entries, one sort, a text per filtered column (empty: no filter), and whether to keep
 * only the entries without an answer. Example:
 * `GET /faq?page=2&size=10&sort=occurence&dir=desc&question=rembours&sans_reponse=1`.
 */
export const FaqListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
  sort: z._default(z.enum(FAQ_SORTS), 'id'),
  dir: z._default(z.enum(['asc', 'desc']), 'asc'),
  ...(Object.fromEntries(FAQ_FILTERS.map((field) => [field, FilterText])) as Record<FaqFilter, typeof FilterText>),
  /** "1": only the entries without an answer yet (the work queue's « Questions de la FAQ sans réponse »). */
  [FAQ_UNANSWERED_PARAM]: z._default(z.enum(['', '1']), ''),
});
export type FaqListQuery = z.output<typeof FaqListQuerySchema>;

/** A page of the staff list and how many entries the filters keep in all. */
export const FaqListAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.array(FaqEntrySchema),
  total: z.int().check(z.nonnegative()),
});

/** Staff's edit of an entry (spec 3 §7 PATCH /faq). Counters are the new values (the resets send 0). */
export const FaqEditSchema = z.object({
  id: z.int().check(z.positive()),
  question: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QUESTION_LENGTH)),
  /** HTML from the editor; sanitised by the server before it is stored. */
  reponse: z.string().check(z.maxLength(50_000)),
  sourceDocuments: z._default(z.string().check(z.maxLength(5_000)), ''),
  keywords: z.optional(z.string().check(z.maxLength(1_000))),
  occurence: z.int().check(z.nonnegative()),
  reponse_utile_oui: z.int().check(z.nonnegative()),
  reponse_utile_non: z.int().check(z.nonnegative()),
  commentaire: z._default(z.string().check(z.maxLength(5_000)), ''),
  add_to_history: z._default(z.boolean(), true),
  modif_admin: z._default(z.boolean(), true),
});
export type FaqEdit = z.input<typeof FaqEditSchema>;

/** Staff's "generate an answer" (spec 3 §7 POST /faq with tmpResponse): nothing is stored. */
export const FaqGenerateSchema = z.object({
  question: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QUESTION_LENGTH)),
  tmpResponse: z.literal(true),
  lang: z._default(LanguageSchema, 'fr'),
});

export const FaqGeneratedAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({ text: z.string(), sources: z.array(FaqSourceSchema) }),
});
