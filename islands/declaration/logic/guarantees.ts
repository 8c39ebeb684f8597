import type { Guarantee } from '../../../contracts/partner-api.ts';

/** Step 1 shows at most this many priority tiles before 'Plus / Voir plus' (spec 1 §9). */
const PRIORITY_TILES_MAX = 5;
/** 'Voir plus' shows every tile, up to this many (spec 1 §4). */
const ALL_TILES_LIMIT = 5000;

/**
 * The tiles of step 1 (spec 1 §2, §4): only groups shown in the wizard, sorted by `ordre`; first
 * the priority ones (at most 5) and a 'Voir plus' tile when more exist; once expanded, all of them.
 * Without any priority group every tile shows at once (a lone 'Voir plus' tile would help nobody).
 */
export function visibleGuarantees(
  guarantees: readonly Guarantee[],
  expanded: boolean,
): { tiles: Guarantee[]; hasMore: boolean } {
  const shown = guarantees
    .filter((guarantee) => guarantee.sinistre_affiche_declare === 1)
    .sort((a, b) => a.ordre - b.ordre || a.id - b.id);
  const priority = shown.filter((guarantee) => guarantee.priorisation_declare === 1).slice(0, PRIORITY_TILES_MAX);
  if (expanded || priority.length === 0 || priority.length === shown.length)
    return { tiles: shown.slice(0, ALL_TILES_LIMIT), hasMore: false };
  return { tiles: priority, hasMore: true };
}

/** The reasons of a group, highest `priorisation_declare` first (spec 1 §4), ties in the API's order. */
export function sortedReasons(guarantee: Pick<Guarantee, 'motifs'>): Guarantee['motifs'] {
  return guarantee.motifs
    .map((motif, index) => ({ motif, index }))
    .sort((a, b) => b.motif.priorisation_declare - a.motif.priorisation_declare || a.index - b.index)
    .map(({ motif }) => motif);
}

/** Whether a tile's `logo` is SVG path data (drawn in the brand's colour) rather than an image URL. */
export function isSvgPath(logo: string): boolean {
  return /^[MmZzLlHhVvCcSsQqTtAa0-9.,\s-]+$/.test(logo) && /^\s*[Mm]/.test(logo);
}
