/**
 * The fragment ids of the live paragraphs of a legal page. GET pages gives each paragraph a name
 * and content but no id, while links such as `politique-confidentialite#avis` must keep landing
 * on their paragraph. So a live paragraph takes the id of the pre-rendered paragraph with the same
 * name; failing that, when the page has as many paragraphs as before (a name reworded), the id at
 * its position; failing that, an id made from its name. Ids stay unique.
 */
export function liveAnchors(liveTitles: readonly string[], built: readonly { id: string; title: string }[]): string[] {
  const taken = new Set<string>();
  const unique = (id: string) => {
    let candidate = id;
    for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${id}-${suffix}`;
    taken.add(candidate);
    return candidate;
  };
  const sameCount = liveTitles.length === built.length;
  return liveTitles.map((title, index) => {
    const byTitle = built.find((section) => section.title === title && !taken.has(section.id));
    const byPosition = sameCount ? built[index] : undefined;
    const chosen = byTitle ?? (byPosition && !liveTitles.includes(byPosition.title) ? byPosition : undefined);
    return unique(chosen?.id ?? (slugOf(title) || `section-${index + 1}`));
  });
}

/** `Données collectées` → `donnees-collectees`. */
function slugOf(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
