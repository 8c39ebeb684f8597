import type { IslandTranslator } from '../lib/translate.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';

/**
 * The end of a customer form: why the last send failed, with the word that everything typed is
 * kept for another try, then the send button, marked busy (not disabled, so that it keeps the
 * focus) while the form is sent.
 */
export function SendActions({
  failure,
  failureId,
  busy,
  label,
  t,
}: {
  /** The message of the last failed send, or undefined. */
  failure: string | undefined;
  failureId: string;
  busy: boolean;
  label: string;
  t: IslandTranslator;
}) {
  return (
    <>
      {failure === undefined ? null : (
        <Notice tone="error" id={failureId}>
          <p>{failure}</p>
          <p>{t('forms.kept')}</p>
        </Notice>
      )}
      <div className="form-card__actions">
        <button type="submit" className="button button--primary button--large" aria-disabled={busy || undefined}>
          {busy ? <Spinner label={t('forms.sending')} /> : null}
          {label}
        </button>
      </div>
    </>
  );
}
