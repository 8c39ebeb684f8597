import type { LegalPageSlug } from '../../content/types.ts';
import type { Language } from '../../contracts/languages.ts';
import { sanitizeRichText } from '../../contracts/sanitize-rich-text.ts';
import { LEGAL_PAGES } from '../../content/legal-pages.ts';
import { fillComplaintAddress } from '../../brands/lib/complaint-address.ts';

/** One paragraph of a legal page as the page renders it. */
export interface LegalSection {
  /** Fragment id of its heading, the same in every language. Example: "avis". */
  anchor: string;
  /** The paragraph's name (`nom`), plain text. */
  title: string;
  /** Its content (`contenu`), sanitised with the allow-list of `contracts/rich-text.ts`. */
  html: string;
}

/**
 * The paragraphs of a legal page in one language, pre-rendered at build time from the content the
 * seed stores (`content/legal-pages.ts`), so the page reads without JavaScript
 * and without waiting for the API. The browser then asks GET pages and shows the live content
 * instead when it differs (`components/legal/live-content.ts`). Sanitised here too: the build
 * trusts no content more than the server does. The complaint address is the brand's
 * (`complaintAddress`: the same lines as the complaint page's), as the `pages` call fills it.
 */
export function legalSections(
  slug: LegalPageSlug,
  lang: Language,
  complaintAddress: readonly string[],
): LegalSection[] {
  const page = LEGAL_PAGES.find((candidate) => candidate.slug === slug);
  if (page === undefined) throw new Error(`No legal page "${slug}" in content/legal-pages.ts.`);
  return page.paragraphs.map(({ anchor, texts }) => ({
    anchor,
    title: texts[lang].nom,
    html: sanitizeRichText(fillComplaintAddress(texts[lang].contenu, complaintAddress)),
  }));
}
