import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { formatDayInFull, ISO_DAY, NOT_A_DATE } from '../../contracts/dates.ts';
import type { Language } from '../../contracts/languages.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { DateInput } from './DateInput.tsx';
import { Field } from './Field.tsx';
import { describedField } from './field.ts';

/**
 * A date field of a react-hook-form form: its label, the page language's date format as hint and
 * placeholder, its error, the day it holds written in full (its note), and a DateInput bound to
 * `name`. A date that cannot be read is kept as NOT_A_DATE, so that the form's schema calls it
 * invalid. `onDate` hears each change after the form has it (the new ISO date, '' when emptied,
 * null when unreadable): to save a draft, or to check the fields that depend on it.
 */
export function DateField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  error,
  lang,
  t,
  maxDate,
  onDate,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  error: string | undefined;
  lang: Language;
  t: IslandTranslator;
  maxDate?: string;
  onDate?: (iso: string | null) => void;
}) {
  const format = t('wizard.common.date.format');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field
          id={id}
          label={label}
          hint={t('wizard.common.date.hint', { format })}
          error={error}
          note={readAs(field.value, lang, t)}
          className="field--date"
        >
          <DateInput
            {...describedField(id, { error, hint: true, note: true })}
            ref={field.ref}
            name={field.name}
            lang={lang}
            value={field.value}
            maxDate={maxDate}
            placeholder={format}
            labels={{
              previousMonth: t('wizard.common.date.previousMonth'),
              nextMonth: t('wizard.common.date.nextMonth'),
            }}
            onBlur={field.onBlur}
            onChange={(iso) => {
              field.onChange(iso ?? NOT_A_DATE);
              onDate?.(iso);
            }}
          />
        </Field>
      )}
    />
  );
}

/**
 * The day the field holds, written in full ("Soit le 7 octobre 2026."), '' while it holds none: a
 * day and month typed the other way round, or a wrong year, shows before the form is sent (the
 * English format is month first, which a European visitor may not expect).
 */
function readAs(value: unknown, lang: Language, t: IslandTranslator): string {
  return typeof value === 'string' && ISO_DAY.test(value)
    ? t('wizard.common.date.readAs', { date: formatDayInFull(value, lang) })
    : '';
}
