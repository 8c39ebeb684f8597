import type { Ref } from 'react';

/** What one action says: done, or why not. */
export type ActionFeedback = { tone: 'success' | 'error'; text: string };

/**
 * An action's message, shown beside the control staff used (never only at the top of the page,
 * out of view): a success is a status, a failure an alert. `id` lets the control name it
 * (aria-describedby). It can take the focus from a script (`ref`), for when the action removed the
 * control used.
 */
export function ActionMessage({
  feedback,
  id,
  ref,
}: {
  feedback: ActionFeedback | undefined;
  id?: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  if (!feedback) return null;
  return (
    <p
      ref={ref}
      id={id}
      tabIndex={-1}
      className={`bo-action-message bo-action-message--${feedback.tone}`}
      role={feedback.tone === 'error' ? 'alert' : 'status'}
    >
      {feedback.text}
    </p>
  );
}
