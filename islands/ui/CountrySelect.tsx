import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '../../contracts/languages.ts';
import type { Country } from '../../contracts/partner-api.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { reportError } from '../api/report-error.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { Field } from './Field.tsx';
import { describedField } from './field.ts';
import { Notice } from './Notice.tsx';

/**
 * A country field whose list comes from `pays` in the page's language (step 4 of the declaration,
 * the complaint form), fetched once the form shows or, with `whenFormUsed`, once the visitor starts
 * on the form (a focus or a touch anywhere in it) or a value is restored: loading the API client and
 * drawing some 250 options then costs nothing while the page loads. Controlled: a value restored
 * before the list arrives stays chosen, shown meanwhile as a provisional option, and stays chosen
 * when the list replaces it. A failed list says so (562335E/562336E) with a retry button.
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
  texts,
  provisionalLabel,
  onCountries,
  whenFormUsed = false,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  selectRef: (element: HTMLSelectElement | null) => void;
  lang: Language;
  /** Translates `wizard.common.errorCode` and `wizard.common.retry`. */
  t: IslandTranslator;
  error: string | undefined;
  /** The field's label, its empty choice and the text of a failed list. */
  texts: { label: string; choose: string; failed: string };
  /** Shown for the provisional option until the list arrives; default "…". */
  provisionalLabel?: string | undefined;
  /** Called with the list once it arrives. */
  onCountries?: ((countries: readonly Country[]) => void) | undefined;
  /** Fetch the list once the visitor starts on the form (or a value is set), not at once. */
  whenFormUsed?: boolean;
}) {
  const [wanted, setWanted] = useState(!whenFormUsed || value !== '');
  const element = useRef<HTMLSelectElement | null>(null);
  const attach = useCallback(
    (select: HTMLSelectElement | null) => {
      element.current = select;
      selectRef(select);
    },
    [selectRef],
  );
  const [countries, setCountries] = useState<readonly Country[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (wanted) return;
    if (value !== '') {
      setWanted(true);
      return;
    }
    const area = element.current?.form ?? element.current;
    if (!area) return;
    // Already there: the visitor typed in the form before its island ran.
    if (area.contains(document.activeElement)) {
      setWanted(true);
      return;
    }
    const start = () => setWanted(true);
    area.addEventListener('focusin', start, { once: true });
    area.addEventListener('pointerdown', start, { once: true });
    return () => {
      area.removeEventListener('focusin', start);
      area.removeEventListener('pointerdown', start);
    };
  }, [wanted, value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's counter: each click fetches again
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    void (async () => {
      const { listCountries } = await partnerApi();
      const result = await listCountries(lang);
      if (cancelled) return;
      if (result.ok) {
        // A list of some 250 options renders in a transition: React yields to the visitor's typing meanwhile.
        startTransition(() => {
          setCountries(result.data.data);
          setFailed(null);
        });
        onCountries?.(result.data.data);
      } else {
        const code = result.kind === 'http' ? '562335E' : '562336E';
        reportError(code);
        setFailed(code);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [lang, attempt, wanted]);

  return (
    <Field id={id} label={texts.label} error={error}>
      <select
        name={name}
        ref={attach}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...describedField(id, { error })}
        className="field__input field__select"
        autoComplete="country-name"
        required
        aria-busy={wanted && countries === null && failed === null}
      >
        <option value="">{texts.choose}</option>
        {(countries ?? []).map((item) => (
          <option key={item.id} value={String(item.id)}>
            {item.nom}
          </option>
        ))}
        {countries === null && value !== '' ? <option value={value}>{provisionalLabel || '…'}</option> : null}
      </select>
      {failed ? (
        <Notice tone="error" code={failed} codeLabel={t('wizard.common.errorCode', { code: failed })}>
          {texts.failed}{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((count) => count + 1)}>
            {t('wizard.common.retry')}
          </button>
        </Notice>
      ) : null}
    </Field>
  );
}
