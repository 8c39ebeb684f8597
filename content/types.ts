import type { Language } from '../contracts/languages.ts';

/**
 * Shapes of the content the product ships (`content/`): legal pages, the FAQ starter and knowledge
 * documents, document types, countries. The build reads the legal pages and FAQ questions; the
 * seed (`server/demo/seed.ts`) writes all of it to the database, whose staff may then edit it.
 * Names follow the wire names of the specification (`nom`, `contenu` …) in camelCase.
 */

/** One text per interface language. Every language is required; French is the reference. */
export type Translations<T = string> = Readonly<Record<Language, T>>;

/** A document type (justificatif) a reason may require. */
export interface DocumentType {
  /** Proof type id; the upload API's `type` 0 ('other') maps to `OTHER_DOCUMENT_TYPE_ID`. */
  readonly id: number;
  /** Stable code, never shown. Example: "CERTIFICAT_MEDICAL". */
  readonly code: string;
  /** `nom_court` (lists, e-mails), `nom` (the follow-up page) and a one-line `description` (upload help). */
  readonly texts: Translations<{ readonly nomCourt: string; readonly nom: string; readonly description: string }>;
  /**
   * The document gives the bank details refunds are paid to (a RIB): a new file for it after one
   * was transmitted is flagged to staff ("RIB modifié — à vérifier") until they validate or refuse it.
   */
  readonly bankDetails?: boolean;
}

/** A country of the step 4 list. */
export interface Country {
  /** ISO 3166-1 numeric code, used as the country id (`assure_pays`). Example: 250 for France. */
  readonly id: number;
  /** ISO 3166-1 alpha-2 code. Example: "FR". */
  readonly code: string;
  /** `nom` per language. */
  readonly nom: Translations;
}

/** The content ids of the `pages` call. */
export type LegalPageSlug = 'mentions-legales' | 'politique-confidentialite';

/** One paragraph of a legal page: `{nom, contenu}` per language, `contenu` in simple HTML. */
interface LegalParagraph {
  /** Fragment id of the paragraph, the same in every language. Example: "avis" (`politique-confidentialite#avis`). */
  readonly anchor: string;
  readonly texts: Translations<{ readonly nom: string; readonly contenu: string }>;
}

export interface LegalPage {
  readonly slug: LegalPageSlug;
  /** Page heading per language. */
  readonly title: Translations;
  /** Paragraphs in display order. */
  readonly paragraphs: readonly LegalParagraph[];
}

/** A curated question and answer of the FAQ assistant. */
export interface FaqEntry {
  /** Stable key. Example: "justificatifs-formats". */
  readonly key: string;
  /**
   * The knowledge documents (their keys) the answer rests on, named as its sources beside it.
   * Example: ["justificatifs", "guide-declaration"]. Empty: the documents the retrieval finds.
   */
  readonly sources: readonly string[];
  /** `answer` is simple HTML (`<p>`, `<ul><li>`, `<a>`); the server sanitises it. */
  readonly texts: Translations<{ readonly question: string; readonly answer: string }>;
}

/** A longer text the assistant retrieves from (full-text search): plain text, paragraphs split by a blank line. */
export interface KnowledgeDocument {
  readonly key: string;
  readonly texts: Translations<{ readonly title: string; readonly body: string }>;
}
