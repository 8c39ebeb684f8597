/** What one action says: done, or why not. */
export type ActionFeedback = { tone: 'success' | 'error'; text: string };

/**
 * An action's message, shown beside the control staff used (never only at the top of the page,
 * out of view): a success is a status, a failure an alert. `id` lets the control name it
 * (aria-describedby).
 */
export function ActionMessage({ feedback, id }: { feedback: ActionFeedback | undefined; id?: string }) {
  if (!feedback) return null;
  return (
    <p
      id={id}
      className={`bo-action-message bo-action-message--${feedback.tone}`}
      role={feedback.tone === 'error' ? 'alert' : 'status'}
    >
      {feedback.text}
    </p>
  );
}
