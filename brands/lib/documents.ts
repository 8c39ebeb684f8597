import { existsSync, readFileSync } from 'node:fs';
import type { Language } from '../../contracts/languages.ts';
import { demoPdf } from './pdf.ts';
import type { Brand } from './schema.ts';

/**
 * The documents a brand links from its home page, as files of the site: one URL per document and
 * language, `/documents/<slug>/<kind>-<lang>.pdf` (`default` for the neutral brand), written by the
 * build (`site/pages/documents/`). A document whose brand file names a `file` is that PDF of
 * `brands/documents/<slug>/`; the others are demonstration PDFs generated here, titled in the
 * page's language, until the partner gives its own.
 */

export type BrandDocument = Brand['documents'][number];

const DOCUMENTS_FOLDER = new URL('../documents/', import.meta.url);

/** `certificateHoleInOne` → `certificate-hole-in-one`. */
function fileNameOf(kind: BrandDocument['kind']): string {
  return kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The site path of a brand's document in a language. */
export function documentPath(brand: Pick<Brand, 'slug'>, document: BrandDocument, lang: Language): string {
  return `/documents/${brand.slug || 'default'}/${fileNameOf(document.kind)}-${lang}.pdf`;
}

/** Where a brand's own PDF lives. */
function documentFile(brand: Pick<Brand, 'slug'>, file: string): URL {
  return new URL(`${brand.slug || 'default'}/${file}`, DOCUMENTS_FOLDER);
}

/**
 * The bytes of a document: the partner's PDF, or a demonstration PDF with the brand's name, the
 * document's title and `notice` (both in the page's language). A named file that is missing fails
 * the build rather than ship a broken link.
 */
export function documentBytes(
  brand: Pick<Brand, 'slug' | 'name'>,
  document: BrandDocument,
  texts: { title: string; notice: string },
): Uint8Array {
  if (document.file !== undefined) {
    const file = documentFile(brand, document.file);
    if (!existsSync(file))
      throw new Error(`${brand.slug}: brands/documents/${brand.slug}/${document.file} is missing.`);
    return readFileSync(file);
  }
  return demoPdf([`${brand.name} - ${texts.title}`, texts.notice]);
}
