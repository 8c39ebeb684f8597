import { KNOWLEDGE_DOCUMENTS } from '../../content/faq.ts';
import type { FaqAnswer, FaqEdit, FaqSource } from '../../contracts/faq.ts';
import { LANGUAGES, type Language } from '../../contracts/languages.ts';
import { sanitizeRichText } from '../../contracts/sanitize-rich-text.ts';
import type { AppDatabase } from '../db/public.ts';
import { createKeyedHasher, type KeyedHasher } from '../security/public.ts';
import { countUnmatchedQuestion, forgetStaleCandidates } from './candidates.ts';
import { LanguageIndex, type Retrieved } from './faq-index.ts';
import type { ModelSettings } from '../language-model.ts';
import { askModel, paragraphsOf } from './model.ts';
import { personalDataIn, redactPersonalData } from './personal.ts';
import {
  countAskingOnEntry,
  findEntryForUpdate,
  findEntryOfQuestion,
  listIndexDocuments,
  listIndexEntries,
  rateEntry,
  readCuratedContentStamp,
  updateEntry,
} from './repository.ts';
import { questionKeyOf } from './text.ts';

/**
 * The FAQ assistant (spec 2 "faq", spec 3 "FAQ management"): answers a question from the curated
 * answers and the knowledge documents of its language (faq-index.ts), or from a model grounded on
 * them when one is configured; refuses personal questions; counts what is asked, similar questions
 * on one entry; takes the customers' ratings and the staff's edits.
 */

/**
 * A source as the page links it: an http(s) address staff wrote is its own
 * link; the title of a knowledge document of the language names that document (the FAQ page shows
 * it under its key's anchor); any other line is a title only.
 */
export function sourceOf(line: string, language: Language): FaqSource {
  if (/^https?:\/\/[^\s]+$/i.test(line)) return { title: line, url: line };
  const document = KNOWLEDGE_DOCUMENTS.find((known) => known.texts[language].title === line);
  return document ? { title: line, document: document.key } : { title: line };
}

/** The index of a language is checked against the database at most this often. */
const FRESHNESS_MS = 5_000;

interface CachedIndex {
  index: LanguageIndex;
  stamp: string;
  checkedAt: number;
}

export class FaqAssistant {
  readonly #db: AppDatabase;
  readonly #model: ModelSettings | undefined;
  readonly #indexes = new Map<Language, CachedIndex>();
  /** Hashes askers (candidates.ts): the key is the database's, shared by every process. */
  readonly #askerHash: KeyedHasher & { ready(): Promise<void> };

  constructor(db: AppDatabase, model?: ModelSettings) {
    this.#db = db;
    this.#model = model;
    this.#askerHash = createKeyedHasher(db);
  }

  /** What the curated content of a language looks like now: it changes when staff edit it. */
  async #stampOf(language: Language): Promise<string> {
    const row = await readCuratedContentStamp(this.#db, language);
    return JSON.stringify(row ?? {});
  }

