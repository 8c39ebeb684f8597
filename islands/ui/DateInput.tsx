import { type Ref, useEffect, useRef, useState } from 'react';
import { formatDate, formatIsoDay, isoOfLocalDay, localDayOfIso, parseDate } from '../../contracts/dates.ts';
import type { Language } from '../../contracts/languages.ts';
import type { Instance } from 'flatpickr/dist/types/instance';
import type { DatePickerOptions } from './date-picker.ts';

type Props = {
  id: string;
  name: string;
  lang: Language;
  /** ISO `yyyy-mm-dd`, or '' (or any non-date marker) while the field holds no valid date. */
  value: string;
  /** The new ISO date, '' when emptied, or `null` when the typed text is not a date of the language's format. */
  onChange: (iso: string | null) => void;
  onBlur?: () => void;
  minDate?: string | undefined;
  maxDate?: string | undefined;
  /** For react-hook-form: the input to focus when this field is the first invalid one. */
  ref?: Ref<HTMLInputElement>;
  labels: DatePickerOptions['labels'];
  placeholder: string;
  'aria-invalid'?: true | undefined;
  'aria-describedby'?: string | undefined;
};

/**
 * A date field: text in the page language's display format (typing works without the picker, and
 * with the keyboard alone), enhanced with a flatpickr calendar loaded on first focus or pointer
 * and opened by a click or Alt+ArrowDown.
 */
export function DateInput({ value, onChange, onBlur, lang, minDate, maxDate, labels, ref, ...inputProps }: Props) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState(() => formatIsoDay(value, lang));
  const picker = useRef<Instance | null>(null);
  const loading = useRef(false);
  const openOnLoad = useRef(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A value set from outside (the draft, the picker) shows in the field; the typed text is this
  // component's own, so a change of `text` alone must not resync it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const day = localDayOfIso(value);
    if (!day) return;
    const shown = parseDate(text, lang);
    if (!shown || isoOfLocalDay(shown) !== value) setText(formatDate(day, lang));
    picker.current?.setDate(day, false);
  }, [value, lang]);

  useEffect(() => () => picker.current?.destroy(), []);

  /** Loads the picker; a pointer opens it once loaded, keyboard focus only prepares it (typing works). */
  function loadPicker(openWhenReady: boolean): void {
    if (openWhenReady) openOnLoad.current = true;
    if (loading.current || !inputRef.current) return;
    loading.current = true;
    const input = inputRef.current;
    void import('./date-picker.ts').then(async ({ attachDatePicker }) => {
      picker.current = await attachDatePicker(input, {
        lang,
        minDate,
        maxDate,
        labels,
        onPick: (date) => {
          setText(formatDate(date, lang));
          onChangeRef.current(isoOfLocalDay(date));
        },
      });
      // The picker starts on what the field shows now: what the visitor typed meanwhile wins over
      // the value the field had, and a field emptied meanwhile stays empty (putting the
      // former value back would let an emptied required date pass unflagged).
      const day = parseDate(input.value, lang);
      if (day) picker.current.setDate(day, false);
      if (openOnLoad.current && document.activeElement === input) picker.current.open();
    });
  }

  function commitTyped(typed: string, { normalise }: { normalise: boolean }): void {
    if (typed.trim() === '') {
      onChange('');
      return;
    }
    const day = parseDate(typed, lang);
    // Leaving the field, a date typed with another separator is written in the language's pattern.
    if (day && normalise) setText(formatDate(day, lang));
    onChange(day ? isoOfLocalDay(day) : null);
  }

  return (
    <input
      {...inputProps}
      ref={(element) => {
        inputRef.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      className="field__input field__input--date"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onFocus={() => loadPicker(false)}
      onPointerDown={() => loadPicker(true)}
      onClick={() => picker.current?.open()}
      onKeyDown={(event) => {
        if (event.altKey && event.key === 'ArrowDown') {
          event.preventDefault();
          if (picker.current) picker.current.open();
          else loadPicker(true);
        }
      }}
      onChange={(event) => {
        setText(event.target.value);
        // A complete date counts at once; a partial one waits for the blur.
        if (parseDate(event.target.value, lang)) commitTyped(event.target.value, { normalise: false });
      }}
      onBlur={(event) => {
        // The picker empties a text it cannot read; the visitor's text stays, with its message.
        if (event.target.value === '' && text.trim() !== '') event.target.value = text;
        commitTyped(event.target.value, { normalise: true });
        onBlur?.();
      }}
    />
  );
}
