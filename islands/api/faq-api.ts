import { FAQ_PATH } from '../../contracts/faq-base.ts';

/** The FAQ assistant is a route of the statistics service (spec 2 §6), on its origin when configured. */
const STATS_ORIGIN: string = import.meta.env.PUBLIC_STATS_URL ?? '';

/**
 * A question (POST) or a vote (PATCH) to the FAQ assistant: the status and the JSON body, read by
 * `islands/faq/faq-answer.ts`. Rejects when no answer came (network, 20 s timeout).
 */
export async function faqRequest(method: 'POST' | 'PATCH', body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${STATS_ORIGIN}${FAQ_PATH}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, json: await response.json().catch(() => undefined) };
}
