import { type ReactNode, useId } from 'react';
import { t } from '../lib/texts.ts';
import type { BlockState } from './use-statistic.ts';

interface Props<T> {
  title: string;
  state: BlockState<T>;
  /** Extra classes of the card. */
  className?: string;
  /** Controls shown in the card's head whatever the state (the reference-page selector). */
  tools?: ReactNode;
  /** What the statistic counts, said under the title whatever the state (and describing the card). */
  help?: string;
  /** Shown once the statistic has loaded. */
  children: (data: T) => ReactNode;
}

/**
 * A statistic block: its title, then what its state shows (spec 3 §4 and §8): a hint while idle,
 * a spinner while loading, the figures, or 'Erreur'.
 */
export function StatisticCard<T>({ title, state, className, tools, help, children }: Props<T>) {
  const titleId = useId();
  const helpId = useId();
  return (
    <section
      className={`an-card${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={help === undefined ? undefined : helpId}
      aria-busy={state.status === 'loading'}
      data-state={state.status}
    >
      <div className="an-card__head">
        <h2 className="an-card__title" id={titleId}>
          {title}
        </h2>
        {tools}
      </div>
      {help !== undefined && (
        <p className="an-help" id={helpId}>
          {help}
        </p>
      )}
      {state.status === 'idle' && <p className="an-idle">{t('analysis.idle')}</p>}
      {state.status === 'loading' && (
        <div className="an-loading">
          <span className="an-spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {state.status === 'error' && (
        <p className="an-error" role="alert">
          {t('common.error')}
        </p>
      )}
      {state.status === 'loaded' && children(state.data)}
    </section>
  );
}

/** A small horizontal bar for a percentage (decorative: the figure is written beside it). */
export function PercentBar({ value, tone = 'blue' }: { value: number; tone?: 'blue' | 'green' | 'red' | 'grey' }) {
  return (
    <span className={`an-bar an-bar--${tone}`} aria-hidden="true">
      <span style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
    </span>
  );
}
