import { type Language, LANGUAGES } from '../../contracts/languages.ts';
import { type CustomerRoute, type NOT_FOUND_ROUTE, pagePath } from '../../contracts/routes.ts';
import type { Brand } from '../../brands/lib/schema.ts';
import { getTranslator } from '../i18n/index.ts';

/** Everything a page needs to render: who (brand), in which language, which route. */
export interface PageContext {
  brand: Brand;
  lang: Language;
  route: CustomerRoute | typeof NOT_FOUND_ROUTE;
  t: ReturnType<typeof getTranslator>;
  /** URL of another route of the same brand and language. */
  href: (route: CustomerRoute) => string;
  /** URL of this page in another language. */
  hrefIn: (lang: Language) => string;
}

export function createPageContext(brand: Brand, lang: Language, route: PageContext['route']): PageContext {
  const company = brand.slug;
  return {
    brand,
    lang,
    route,
    t: getTranslator(lang),
    href: (target) => pagePath({ company, lang, route: target }),
    hrefIn: (other) => pagePath({ company, lang: other, route }),
  };
}

/** The language alternates of a page, for `hreflang` links and the language menu. */
export function alternates(context: PageContext): { lang: Language; href: string }[] {
  return LANGUAGES.map((lang) => ({ lang, href: context.hrefIn(lang) }));
}
