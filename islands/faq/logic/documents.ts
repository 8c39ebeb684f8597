/**
 * The anchor of a knowledge document on the FAQ page (a source links to the
 * document it names). The page (site/components/faq/FaqRoute.astro) gives each document's
 * accordion this id; the assistant's source links point to it.
 */
export function faqDocumentAnchor(key: string): string {
  return `document-${key}`;
}
