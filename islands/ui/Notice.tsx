import type { ReactNode } from 'react';

/**
 * A message in the flow of the page: `error` is announced at once (role alert), `info` politely.
 * The optional code (spec 1 §8: 562321E, 6548…) is what support asks for; it carries no personal data.
 */
export function Notice({
  tone,
  children,
  code,
  codeLabel,
  id,
}: {
  tone: 'error' | 'info' | 'success';
  children: ReactNode;
  code?: string;
  /** Translated "Code erreur : {{code}}" with the code filled in. */
  codeLabel?: string;
  id?: string;
}) {
  return (
    <div id={id} className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="notice__body">{children}</div>
      {code && codeLabel ? <p className="notice__code">{codeLabel}</p> : null}
    </div>
  );
}

/** A spinner for a wait the visitor should see; its label is read by screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** What a step shows until it has read the draft from this browser (reserves the step's height). */
export function StepPlaceholder({ label }: { label: string }) {
  return (
    <div className="step-placeholder" aria-busy="true">
      <Spinner label={label} />
    </div>
  );
}
