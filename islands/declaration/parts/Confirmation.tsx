import { useId } from 'react';
import type { IslandTranslator } from '../../lib/translate.ts';

/**
 * One confirmation: a checkbox on wide screens, Oui/Non radios on phones (spec 1 §5), both bound
 * to the same draft field so they never disagree; only a tick or 'Oui' counts.
 */
export function Confirmation({
  name,
  id: containerId,
  text,
  value,
  onChange,
  invalid,
  errorId,
  t,
}: {
  name: string;
  /** The id of the whole confirmation (the error summary links to it and focuses the input that shows). */
  id: string;
  text: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  invalid: boolean;
  errorId: string;
  t: IslandTranslator;
}) {
  const id = useId();
  const describedBy = invalid ? errorId : undefined;
  return (
    <div id={containerId} className={`confirmation${invalid ? ' confirmation--invalid' : ''}`}>
      <div className="confirmation__checkbox">
        <input
          id={`${id}-check`}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={`${id}-check`}>{text}</label>
      </div>
      <fieldset className="confirmation__radios" aria-describedby={describedBy}>
        <legend>{text}</legend>
        <div className="confirmation__choices">
          <label className="radio-choice">
            <input
              type="radio"
              name={`${name}-${id}`}
              checked={value === true}
              onChange={() => onChange(true)}
              aria-invalid={invalid || undefined}
            />
            {t('wizard.step5.yes')}
          </label>
          <label className="radio-choice">
            <input type="radio" name={`${name}-${id}`} checked={value === false} onChange={() => onChange(false)} />
            {t('wizard.step5.no')}
          </label>
        </div>
      </fieldset>
    </div>
  );
}
