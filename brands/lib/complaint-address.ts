import { escapeHtml } from '../../contracts/html.ts';
import type { Language } from '../../contracts/languages.ts';
import type { BrandCatalog } from './parse.ts';
import { type Brand, inLanguage } from './schema.ts';

/**
 * Where complaints are written to by post: one source for the complaint page (spec 2 claim) and
 * the legal notice's "Réclamations et médiation" paragraph. A brand's own `complaintAddress`, else
 * the neutral brand's (the deployment's), in the page's language.
 */
export function complaintAddressOf(
  brand: Brand,
  catalog: Pick<BrandCatalog, 'neutral'>,
  lang: Language,
): readonly string[] {
  const lines = brand.complaintAddress ?? catalog.neutral.complaintAddress ?? [];
  return lines.map((line) => inLanguage(line, lang));
}

/**
 * The token the stored legal content writes where the complaint address goes
 * (`content/legal-pages.ts`). It never leaves the server or the build: the `pages` call and the
 * pre-rendered page replace it with the brand's address.
 */
export const COMPLAINT_ADDRESS_TOKEN = '{{adresse_reclamation}}';

/** `html` with every complaint-address token replaced by the address on one line, escaped. */
export function fillComplaintAddress(html: string, address: readonly string[]): string {
  if (!html.includes(COMPLAINT_ADDRESS_TOKEN)) return html;
  const line = escapeHtml(address.join(', '));
  return html.replaceAll(COMPLAINT_ADDRESS_TOKEN, line);
}
