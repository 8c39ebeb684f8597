import { FAQ_FEEDBACK, type FaqFeedback } from '../../../contracts/faq-base.ts';
import type { FaqAnswer } from '../../../contracts/faq.ts';
import type { Language } from '../../../contracts/languages.ts';

/**
 * The FAQ conversation of a tab as plain data: its turns, how they are kept across a reload
 * (decoded defensively: what the storage holds may be old or edited by hand), and the rating a
 * turn sends (spec 2 §7 `PATCH /faq`).
 */

/** One question asked and where its answer stands. */
export type Turn = {
  id: number;
  question: string;
  state: 'waiting' | 'answered' | 'failed';
  answer?: FaqAnswer;
  /** The answer's HTML, sanitised in the browser too; made again from `answer` after a reload, never stored. */
  html?: string;
  /** What to say instead of the answer; absent: the assistant's usual failure text. */
  failure?: string;
  /** Spec 2 §4 "FAQ feedback": yes 2, no 1; absent until the visitor rates. */
  feedback?: FaqFeedback;
};

/** The most turns a tab keeps: a long conversation keeps its latest ones. */
export const MAX_KEPT_TURNS = 30;

/** The body of `PATCH /faq` rating the answer given to `turn` (spec 2 §7: question and the two counts to add). */
export function voteOf(
  turn: Pick<Turn, 'question'>,
  lang: Language,
  feedback: FaqFeedback,
): { question: string; lang: Language; add_reponse_utile_oui: 0 | 1; add_reponse_utile_non: 0 | 1 } {
  return {
    question: turn.question,
    lang,
    add_reponse_utile_oui: feedback === FAQ_FEEDBACK.yes ? 1 : 0,
    add_reponse_utile_non: feedback === FAQ_FEEDBACK.no ? 1 : 0,
  };
}

/** Whether a turn's answer can be rated: an answer was given (curated or from the documents), not yet rated. */
export function canRate(turn: Turn): boolean {
  return turn.state === 'answered' && turn.answer?.kind === 'answer' && turn.feedback === undefined;
}

/** The turns as kept: no HTML (made again from the answer), the latest MAX_KEPT_TURNS. */
export function encodeTurns(turns: readonly Turn[]): string {
  return JSON.stringify(turns.slice(-MAX_KEPT_TURNS).map(({ html: _html, ...kept }) => kept));
}

const isString = (value: unknown): value is string => typeof value === 'string';

function decodeAnswer(value: unknown): FaqAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const answer = value as Record<string, unknown>;
  const kind = answer.kind;
  if (kind !== 'answer' && kind !== 'no_answer' && kind !== 'personal') return undefined;
  if (!isString(answer.text) || !Array.isArray(answer.sources)) return undefined;
  const sources = answer.sources.filter(
    (source): source is { title: string; document?: unknown; url?: unknown } =>
      typeof source === 'object' && source !== null && isString((source as { title?: unknown }).title),
  );
  return {
    kind,
    text: answer.text,
    sources: sources.map(({ title, document, url }) => ({
      title,
      ...(isString(document) ? { document } : {}),
      ...(isString(url) ? { url } : {}),
    })),
    entryId: typeof answer.entryId === 'number' && Number.isInteger(answer.entryId) ? answer.entryId : null,
    // A conversation kept by an older page may lack it: the answer then shows without "Réponse à".
    matchedQuestion: isString(answer.matchedQuestion) ? answer.matchedQuestion : null,
    origin: answer.origin === 'model' ? 'model' : 'retrieval',
  };
}

/**
 * The turns kept in `text`, or none when it is not what encodeTurns wrote. A turn still waiting
 * when the page was left never gets its answer: it comes back failed, to be asked again.
 */
export function decodeTurns(text: string | null | undefined): Turn[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const turns: Turn[] = [];
  for (const item of parsed.slice(-MAX_KEPT_TURNS)) {
    if (typeof item !== 'object' || item === null) continue;
    const kept = item as Record<string, unknown>;
    if (typeof kept.id !== 'number' || !isString(kept.question) || kept.question.trim() === '') continue;
    const answer = decodeAnswer(kept.answer);
    const feedback =
      kept.feedback === FAQ_FEEDBACK.yes || kept.feedback === FAQ_FEEDBACK.no ? kept.feedback : undefined;
    if (kept.state === 'answered' && answer)
      turns.push({
        id: kept.id,
        question: kept.question,
        state: 'answered',
        answer,
        ...(feedback ? { feedback } : {}),
      });
    else
      turns.push({
        id: kept.id,
        question: kept.question,
        state: 'failed',
        ...(kept.state === 'failed' && isString(kept.failure) ? { failure: kept.failure } : {}),
      });
  }
  return turns;
}
