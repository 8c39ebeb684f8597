import type { Language } from '../../../contracts/languages.ts';

/**
 * Shapes of the demo content (DESIGN.md §5). The content is plain typed data; `server/demo/seed.ts`
 * maps it onto the database schema, so these names follow the wire names of the specification
 * (`ordre`, `nom`, `nom_complet`, `sinistre_affiche_declare` …) in camelCase.
 */

/** One text per interface language. Every language is required; French is the reference. */
export type Translations<T = string> = Readonly<Record<Language, T>>;

/** `data.type` of the guarantee call: step 4 titles its second section 'Votre matériel' for `materiel`. */
export type GuaranteeType = 'annulation' | 'materiel' | 'interruption' | 'autre';

/** A family of cover: a contract covers one family, and step 1 offers that family's groups. */
export type GuaranteeFamily = 'sejour' | 'velo' | 'golf';

/** A reason (motif) of a guarantee group. */
export interface DemoReason {
  /** `motif_id`, unique across all groups. */
  readonly id: number;
  /** `priorisation_declare`: step 2 lists the reasons of a group by this number, highest first. */
  readonly priorisationDeclare: number;
  /** `nom` per language. */
  readonly nom: Translations;
  /** Ids of the document types (`documents.ts`) a claim for this reason must provide, in the order asked. */
  readonly documentTypeIds: readonly number[];
}

/** A guarantee group: an 'object of the request' tile of step 1. */
export interface DemoGuarantee {
  /** `garantie_type` / `garantie_id`. The cancellation groups are 1, 5, 35, 40, 46, 102 and 110. */
  readonly id: number;
  /**
   * The tile's picture, stored as the guarantee's `logo` (an SVG path or an image URL): SVG path
   * data for a `0 0 24 24` view box, drawn as a stroke (`fill="none" stroke="currentColor"
   * stroke-width="2" stroke-linecap="round" stroke-linejoin="round"`).
   */
  readonly picture: string;
  /** `ordre`: step 1 sorts its tiles by this number, ascending. */
  readonly ordre: number;
  /** `sinistre_affiche_declare`: 1 = offered in the wizard, 0 = kept but never shown (handled by phone). */
  readonly sinistreAfficheDeclare: 0 | 1;
  /** `priorisation_declare`: 1 = among the tiles shown before 'Voir plus'. */
  readonly priorisationDeclare: 0 | 1;
  /** `data.type` of the guarantee call. */
  readonly type: GuaranteeType;
  /** Families of cover this group belongs to (see `GuaranteeFamily`). */
  readonly families: readonly GuaranteeFamily[];
  /** `nom` (tile label) and `nomComplet` (`_garantie_nom_complet`, step 0: 'NOM Prénom : nom complet'). */
  readonly names: Translations<{ readonly nom: string; readonly nomComplet: string }>;
  /** The reasons (motifs) of the group. */
  readonly motifs: readonly DemoReason[];
}

/** A document type (justificatif) a reason may require. */
export interface DemoDocumentType {
  /** Proof type id; the upload API's `type` 0 ('other') maps to `OTHER_DOCUMENT_TYPE_ID`. */
  readonly id: number;
  /** Stable code, never shown. Example: "CERTIFICAT_MEDICAL". */
  readonly code: string;
  /** `nom_court` (lists, e-mails), `nom` (the follow-up page) and a one-line `description` (upload help). */
  readonly texts: Translations<{ readonly nomCourt: string; readonly nom: string; readonly description: string }>;
}

/** A country of the step 4 list. */
export interface DemoCountry {
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
export interface DemoLegalParagraph {
  /** Fragment id of the paragraph, the same in every language. Example: "avis" (`politique-confidentialite#avis`). */
  readonly anchor: string;
  readonly texts: Translations<{ readonly nom: string; readonly contenu: string }>;
}

export interface DemoLegalPage {
  readonly slug: LegalPageSlug;
  /** Page heading per language. */
  readonly title: Translations;
  /** Paragraphs in display order. */
  readonly paragraphs: readonly DemoLegalParagraph[];
}

/** A curated question and answer of the FAQ assistant. */
export interface DemoFaqEntry {
  /** Stable key. Example: "justificatifs-formats". */
  readonly key: string;
  /** `answer` is simple HTML (`<p>`, `<ul><li>`, `<a>`); the server sanitises it. */
  readonly texts: Translations<{ readonly question: string; readonly answer: string }>;
}

/** A longer text the assistant retrieves from (full-text search): plain text, paragraphs split by a blank line. */
export interface DemoKnowledgeDocument {
  readonly key: string;
  readonly texts: Translations<{ readonly title: string; readonly body: string }>;
}
