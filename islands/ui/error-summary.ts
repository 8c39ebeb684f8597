/**
 * The error summary's rules (GOV.UK and DSFR "error summary"): one problem per field in error, in
 * the order the fields show on the page, each naming the field it links to by its id and saying
 * what the message under that field says.
 */

/** One problem of a refused form: the id of its field (the summary's link target) and its message. */
export interface SummaryProblem {
  fieldId: string;
  message: string;
}

/**
 * The problems of a form, from its fields in page order (`[fieldId, message]`, the message
 * undefined while the field is fine). A field listed twice counts once, with its first message.
 */
export function summaryProblems(
  fields: readonly (readonly [fieldId: string, message: string | undefined])[],
): SummaryProblem[] {
  const seen = new Set<string>();
  const problems: SummaryProblem[] = [];
  for (const [fieldId, message] of fields) {
    if (!message || seen.has(fieldId)) continue;
    seen.add(fieldId);
    problems.push({ fieldId, message });
  }
  return problems;
}

/**
 * Whether a refused submit should move the focus to the summary: once per refused submit (the
 * submit count moved since the summary last took the focus) and only while it lists a problem.
 */
export function summaryTakesFocus(submits: number, focusedAtSubmit: number, problemCount: number): boolean {
  return submits > 0 && submits !== focusedAtSubmit && problemCount > 0;
}
