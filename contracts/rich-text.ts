import type { Config as DomPurifyConfig } from 'dompurify';
import type { IOptions as SanitizeHtmlOptions } from 'sanitize-html';

/**
 * The one allow-list of the HTML that content from the database may carry (the legal pages'
 * paragraphs, and any other `contenu` shown as HTML). Three places apply it: the site build
 * (`sanitize-html`), the server before it answers (`sanitize-html`), and the browser before it
 * shows content from a partner's own API (DOMPurify). Everything not listed is removed: scripts,
 * styles, frames, forms, images, event handlers, `style` and `id` attributes.
 *
 * No data here depends on a library at run time (the imports are types only), so the browser
 * bundle takes this file without either sanitiser.
 */

/** Elements kept. Headings start at h3: the page gives h1 to its title and h2 to each paragraph's name. */
const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'small',
  'sub',
  'sup',
  'abbr',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'blockquote',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Attributes kept, per element; any other attribute (`on*`, `style`, `id`, `class`…) is removed. */
const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'hreflang'],
  abbr: ['title'],
  th: ['scope'],
};

/**
 * URL schemes a link may use. Relative links stay (`claim`, `politique-confidentialite#cookies`),
 * so a page's links keep the visitor's brand and language; `javascript:`, `data:` and
 * protocol-relative `//host` links are removed.
 */
const RICH_TEXT_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Options of `sanitize-html` (build and server). */
export const SANITIZE_HTML_OPTIONS: SanitizeHtmlOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...RICH_TEXT_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A removed element's text stays (an unknown `<span>` loses only its tag); scripts and styles go whole.
  disallowedTagsMode: 'discard',
};

/**
 * The URLs DOMPurify keeps: an allowed scheme, or a relative address (no scheme before a `/`, `?`
 * or `#`), never `//host`. The shape of DOMPurify's own default, with our schemes.
 */
export const RICH_TEXT_URL_PATTERN = new RegExp(
  `^(?!//)(?:(?:${RICH_TEXT_URL_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))`,
  'i',
);

/** Options of DOMPurify (browser), the same allow-list. */
export const DOMPURIFY_OPTIONS: DomPurifyConfig = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOWED_URI_REGEXP: RICH_TEXT_URL_PATTERN,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};
