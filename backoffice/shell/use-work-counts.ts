import { useEffect, useState } from 'react';
import type { WorkQueueCounts } from '../../contracts/backoffice.ts';
import { onWorkCounts, readWorkCounts } from '../api/work-counts.ts';

/** The badges are read again this often while the page is shown (a light poll; counts carry no personal data). */
const POLL_MS = 60_000;

/**
 * The work queue's counts for the navigation: read once signed in (every page
 * load, so every navigation), every minute while the tab is shown, when it is shown again, when a
 * part of the page changes a claim, and taken from the 'À traiter' view when it reads them.
 */
export function useWorkCounts(signedIn: boolean): WorkQueueCounts | undefined {
  const [counts, setCounts] = useState<WorkQueueCounts | undefined>();
  useEffect(() => {
    if (!signedIn) return;
    let controller: AbortController | undefined;
    const read = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      void readWorkCounts(current.signal).then((read) => {
        if (read && !current.signal.aborted) setCounts(read);
      });
    };
    read();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') read();
    }, POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stop = onWorkCounts((announced) => {
      controller?.abort();
      setCounts(announced);
    }, read);
    return () => {
      controller?.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
  }, [signedIn]);
  return counts;
}
