import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

const LanguageSchema = z.enum(LANGUAGES);

/**
 * The FAQ assistant's wire shapes (spec 2 §7 `POST /faq`, `PATCH /faq`; spec 3 §7 `GET /faq`,
 * `PATCH /faq`, `POST /faq` with `tmpResponse`). One path serves the customer page and the back
 * office: the staff variants need the staff session.
 */

export const FAQ_PATH = '/faq';

/** Longest question accepted (characters). */
export const MAX_QUESTION_LENGTH = 500;

/** A question asked on the customer page. Example: { question: "Quand serai-je remboursé ?", lang: "fr" }. */
export const FaqQuestionSchema = z.object({
  question: z.string().trim().min(1).max(MAX_QUESTION_LENGTH),
  lang: LanguageSchema,
  /** Brand slug of the page, '' for the neutral brand. */
  company: z.string().max(60).optional(),
});
export type FaqQuestion = z.input<typeof FaqQuestionSchema>;

/** A source the answer rests on. Example: { title: "Délais de traitement et de remboursement" }. */
export const FaqSourceSchema = z.object({ title: z.string() });

/**
 * `answer`: `text` is sanitised HTML to show. `no_answer`: below the confidence threshold (the page
 * shows its translated 'no answer' message). `personal`: the question is about a personal file or
 * holds personal data (the page shows its translated refusal); nothing of it is stored in clear.
 */
export const FaqAnswerKindSchema = z.enum(['answer', 'no_answer', 'personal']);

export const FaqAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({
    kind: FaqAnswerKindSchema,
    text: z.string(),
    sources: z.array(FaqSourceSchema),
    /** The curated entry answered, for the rating; null otherwise. */
    entryId: z.number().int().nullable(),
    /** Where the answer comes from: the curated answers, or a model grounded on them. */
    origin: z.enum(['retrieval', 'model']),
  }),
});
export type FaqAnswer = z.output<typeof FaqAnswerSchema>['datas'];

/** Spec 2 §4 "FAQ feedback": yes is 2, no is 1. */
export const FAQ_VOTE_YES = 2;
export const FAQ_VOTE_NO = 1;

/** The customer's rating of an answer. Example: { id: 12, add_reponse_utile_oui: 1 }. */
export const FaqVoteSchema = z
  .object({
    id: z.number().int().positive(),
    add_reponse_utile_oui: z.literal(1).optional(),
    add_reponse_utile_non: z.literal(1).optional(),
  })
  .refine((vote) => (vote.add_reponse_utile_oui === 1) !== (vote.add_reponse_utile_non === 1), {
    error: 'one vote, yes or no',
  });

export const FaqStatusAnswerSchema = z.object({ status: z.string(), message: z.string().optional() });

const IsoDate = z.string();

/** An entry as the back office lists it (spec 3 §3 "FAQ entry"). */
export const FaqEntrySchema = z.object({
  id: z.number().int(),
  lang: LanguageSchema,
  question: z.string(),
  /** Sanitised HTML. */
  reponse: z.string(),
  sourceDocuments: z.string(),
  keywords: z.string(),
  occurence: z.number().int(),
  reponse_utile_oui: z.number().int(),
  reponse_utile_non: z.number().int(),
  commentaire: z.string(),
  /** Previous answers, most recent last, with who replaced them. */
  historique: z.array(z.object({ reponse: z.string(), date: z.string(), staffLogin: z.string().optional() })),
  date_reponse_utile_non: IsoDate.nullable(),
  modif_admin: IsoDate.nullable(),
  updated_at: IsoDate,
  created_at: IsoDate,
});
export type FaqEntry = z.output<typeof FaqEntrySchema>;

export const FaqListAnswerSchema = z.object({ status: z.literal('success'), datas: z.array(FaqEntrySchema) });

/** Staff's edit of an entry (spec 3 §7 PATCH /faq). Counters are the new values (the resets send 0). */
export const FaqEditSchema = z.object({
  id: z.number().int().positive(),
  question: z.string().trim().min(1).max(MAX_QUESTION_LENGTH),
  /** HTML from the editor; sanitised by the server before it is stored. */
  reponse: z.string().max(50_000),
  sourceDocuments: z.string().max(5_000).default(''),
  keywords: z.string().max(1_000).optional(),
  occurence: z.number().int().min(0),
  reponse_utile_oui: z.number().int().min(0),
  reponse_utile_non: z.number().int().min(0),
  commentaire: z.string().max(5_000).default(''),
  add_to_history: z.boolean().default(true),
  modif_admin: z.boolean().default(true),
});
export type FaqEdit = z.input<typeof FaqEditSchema>;

/** Staff's "generate an answer" (spec 3 §7 POST /faq with tmpResponse): nothing is stored. */
export const FaqGenerateSchema = z.object({
  question: z.string().trim().min(1).max(MAX_QUESTION_LENGTH),
  tmpResponse: z.literal(true),
  lang: LanguageSchema.default('fr'),
});

export const FaqGeneratedAnswerSchema = z.object({
  status: z.literal('success'),
  datas: z.object({ text: z.string(), sources: z.array(FaqSourceSchema) }),
});
