import type { Translations } from '../../../content/types.ts';

/**
 * Shapes of the demo insurer's catalogue and contracts. `server/demo/seed.ts` maps
 * them onto the database schema, so these names follow the wire names of the specification
 * (`ordre`, `nom`, `nom_complet`, `sinistre_affiche_declare` …) in camelCase.
 */

/** `data.type` of the guarantee call: step 4 titles its second section 'Votre matériel' for `materiel`. */
type GuaranteeType = 'annulation' | 'materiel' | 'interruption' | 'autre';

/** A family of cover: a contract covers one family, and step 1 offers that family's groups. */
export type GuaranteeFamily = 'sejour' | 'velo' | 'golf';

/** A reason (motif) of a guarantee group. */
interface DemoReason {
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