  async #build(language: Language, stamp: string): Promise<CachedIndex> {
    const entries = await listIndexEntries(this.#db, language);
    const documents = await listIndexDocuments(this.#db, language);
    const cached = { index: new LanguageIndex(language, entries, documents), stamp, checkedAt: Date.now() };
    this.#indexes.set(language, cached);
    return cached;
  }

  /** The language's index, rebuilt when the curated content changed (here or in another process). */
  async indexOf(language: Language): Promise<LanguageIndex> {
    const cached = this.#indexes.get(language);
    if (cached && Date.now() - cached.checkedAt < FRESHNESS_MS) return cached.index;
    const stamp = await this.#stampOf(language);
    if (cached && cached.stamp === stamp) {
      cached.checkedAt = Date.now();
      return cached.index;
    }
    return (await this.#build(language, stamp)).index;
  }

  /** Forgets the indexes (after an edit in this process: the next question rebuilds). */
  invalidate(): void {
    this.#indexes.clear();
  }

  /** Builds every language's index now (at start, so the first visitor does not wait). */
  async warm(): Promise<void> {
    for (const language of LANGUAGES) await this.indexOf(language);
  }

  /** The answer to a question, without storing anything. */
  async respond(question: string, language: Language): Promise<FaqAnswer & { retrieved?: Retrieved }> {
    if (personalDataIn(question, language))
      return { kind: 'personal', text: '', sources: [], entryId: null, matchedQuestion: null, origin: 'retrieval' };
    const retrieved = (await this.indexOf(language)).retrieve(question);
    // A curated answer names the sources staff gave it; without any, the documents retrieved.
    const curated = (retrieved.entry?.sourceDocuments ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const sources = (curated.length > 0 ? curated : retrieved.documents.map((document) => document.title))
      .map((line) => sourceOf(line, language))
      .filter((source, index, all) => all.findIndex((other) => other.title === source.title) === index);
    const matchedQuestion = retrieved.entry?.question ?? null;

    if (this.#model && retrieved.passages.length > 0) {
      const modelAnswer = await askModel(this.#model, question, language, retrieved.passages);
      if (modelAnswer !== undefined)
        return {
          kind: 'answer',
          text: paragraphsOf(modelAnswer),
          sources:
            sources.length > 0
              ? sources
              : retrieved.passages.slice(0, 2).map((passage) => sourceOf(passage.title, language)),
          entryId: retrieved.entry?.id ?? null,
          matchedQuestion,
          origin: 'model',
          retrieved,
        };
    }
    if (retrieved.entry)
      return {
        kind: 'answer',
        text: retrieved.entry.reponse,
        sources,
        entryId: retrieved.entry.id,
        matchedQuestion,
        origin: 'retrieval',
        retrieved,
      };
    if (retrieved.paragraph)
      return {
        kind: 'answer',
        text: paragraphsOf(retrieved.paragraph.text),
        sources: sources.length > 0 ? sources : [sourceOf(retrieved.paragraph.title, language)],
        entryId: null,
        matchedQuestion: null,
        origin: 'retrieval',
        retrieved,
      };
    return {
      kind: 'no_answer',
      text: '',
      sources: [],
      entryId: null,
      matchedQuestion: null,
      origin: 'retrieval',
      retrieved,
    };
  }

  /**
   * A customer's question: answered, then counted. A personal question is not stored at all; a
   * question a curated entry answered is counted on it; any other is counted on the entry of its
   * similar questions (the same words) when staff already have one, else as a candidate that
   * becomes an entry without answer, for staff to write one, once enough distinct askers asked it
   * (candidates.ts). `asker` names who asks (their address group): only its keyed hash is kept.
   */
  async ask(question: string, language: Language, asker: string): Promise<FaqAnswer> {
    const { retrieved: _retrieved, ...answer } = await this.respond(question, language);
    if (answer.kind === 'personal') return answer;
    if (answer.entryId !== null) {
      await countAskingOnEntry(this.#db, answer.entryId, new Date());
      return answer;
    }
    const asked = redactPersonalData(question).trim().slice(0, 300);
    const key = questionKeyOf(asked, language);
    if (key === '') return answer;
    await this.#askerHash.ready();
    await forgetStaleCandidates(this.#db);
    await countUnmatchedQuestion(this.#db, {
      lang: language,
      key,
      question: asked,
      askerHash: this.#askerHash(`faq-asker:${asker}`),
    });
    return answer;
  }

  /** The entry that counts the questions of these words (the first made, when several). */
  async #similarEntryOf(key: string, language: Language): Promise<number | undefined> {
    const similar = await findEntryOfQuestion(this.#db, language, key);
    return similar?.id;
  }

  /**
   * The entry a rating of the answer to `question` goes to: the curated entry that answered it, or,
   * for an answer built from the knowledge documents, the entry its asking was counted on (the same
   * words, as `ask` groups them). Retrieval only: a rating never asks the model. Undefined when the
   * question got no answer to rate (personal, no answer, or never asked).
   */
  async #ratedEntryOf(question: string, language: Language): Promise<number | undefined> {
    if (personalDataIn(question, language)) return undefined;
    const retrieved = (await this.indexOf(language)).retrieve(question);
    if (retrieved.entry) return retrieved.entry.id;
    if (!retrieved.paragraph) return undefined;
    const key = questionKeyOf(redactPersonalData(question).trim().slice(0, 300), language);
    return key === '' ? undefined : this.#similarEntryOf(key, language);
  }

  /**
   * A customer's rating of the answer given to `question` (spec 2 §4: yes or no), counted on the
   * entry of that answer (see #ratedEntryOf); a "no" dates the entry's last "not helpful". False
   * when the question has no answer to rate.
   */
  async vote(question: string, language: Language, helpful: boolean): Promise<boolean> {
    const entryId = await this.#ratedEntryOf(question, language);
    if (entryId === undefined) return false;
    const updated = await rateEntry(this.#db, entryId, helpful, new Date());
    return updated.length > 0;
  }

  /**
   * Staff's edit: the answer sanitised before it is stored, the previous answer kept in the
   * history with the staff login. An edit that changes nothing (the same answer once sanitised,
   * the same sources, keywords, counters and comment) writes nothing: the entry is not dated as
   * modified by staff ('Modification admin'). Answers 'missing' when the entry does not exist.
   */
  async edit(
    edit: Required<Omit<FaqEdit, 'keywords'>> & { keywords?: string | undefined },
    staffLogin: string,
  ): Promise<'saved' | 'unchanged' | 'missing'> {
    const done = await this.#db.transaction(async (tx) => {
      const current = await findEntryForUpdate(tx, edit.id);
      if (!current) return 'missing';
      const reponse = sanitizeRichText(edit.reponse);
      const unchanged =
        edit.question === current.question &&
        reponse === current.reponse &&
        edit.sourceDocuments === current.sourceDocuments &&
        (edit.keywords === undefined || edit.keywords === current.keywords) &&
        edit.occurence === current.occurence &&
        edit.reponse_utile_oui === current.reponseUtileOui &&
        edit.reponse_utile_non === current.reponseUtileNon &&
        edit.commentaire === current.commentaire;
      if (unchanged) return 'unchanged';
      const now = new Date();
      const historique =
        edit.add_to_history && current.reponse !== reponse && current.reponse !== ''
          ? [...current.historique, { reponse: current.reponse, date: now.toISOString(), staffLogin }]
          : current.historique;
      await updateEntry(tx, edit.id, {
        question: edit.question,
        questionKey: questionKeyOf(edit.question, current.lang),
        reponse,
        sourceDocuments: edit.sourceDocuments,
        ...(edit.keywords === undefined ? {} : { keywords: edit.keywords }),
        occurence: edit.occurence,
        reponseUtileOui: edit.reponse_utile_oui,
        reponseUtileNon: edit.reponse_utile_non,
        commentaire: edit.commentaire,
        historique,
        ...(edit.modif_admin ? { modifAdmin: now } : {}),
        updatedAt: now,
      });
      return 'saved';
    });
    if (done === 'saved') this.invalidate();
    return done;
  }
}
