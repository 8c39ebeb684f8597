import MiniSearch from 'minisearch';
import type { Language } from '../../contracts/languages.ts';
import { SYNONYM_GROUPS } from './synonyms.ts';
import { plainTextOf, termsOf } from './text.ts';

/**
 * The FAQ assistant's retrieval without a model: per language, a full-text index (BM25, through
 * the minisearch library) of the curated answers (question weighted above answer) and of the
 * knowledge documents' paragraphs, over stemmed words (text.ts). Built in memory from the
 * database and rebuilt when the curated content changes: a question is answered in well under a
 * millisecond, without a database round trip (`npm run bench` measures it).
 */

export interface IndexedEntry {
  id: number;
  question: string;
  /** Sanitised HTML. */
  reponse: string;
  sourceDocuments: string;
  /** Other words customers use for it (synonyms), space-separated. */
  keywords: string;
}

export interface IndexedDocument {
  id: number;
  title: string;
  body: string;
}

interface Passage {
  id: string;
  kind: 'entry' | 'document';
  /** The entry's or the document's id. */
  ref: number;
  title: string;
  question: string;
  keywords: string;
  text: string;
}

export interface Retrieved {
  /** The curated answer chosen, when one is good enough. */
  entry: IndexedEntry | undefined;
  /** A knowledge paragraph, when no curated answer is good enough but it is. */
  paragraph: { documentId: number; title: string; text: string } | undefined;
  /** Titles of the documents that support the answer. */
  documents: { id: number; title: string }[];
  /** Passages a model may ground its answer on, best first. */
  passages: { title: string; text: string }[];
  /** Share of the question's words the chosen answer matched (0 to 1). */
  confidence: number;
}

/** A curated answer must match at least this share of the question's words. */
const ENTRY_CONFIDENCE = 0.4;
/**
 * A document is named as a source of the answer when one of its paragraphs matches this much of
 * the question, and two of its words at least (one shared word, "bike", is a coincidence).
 */
const SOURCE_CONFIDENCE = 0.25;
/** A word in more than this share of the passages is too common to search on its own. */
const COMMON_WORD_SHARE = 0.15;
/** …and held by more passages than this (a small knowledge base keeps every word). */
const COMMON_WORD_MINIMUM = 300;
/** A bare knowledge paragraph must match more. */
const PARAGRAPH_CONFIDENCE = 0.6;

export class LanguageIndex {
  readonly language: Language;
  readonly #search: MiniSearch<Passage>;
  readonly #entries = new Map<number, IndexedEntry>();
  readonly #documents = new Map<number, IndexedDocument>();

