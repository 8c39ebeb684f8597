import { escapeHtml } from '../../contracts/html.ts';
import type { Language } from '../../contracts/languages.ts';
import { completeChat, type ModelSettings } from '../language-model.ts';

/**
 * An answer from the language model (server/language-model.ts), grounded only on the passages retrieval found. Answers undefined
 * when the model fails, is slow, or says it cannot answer from them: the caller then answers by
 * retrieval. The question reaches the model only once it has been checked for personal data.
 */

const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'French',
  en: 'English',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pl: 'Polish',
  da: 'Danish',
  pt: 'Portuguese',
};

/** What the model writes when the passages do not answer the question. */
const MODEL_NO_ANSWER = 'NO_ANSWER';

export async function askModel(
  settings: ModelSettings,
  question: string,
  language: Language,
  passages: readonly { title: string; text: string }[],
): Promise<string | undefined> {
  if (passages.length === 0) return undefined;
  const context = passages.map((passage, index) => `[${index + 1}] ${passage.title}\n${passage.text}`).join('\n\n');
  const answer = await completeChat(settings, {
    system: `You answer customers of an insurance claim portal. Answer ONLY from the numbered passages below, in ${LANGUAGE_NAMES[language]}, in at most 5 short sentences, plain text. Never ask for or mention personal data. If the passages do not answer the question, reply exactly ${MODEL_NO_ANSWER}.\n\n${context}`,
    question,
    maxTokens: 400,
  });
  return answer === undefined || answer.includes(MODEL_NO_ANSWER) ? undefined : answer;
}

/** Plain text as HTML paragraphs, every character escaped. */
export function paragraphsOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('');
}
