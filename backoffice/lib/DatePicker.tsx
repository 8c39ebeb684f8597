import flatpickr from 'flatpickr';
import flatpickrStylesheet from 'flatpickr/dist/flatpickr.min.css?url';
import French from 'flatpickr/dist/esm/l10n/fr.js';
import type { Instance } from 'flatpickr/dist/types/instance';
import { use, useEffect, useId, useRef } from 'react';
import { loadStylesheets } from '../components/stylesheets.ts';
import { t } from './texts.ts';

/** flatpickr's styles, linked with the first page that shows a date field (the analysis page links them first, before its own). */
const stylesheet = loadStylesheets(flatpickrStylesheet);

/** A day the calendar marks (a release): a dot and its title. */
export interface MarkedDay {
  date: Date;
  title: string;
}

export interface DatePickerProps {
  label: string;
  value: Date;
  minDate: Date;
  /** The latest moment offered. */
  maxDate: Date;
  /** A day and a time (`dd MMMM yyyy à HH:mm`, spec 3 §2) rather than a day (dd/mm/yyyy). */
  withTime?: boolean;
  markedDays?: readonly MarkedDay[];
  /** The class of the label and field's holder. Example: "an-field". */
  className: string;
  /** The class of the field. Example: "bo-input". */
  inputClassName: string;
  onChange: (date: Date) => void;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * The one flatpickr wrapper of the back office: a labelled field with flatpickr's calendar in
 * French, written in French whatever the browser's language (a browser's own date field follows
 * its language: 11/26/2026 in an English one), 24 h, applied as soon as a day or a time is picked,
 * never empty. Created on mount, updated on prop change, destroyed on unmount.
 */
export function DatePicker({
  label,
  value,
  minDate,
  maxDate,
  withTime = false,
  markedDays = [],
  className,
  inputClassName,
  onChange,
}: DatePickerProps) {
  use(stylesheet);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<Instance | undefined>(undefined);
  const latest = useRef({ onChange, value, markedDays, withTime, minDate });
  latest.current = { onChange, value, markedDays, withTime, minDate };

  useEffect(() => {
    if (!input.current) return;
    const { withTime: timed, minDate: first } = latest.current;
    const instance = flatpickr(input.current, {
      ...(French.fr ? { locale: French.fr } : {}),
      enableTime: timed,
      time_24hr: true,
      dateFormat: timed ? t('common.dateTimeFormat') : t('common.dateFormat'),
      minDate: first,
      allowInput: false,
      disableMobile: true,
      monthSelectorType: 'static',
      onDayCreate: (_dates, _text, _instance, day: HTMLElement & { dateObj?: Date }) => {
        const marked = day.dateObj
          ? latest.current.markedDays.find((item) => sameDay(item.date, day.dateObj as Date))
          : undefined;
        if (!marked) return;
        day.classList.add('bo-marked-day');
        day.title = marked.title;
        day.setAttribute('aria-label', `${day.getAttribute('aria-label') ?? ''}, ${marked.title}`);
      },
      onChange: ([date], _text, self) => {
        if (date) latest.current.onChange(date);
        // Never empty: a date flatpickr refused (past the maximum) leaves the value as it was.
        else self.setDate(latest.current.value, false);
      },
    });
    picker.current = instance;
    return () => {
      instance.destroy();
      picker.current = undefined;
    };
  }, []);

  useEffect(() => {
    const instance = picker.current;
    if (!instance) return;
    instance.set('minDate', minDate);
    instance.set('maxDate', maxDate);
    const shown = instance.selectedDates[0];
    if (!shown || shown.getTime() !== value.getTime()) instance.setDate(value, false);
  }, [value, minDate, maxDate]);

  return (
    <span className={className}>
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={input} className={inputClassName} readOnly />
    </span>
  );
}
