import type { APIRoute, GetStaticPaths } from 'astro';
import { type BrandDocument, documentBytes, documentPath } from '../../../../brands/lib/documents.ts';
import type { Brand } from '../../../../brands/lib/schema.ts';
import { LANGUAGES, type Language } from '../../../../contracts/languages.ts';
import { getTranslator } from '../../../i18n/index.ts';
import { allBrands } from '../../../lib/brands.ts';

interface Props {
  brand: Brand;
  document: BrandDocument;
  lang: Language;
}

/** Every document of every brand, in every language (`brands/lib/documents.ts`). */
export const getStaticPaths = (() =>
  allBrands().flatMap((brand) =>
    brand.documents.flatMap((document) =>
      LANGUAGES.map((lang) => {
        const [, , slug, file] = documentPath(brand, document, lang).split('/');
        return { params: { brand: slug, document: file }, props: { brand, document, lang } satisfies Props };
      }),
    ),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { brand, document, lang } = props as Props;
  const t = getTranslator(lang);
  const bytes = documentBytes(brand, document, {
    title: t(`home.documents.${document.kind}`),
    notice: t('home.documents.demoNotice'),
  });
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'application/pdf' } });
};
