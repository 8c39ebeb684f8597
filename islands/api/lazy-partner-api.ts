import { nextTask } from '../lib/next-task.ts';

/**
 * The partner API client, loaded on first use. The client parses every answer with the schemas of
 * `contracts/`, whose construction is real work for a phone: a step renders from the draft first
 * and pays for the schemas in a task of their own, when it first calls the API.
 *
 * The load starts in a task of its own too: a step asks for its data in an effect, which React runs
 * inside the commit of its first render, and starting the import there adds the module preloads
 * of the client (a link each, 2 ms apiece at Lighthouse's 4× slowdown) to that task, the longest of
 * the page. Every caller shares the one load; a failed one is tried again by the next caller.
 */
let loading: Promise<typeof import('./partner-api.ts')> | undefined;

export function partnerApi(): Promise<typeof import('./partner-api.ts')> {
  loading ??= nextTask()
    .then(() => import('./partner-api.ts'))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
