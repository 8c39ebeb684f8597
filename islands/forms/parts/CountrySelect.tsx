import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/languages.ts';
import { partnerApi } from '../../api/lazy-partner-api.ts';
import { Field } from '../../declaration/parts/Field.tsx';
import { describedField } from '../../declaration/parts/field.ts';
import { Notice } from '../../declaration/parts/Notice.tsx';
import { reportError } from '../../lib/report-error.ts';
import type { IslandTranslator } from '../../lib/translate.ts';

type Country = { id: number; nom: string };

/**
 * A country field whose list comes from `pays` in the page's language, after the form shows
 * (as step 4 of the declaration). Controlled: a value restored before the list arrives stays
 * chosen, shown meanwhile as a provisional option.
 */
export function CountrySelect({
  id,
  name,
  value,
  onChange,
  onBlur,
  selectRef,
  lang,
  t,
  error,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  selectRef: (element: HTMLSelectElement | null) => void;
  lang: Language;
  t: IslandTranslator;
  error: string | undefined;
}) {
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's counter: each click fetches again
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const { listCountries } = await partnerApi();
      const result = await listCountries(lang);
      if (cancelled) return;
      if (result.ok) {
        setCountries(result.data.data);
        setFailed(null);
      } else {
        const code = result.kind === 'http' ? '562335E' : '562336E';
        reportError(code);
        setFailed(code);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [lang, attempt]);

  return (
    <Field id={id} label={t('forms.field.country')} error={error}>
      <select
        name={name}
        ref={selectRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...describedField(id, { error })}
        className="field__input field__select"
        autoComplete="country-name"
        required
        aria-busy={countries === null && failed === null}
      >
        <option value="">{t('forms.field.countryChoose')}</option>
        {(countries ?? []).map((item) => (
          <option key={item.id} value={String(item.id)}>
            {item.nom}
          </option>
        ))}
        {countries === null && value !== '' ? <option value={value}>…</option> : null}
      </select>
      {failed ? (
        <Notice tone="error" code={failed} codeLabel={t('wizard.common.errorCode', { code: failed })}>
          {t('forms.field.countryFailed')}{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((count) => count + 1)}>
            {t('wizard.common.retry')}
          </button>
        </Notice>
      ) : null}
    </Field>
  );
}
