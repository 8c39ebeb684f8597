import { FAQ_PATH } from '../../contracts/faq-base.ts';
import { STATS_ORIGIN, sendRequest } from './http.ts';

/** The FAQ assistant is a route of the statistics service (spec 2 §6), on its origin when configured. */
const FAQ_URL = `${STATS_ORIGIN}${FAQ_PATH}`;

/**
 * A question (POST) or a vote (PATCH) to the FAQ assistant: the status and the JSON body, read by
 * `islands/faq/faq-answer.ts`. Rejects when no answer came (network, 20 s timeout).
 */
export async function faqRequest(method: 'POST' | 'PATCH', body: unknown): Promise<{ status: number; json: unknown }> {
  const answer = await sendRequest(FAQ_URL, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    timeoutMs: 20_000,
  });
  if (!answer.answered) throw new Error('The FAQ assistant did not answer');
  return { status: answer.status, json: answer.body };
}
