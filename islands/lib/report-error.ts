/**
 * Reports a numbered error of the specification (639 incomplete submit, 640 empty acquisition
 * method, 651 missing contract company…) for the people who run the portal. Only the code and a
 * short context without personal data are written; the visitor sees a translated message instead.
 */
export function reportError(code: string | number, context?: Readonly<Record<string, string | number>>): void {
  console.warn(`[portal] error ${code}`, context ?? {});
}
