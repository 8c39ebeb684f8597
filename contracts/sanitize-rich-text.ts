import sanitizeHtml from 'sanitize-html';
import { SANITIZE_HTML_OPTIONS } from './rich-text.ts';

/**
 * Content HTML reduced to the allow-list of `rich-text.ts`, in Node (the site build and the
 * server). The browser never imports this file: it uses DOMPurify with the same allow-list.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, SANITIZE_HTML_OPTIONS);
}
