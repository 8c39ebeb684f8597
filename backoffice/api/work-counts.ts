import {
  WORK_QUEUE_COUNTS_PATH,
  type WorkQueueCounts,
  WorkQueueCountsAnswerSchema,
} from '../../contracts/backoffice.ts';
import { staffApi } from './client.ts';

/**
 * The counts of the work queue between the parts of a page: the navigation's
 * badges read them, the 'À traiter' view says the figures it has just read (so badge and page agree),
 * and a change made on a claim asks everyone to read them again.
 */

/** A page part read new counts: `detail` holds them. */
const COUNTS_EVENT = 'bo:work-counts';
/** Something that changes the queue was done (a proof validated…): read the counts again. */
const CHANGED_EVENT = 'bo:work-changed';

export async function readWorkCounts(signal?: AbortSignal): Promise<WorkQueueCounts | undefined> {
  const result = await staffApi(WORK_QUEUE_COUNTS_PATH, WorkQueueCountsAnswerSchema, signal ? { signal } : {});
  return result.ok ? result.data.datas : undefined;
}

export function announceWorkCounts(counts: WorkQueueCounts): void {
  window.dispatchEvent(new CustomEvent<WorkQueueCounts>(COUNTS_EVENT, { detail: counts }));
}

export function announceWorkChanged(): void {
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

/** Follows both events; answers the function that stops following. */
export function onWorkCounts(listener: (counts: WorkQueueCounts) => void, changed: () => void): () => void {
  const onCounts = (event: Event) => listener((event as CustomEvent<WorkQueueCounts>).detail);
  window.addEventListener(COUNTS_EVENT, onCounts);
  window.addEventListener(CHANGED_EVENT, changed);
  return () => {
    window.removeEventListener(COUNTS_EVENT, onCounts);
    window.removeEventListener(CHANGED_EVENT, changed);
  };
}
