/**
 * The one HTML escaper, for the server (mails, FAQ answers) and the build (brand texts written into
 * pre-rendered pages): text put into HTML content or a double-quoted attribute value.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text escaped for HTML content and quoted attribute values. Example: `a < "b"` → `a &lt; &quot;b&quot;`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}
