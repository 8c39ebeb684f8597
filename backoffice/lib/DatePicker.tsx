import flatpickr from 'flatpickr';
import French from 'flatpickr/dist/esm/l10n/fr.js';
import type { Instance } from 'flatpickr/dist/types/instance';
import { useEffect, useId, useRef } from 'react';
import { RELEASE_MARKERS } from '../../contracts/analysis.ts';
import { t } from '../lib/texts.ts';
import { localDateOf, MINIMUM } from './date-rules.ts';

/** The release markers as local moments, for the calendars' days. */
const RELEASES = RELEASE_MARKERS.map((release) => ({ ...release, date: localDateOf(release.at) }));

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

const pad = (value: number) => String(value).padStart(2, '0');

/** What a release day's title says. Example: "v3.3.4 à 15:42 : bouton suivant déplacé". */
function releaseTitle(release: (typeof RELEASES)[number]): string {
  return t('analysis.period.releaseTitle', {
    version: release.version,
    time: `${pad(release.date.getHours())}:${pad(release.date.getMinutes())}`,
    label: release.label,
  });
}

interface Props {
  label: string;
  value: Date;
  /** The latest moment offered. */
  maxDate: Date;
  onChange: (date: Date) => void;
}

/**
 * A labelled date-time field with flatpickr's calendar in French, shown `dd MMMM yyyy à HH:mm`
 * (24 h), applied as soon as a day or a time is picked, never empty; days of a release carry a
 * dot and its title. The one flatpickr wrapper of the analysis page: created on mount, updated on
 * prop change, destroyed on unmount.
 */
export function DateTimePicker({ label, value, maxDate, onChange }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<Instance | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const latestValue = useRef(value);
  latestValue.current = value;

  useEffect(() => {
    if (!input.current) return;
    const instance = flatpickr(input.current, {
      ...(French.fr ? { locale: French.fr } : {}),
      enableTime: true,
      time_24hr: true,
      dateFormat: t('analysis.period.pickerFormat'),
      minDate: MINIMUM,
      allowInput: false,
      disableMobile: true,
      monthSelectorType: 'static',
      onDayCreate: (_dates, _text, _instance, day: HTMLElement & { dateObj?: Date }) => {
        const release = day.dateObj ? RELEASES.find((item) => sameDay(item.date, day.dateObj as Date)) : undefined;
        if (!release) return;
        day.classList.add('an-release-day');
        day.title = releaseTitle(release);
        day.setAttribute('aria-label', `${day.getAttribute('aria-label') ?? ''}, ${releaseTitle(release)}`);
      },
      onChange: ([date], _text, self) => {
        if (date) latestOnChange.current(date);
        // Never empty: a date flatpickr refused (past the maximum) leaves the value as it was.
        else self.setDate(latestValue.current, false);
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
    instance.set('maxDate', maxDate);
    const shown = instance.selectedDates[0];
    if (!shown || shown.getTime() !== value.getTime()) instance.setDate(value, false);
  }, [value, maxDate]);

  return (
    <div className="an-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={input} className="an-input" readOnly />
    </div>
  );
}
