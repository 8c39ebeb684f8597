import { useCallback, useEffect, useRef, useState } from 'react';
import type { StaffApiResult } from '../api/client.ts';

/** A statistic block's state (spec 3 §4): 0 idle, 1 loading, 2 loaded, 3 error. */
export type BlockState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; data: T }
  | { status: 'error' };

export interface Statistic<T, Argument> {
  state: BlockState<T>;
  /** Loads it; an answer of a load since replaced or reset is dropped. */
  load(argument: Argument): void;
  /** Back to idle (the dates changed). */
  reset(): void;
}

/** One block's call and state. `fetcher` answers through `staffApi` (a 401 leaves for the login page). */
export function useStatistic<T, Argument>(
  fetcher: (argument: Argument, signal: AbortSignal) => Promise<StaffApiResult<T>>,
): Statistic<T, Argument> {
  const [state, setState] = useState<BlockState<T>>({ status: 'idle' });
  const current = useRef<AbortController | undefined>(undefined);
  const latestFetcher = useRef(fetcher);
  latestFetcher.current = fetcher;

  const reset = useCallback(() => {
    current.current?.abort();
    current.current = undefined;
    setState({ status: 'idle' });
  }, []);

  const load = useCallback((argument: Argument) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState({ status: 'loading' });
    latestFetcher
      .current(argument, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(result.ok ? { status: 'loaded', data: result.data } : { status: 'error' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
  }, []);

  useEffect(() => () => current.current?.abort(), []);

  return { state, load, reset };
}
