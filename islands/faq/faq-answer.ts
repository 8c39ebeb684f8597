import { z } from 'zod/mini';
import { type FaqAnswer, FaqAnswerSchema, FaqStatusAnswerSchema } from '../../contracts/faq.ts';

/**
 * What the server answered a question, checked with the contract's schemas: the answer, or the
 * server's message when it has one (a rate limit says how long to wait), or nothing usable. Loaded
 * with the first question, so the page hydrates without zod.
 */
export function readFaqAnswer(
  status: number,
  json: unknown,
): { kind: 'answer'; answer: FaqAnswer } | { kind: 'refused'; message: string | undefined } {
  const parsed = z.safeParse(FaqAnswerSchema, json);
  if (status === 200 && parsed.success) return { kind: 'answer', answer: parsed.data.datas };
  const refusal = z.safeParse(FaqStatusAnswerSchema, json);
  return { kind: 'refused', message: refusal.success ? refusal.data.message : undefined };
}
