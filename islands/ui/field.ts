/**
 * The attributes that tie an input to its hint, error message and note (WCAG 1.3.1, 3.3.1): the
 * error's id is in `aria-describedby` and `aria-invalid` is set while it shows.
 */
export function describedField(id: string, options: { error?: string | undefined; hint?: boolean; note?: boolean }) {
  const describedBy = [
    options.hint ? `${id}-hint` : '',
    options.error ? `${id}-error` : '',
    options.note ? `${id}-note` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': options.error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}
