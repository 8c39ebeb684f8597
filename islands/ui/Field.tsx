import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A labelled form field: label, optional hint, the control (given as children, with the ids of
 * `describedField`), its error message, and an optional note under it. The error is not a live
 * region of its own: a refused submit moves the focus to the first invalid field, which reads its
 * description. The note's line is always there, empty or not: what it says follows what is typed
 * without moving the page. It becomes a polite live region once the focus has been in the field: a
 * note filled from a restored draft is read with the field's description, not announced as news
 * while the visitor is elsewhere on the page.
 */
export function Field({
  id,
  label,
  hint,
  error,
  note,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Said under the field as the visitor types (`undefined`: no note line at all). */
  note?: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [entered, setEntered] = useState(false);
  const hasNote = note !== undefined;
  useEffect(() => {
    const element = box.current;
    if (entered || !hasNote || !element) return;
    // Already in the field when the island hydrated (typed before it): the note speaks at once.
    if (element.contains(document.activeElement)) return setEntered(true);
    const enter = (): void => setEntered(true);
    element.addEventListener('focusin', enter);
    return () => element.removeEventListener('focusin', enter);
  }, [entered, hasNote]);
  return (
    <div ref={box} className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            <path
              fill="currentColor"
              d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4h1.8v6h-1.8v-6Zm0 7.5h1.8v1.8h-1.8V13Z"
            />
          </svg>
          {error}
        </p>
      ) : null}
      {note === undefined ? null : (
        <p className="field__note" id={`${id}-note`} aria-live={entered ? 'polite' : 'off'}>
          {note}
        </p>
      )}
    </div>
  );
}
