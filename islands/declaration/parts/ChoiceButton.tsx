import type { ReactNode } from 'react';

/** One answer of a list question (step 0's subscriptions, step 2's reasons): chosen ones are marked. */
export function ChoiceButton({
  chosen,
  onChoose,
  title,
  detail,
}: {
  chosen: boolean;
  onChoose: () => void;
  title: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`choice${chosen ? ' is-chosen' : ''}`}
      aria-current={chosen ? 'true' : undefined}
      onClick={onChoose}
    >
      <span className="choice__text">
        <span className="choice__title">{title}</span>
        {detail ? <span className="choice__detail">{detail}</span> : null}
      </span>
      <span className="choice__arrow" aria-hidden="true">
        →
      </span>
    </button>
  );
}