  constructor(language: Language, entries: readonly IndexedEntry[], documents: readonly IndexedDocument[]) {
    this.language = language;
    const tokenize = (text: string) => termsOf(text, language);
    this.#search = new MiniSearch<Passage>({
      fields: ['question', 'keywords', 'title', 'text'],
      storeFields: ['kind', 'ref', 'title', 'text'],
      tokenize,
      processTerm: (term) => term,
      searchOptions: {
        tokenize,
        processTerm: (term) => term,
        boost: { question: 3, keywords: 2, title: 1.5, text: 1 },
        prefix: (term) => term.length >= 5,
        combineWith: 'OR',
      },
    });
    const passages: Passage[] = [];
    for (const entry of entries) {
      if (entry.reponse.trim() === '') continue;
      this.#entries.set(entry.id, entry);
      passages.push({
        id: `e${entry.id}`,
        kind: 'entry',
        ref: entry.id,
        title: '',
        question: entry.question,
        keywords: entry.keywords,
        text: plainTextOf(entry.reponse),
      });
    }
    for (const document of documents) {
      this.#documents.set(document.id, document);
      document.body
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .forEach((paragraph, index) => {
          passages.push({
            id: `d${document.id}-${index}`,
            kind: 'document',
            ref: document.id,
            title: document.title,
            question: '',
            keywords: '',
            text: paragraph,
          });
        });
    }
    this.#search.addAll(passages);
    for (const passage of passages)
      for (const term of new Set(
        termsOf(`${passage.question} ${passage.keywords} ${passage.title} ${passage.text}`, language),
      ))
        this.#frequencies.set(term, (this.#frequencies.get(term) ?? 0) + 1);
  }

  get size(): number {
    return this.#search.documentCount;
  }

  /**
   * How much a word says: log(1 + N / df) over the passages, and the most for a word no passage
   * holds (a question about something else entirely).
   */
  #weightOf(term: string): number {
    const total = this.#search.documentCount;
    const frequency = this.#documentFrequency(term);
    // A word of no passage (a typo, a synonym we lack) neither helps nor sinks a match much.
    return frequency === 0 ? 1 : Math.log(1 + total / frequency);
  }

  #documentFrequency(term: string): number {
    return this.#frequencies.get(term) ?? 0;
  }

  readonly #frequencies = new Map<string, number>();

  /**
   * A question's word no passage holds, with the other words of its synonym groups (synonyms.ts),
   * as stems; a word the passages hold, or without synonyms, alone.
   */
  #alternativesOf(term: string): string[] {
    // A word the passages hold is searched as it is: its synonyms would only add noise.
    if (this.#documentFrequency(term) > 0) return [term];
    return [term, ...[...(synonymStemsOf(this.language).get(term) ?? [])].filter((other) => other !== term)];
  }

  /**
   * What a word of the question weighs: its own weight when some passage holds it, else the
   * heaviest of its synonyms that a passage holds (the question said it in everyday words), else 1.
   */
  #groupWeightOf(group: readonly string[]): number {
    const [term = ''] = group;
    if (this.#documentFrequency(term) > 0) return this.#weightOf(term);
    const known = group.filter((other) => this.#documentFrequency(other) > 0);
    return known.length > 0 ? Math.max(...known.map((other) => this.#weightOf(other))) : 1;
  }

  retrieve(question: string): Retrieved {
    const asked = [...new Set(termsOf(question, this.language))];
    const empty: Retrieved = { entry: undefined, paragraph: undefined, documents: [], passages: [], confidence: 0 };
    if (asked.length === 0) return empty;
    // Each word of the question with its synonyms: one of them in a passage matches the word.
    const groups = asked.map((term) => this.#alternativesOf(term));
    const expanded = [...new Set(groups.flat())];
    // Words most passages hold say little and cost the most to score: searched only when the
    // question has nothing else. (Their weight still counts in the confidence below.)
    const total = this.#search.documentCount;
    const common = Math.max(total * COMMON_WORD_SHARE, COMMON_WORD_MINIMUM);
    const telling = expanded.filter((term) => this.#documentFrequency(term) <= common);
    const searched = telling.length > 0 ? telling : expanded;
    const results = this.#search.search(searched.join(' '), {
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
    });
    const weights = groups.map((group) => this.#groupWeightOf(group));
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
    // The words of the question a passage matched, itself or by a synonym.
    const matchedGroups = (matched: readonly string[]) => {
      const found = new Set(matched);
      return groups.flatMap((group, index) => (group.some((term) => found.has(term)) ? [index] : []));
    };
    // The share of the question's information a passage matched (rare words count more).
    // A passage that matched a single word of a longer question is a coincidence, not an answer.
    const share = (matched: readonly string[]) =>
      matchedGroups(matched).reduce((sum, index) => sum + (weights[index] ?? 0), 0) / totalWeight;
    const coverage = (matched: readonly string[]) =>
      matchedGroups(matched).length < Math.min(2, asked.length) ? 0 : share(matched);

    const bestEntry = results.find((result) => result['kind'] === 'entry');
    const documentHits = results.filter((result) => result['kind'] === 'document');
    const passages = results.slice(0, 4).map((result) => ({
      title: String(result['kind'] === 'entry' ? (this.#entries.get(result['ref'])?.question ?? '') : result['title']),
      text: String(result['text']),
    }));
    const supporting: { id: number; title: string }[] = [];
    for (const hit of documentHits) {
      if (coverage(hit.queryTerms) < SOURCE_CONFIDENCE) continue;
      const document = this.#documents.get(hit['ref']);
      if (document && !supporting.some((known) => known.id === document.id))
        supporting.push({ id: document.id, title: document.title });
      if (supporting.length === 2) break;
    }

    if (bestEntry && coverage(bestEntry.queryTerms) >= ENTRY_CONFIDENCE) {
      return {
        entry: this.#entries.get(bestEntry['ref']),
        paragraph: undefined,
        documents: supporting,
        passages,
        confidence: coverage(bestEntry.queryTerms),
      };
    }
    const bestParagraph = documentHits[0];
    if (bestParagraph && coverage(bestParagraph.queryTerms) >= PARAGRAPH_CONFIDENCE) {
      return {
        entry: undefined,
        paragraph: { documentId: bestParagraph['ref'], title: bestParagraph['title'], text: bestParagraph['text'] },
        documents: supporting,
        passages,
        confidence: coverage(bestParagraph.queryTerms),
      };
    }
    return { ...empty, passages };
  }
}

/** Per language, each synonym's stem to the stems of its groups (built once, on first use). */
const SYNONYM_STEMS = new Map<Language, Map<string, Set<string>>>();

function synonymStemsOf(language: Language): Map<string, Set<string>> {
  let stems = SYNONYM_STEMS.get(language);
  if (stems) return stems;
  stems = new Map();
  for (const group of SYNONYM_GROUPS[language]) {
    const members = [...new Set(termsOf(group, language))];
    for (const member of members) {
      const known = stems.get(member) ?? new Set<string>();
      for (const other of members) known.add(other);
      stems.set(member, known);
    }
  }
  SYNONYM_STEMS.set(language, stems);
  return stems;
}
