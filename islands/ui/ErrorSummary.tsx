import { type ReactNode, useEffect, useId, useRef } from 'react';
import { type SummaryProblem, summaryTakesFocus } from './error-summary.ts';

/** The controls a summary's link can focus, in a field or a group of fields. */
const CONTROLS = 'input:not([type=hidden]), select, textarea';

/**
 * Focuses the field a summary link names: the element of that id when it is a control that shows,
 * else the first control that shows inside it (a group such as a confirmation that is a checkbox
 * on wide screens and Oui/Non radios on phones). The field's label is brought into view with it.
 */
function focusField(fieldId: string): void {
  const element = document.getElementById(fieldId);
  if (!element) return;
  const candidates = [element, ...element.querySelectorAll<HTMLElement>(CONTROLS)];
  const control = candidates.find((candidate) => candidate.matches(CONTROLS) && candidate.getClientRects().length > 0);
  const target = control ?? element;
  const label = control?.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null;
  target.focus({ preventScroll: true });
  (label ?? target).scrollIntoView({ block: 'center' });
}

/**
 * The error summary at the top of a form (GOV.UK / DSFR pattern): a titled box listing each
 * problem as a link to its field, on top of the messages under the fields. It takes the focus
 * (and is announced), its title at the top of the screen, after each refused submit, follows the problems as they are fixed, and
 * disappears with the last one.
 */
export function ErrorSummary({
  title,
  problems,
  submits,
  children,
}: {
  /** "Il y a un problème" in the page's language. */
  title: string;
  problems: readonly SummaryProblem[];
  /** How many submits the form has seen: each new refused one moves the focus to the summary. */
  submits: number;
  /** An optional line under the title (the complaint form's "form error 1"). */
  children?: ReactNode;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement | null>(null);
  const focusedAt = useRef(0);

  useEffect(() => {
    if (!summaryTakesFocus(submits, focusedAt.current, problems.length)) return;
    focusedAt.current = submits;
    // Its top in view below the sticky header (its scroll margin), even when it is taller than
    // the screen: the browser's own scroll on focus shows its middle, its title under the header.
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'start' });
  }, [submits, problems.length]);

  if (problems.length === 0) return null;
  return (
    <div ref={box} className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <h2 className="error-summary__title" id={titleId}>
        {title}
      </h2>
      {children ? <div className="error-summary__body">{children}</div> : null}
      <ul className="error-summary__list">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a
              href={`#${problem.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(problem.fieldId);
              }}
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
