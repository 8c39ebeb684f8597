import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import type { IslandTranslator } from '../lib/translate.ts';

/** The disclaimer, once accepted, is not asked again in this tab. */
export const ACCEPTED_KEY = 'portal.faq.accepted';

/** Whether the disclaimer was accepted earlier in this tab. */
export function readAccepted(): boolean {
  try {
    return sessionStorage.getItem(ACCEPTED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * What the visitor accepts before asking (over 16, no personal or sensitive data): a box to tick,
 * required; once accepted it is remembered for the tab.
 */
export function FaqDisclaimer({
  t,
  onAccepted,
  formRef,
}: {
  t: IslandTranslator;
  onAccepted: () => void;
  /** The form, for what the visitor did before the island ran (`useTypedBeforeHydration`). */
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const [ticked, setTicked] = useState(false);
  const [disclaimerError, setDisclaimerError] = useState(false);
  const tickRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  function accept(event: FormEvent) {
    event.preventDefault();
    if (!ticked) {
      setDisclaimerError(true);
      tickRef.current?.focus();
      return;
    }
    try {
      sessionStorage.setItem(ACCEPTED_KEY, '1');
    } catch {
      // Asked again on the next page load.
    }
    onAccepted();
  }

  return (
    <form ref={formRef} className="faq-disclaimer" onSubmit={accept} noValidate>
      <p>{t('faq.disclaimer.text')}</p>
      <div className="faq-disclaimer__accept">
        <input
          ref={tickRef}
          id={`${ids}-accept`}
          type="checkbox"
          checked={ticked}
          aria-invalid={disclaimerError || undefined}
          aria-describedby={disclaimerError ? `${ids}-accept-error` : undefined}
          onChange={(event) => {
            setTicked(event.target.checked);
            if (event.target.checked) setDisclaimerError(false);
          }}
        />
        <label htmlFor={`${ids}-accept`}>{t('faq.disclaimer.accept')}</label>
      </div>
      {disclaimerError && (
        <p id={`${ids}-accept-error`} className="field__error">
          {t('faq.disclaimer.required')}
        </p>
      )}
      <button type="submit" className="button button--primary">
        {t('faq.disclaimer.start')}
      </button>
    </form>
  );
}
