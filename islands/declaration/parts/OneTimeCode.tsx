import { useEffect, useId, useState } from 'react';
import type { IslandTranslator } from '../../lib/translate.ts';
import { Notice, Spinner } from '../../ui/Notice.tsx';
import { askedCodeOf, forgetAskedCode, rememberAskedCode } from '../logic/asked-code.ts';

/** What asking or checking a code came to: done, or the message to show (the server's, translated). */
export type CodeStepResult = { ok: true; message?: string | undefined } | { ok: false; message: string };

/**
 * A one-time code, asked then typed: an offer with its button; once asked, the
 * server's "sent to m•••@example.org" and a six-digit field with its check button and a resend
 * link. The owner decides what the code opens (the holder's details, a group member's address).
 * A code asked in this tab for the same `askedFor` and still usable shows its field after a reload.
 */
export function OneTimeCode({
  t,
  offer,
  askLabel,
  done,
  onAsk,
  onVerify,
  idPrefix,
  askedFor,
}: {
  t: IslandTranslator;
  /** The offer, before a code is asked. */
  offer: string;
  askLabel: string;
  /** Shown once the right code was typed; undefined while not. */
  done: string | undefined;
  onAsk: () => Promise<CodeStepResult>;
  onVerify: (code: string) => Promise<CodeStepResult>;
  idPrefix: string;
  /** What the code is asked for (a subscription, a typed address). Example: "SO-0000001:1001". */
  askedFor: string;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const fieldId = `${idPrefix}-code`;
  const errorId = `${fieldId}-error`;

  // Read after hydration: the server render knows nothing of this tab.
  useEffect(() => {
    const kept = askedCodeOf(idPrefix, askedFor);
    if (kept !== undefined) setSent(kept);
  }, [idPrefix, askedFor]);

  if (done !== undefined)
    return (
      <Notice tone="success" id={`${idPrefix}-done`}>
        {done}
      </Notice>
    );

  async function ask(): Promise<void> {
    setBusy(true);
    setProblem(null);
    const result = await onAsk();
    setBusy(false);
    if (result.ok) {
      setSent(result.message ?? '');
      setCode('');
      rememberAskedCode(idPrefix, askedFor, result.message ?? '');
    } else setProblem(result.message);
  }

  async function verify(): Promise<void> {
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setProblem(t('wizard.identityCode.codeInvalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await onVerify(typed);
    setBusy(false);
    if (result.ok) forgetAskedCode(idPrefix);
    else setProblem(result.message);
  }

  return (
    <div className="card one-time-code" data-testid={`${idPrefix}-box`}>
      {sent === null ? (
        <>
          <p className="one-time-code__offer">{offer}</p>
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="button" className="button button--secondary" onClick={() => void ask()} disabled={busy}>
            {busy ? <Spinner label={t('wizard.common.loading')} /> : null}
            {askLabel}
          </button>
        </>
      ) : (
        <>
          {sent ? <p className="one-time-code__sent">{sent}</p> : null}
          <div className={`field${problem ? ' field--error' : ''}`}>
            <label className="field__label" htmlFor={fieldId}>
              {t('wizard.identityCode.codeLabel')}
            </label>
            <p className="field__hint" id={hintId}>
              {t('wizard.identityCode.codeHint')}
            </p>
            {problem ? (
              <p className="field__error" id={errorId} role="alert">
                {problem}
              </p>
            ) : null}
            <input
              id={fieldId}
              className="field__input one-time-code__input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, ''))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void verify();
                }
              }}
            />
          </div>
          <div className="one-time-code__actions">
            <button type="button" className="button button--primary" onClick={() => void verify()} disabled={busy}>
              {busy ? <Spinner label={t('wizard.common.loading')} /> : null}
              {t('wizard.identityCode.verify')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void ask()} disabled={busy}>
              {t('wizard.identityCode.resend')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
