import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './Field.tsx';
import { describedField } from './field.ts';

/** A labelled text input or text area registered with react-hook-form, tied to its hint and error. */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  type = 'text',
  inputMode,
  autoComplete,
  required = true,
  multiline = false,
  wide = false,
  sanitise,
}: {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  autoComplete?: string;
  required?: boolean;
  multiline?: boolean;
  /** Spans the whole row of the form grid. */
  wide?: boolean;
  /** Rewrites the typed text (a phone keeps its digits only). */
  sanitise?: (text: string) => string;
}) {
  const described = describedField(id, { error, hint: hint !== undefined });
  const field = (
    <Field id={id} label={label} hint={hint} error={error}>
      {multiline ? (
        <textarea
          {...registration}
          {...described}
          className="field__input field__textarea"
          rows={6}
          required={required}
        />
      ) : (
        <input
          {...registration}
          {...described}
          onChange={(event) => {
            if (sanitise) event.target.value = sanitise(event.target.value);
            return registration.onChange(event);
          }}
          className="field__input"
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          required={required}
        />
      )}
    </Field>
  );
  return wide ? <div className="form-grid__wide">{field}</div> : field;
}
