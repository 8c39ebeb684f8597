/**
 * The HTML body of a mail made into the document of a sandboxed frame. The HTML is ours, but the
 * page treats it as untrusted: the frame runs no script and has no origin (`sandbox` without any
 * permission), and the document's own Content-Security-Policy loads nothing from anywhere (no
 * image that would tell someone the mail was read), allows only its inline styles, and no form.
 */
export const MAIL_FRAME_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${MAIL_FRAME_CSP}">`;

/** The frame's `srcdoc`: the mail's HTML with the CSP first in its head. */
export function mailFrameDocument(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${CSP_META}${html.slice(head.index + head[0].length)}`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8">${CSP_META}</head><body>${html}</body></html>`;
}
