/**
 * This tab's sessionStorage, or undefined outside a browser (the server render) or where the
 * browser refuses it (storage disabled): what the islands keep for the tab only (form fields, the
 * follow-up link's token, a proof's comment, the FAQ conversation) goes through it.
 */
export function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
