import type { Language } from '../../contracts/languages.ts';

/**
 * An answer from a language model through any OpenAI-compatible chat API (`LLM_BASE_URL`,
 * `LLM_MODEL`, `LLM_API_KEY`), grounded only on the passages retrieval found. Answers undefined
 * when the model fails, is slow, or says it cannot answer from them: the caller then answers by
 * retrieval. The question reaches the model only once it has been checked for personal data.
 */

export interface ModelSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

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
export const MODEL_NO_ANSWER = 'NO_ANSWER';

export async function askModel(
  settings: ModelSettings,
  question: string,
  language: Language,
  passages: readonly { title: string; text: string }[],
): Promise<string | undefined> {
  if (passages.length === 0) return undefined;
  const context = passages.map((passage, index) => `[${index + 1}] ${passage.title}\n${passage.text}`).join('\n\n');
  const body = {
    model: settings.model,
    temperature: 0,
    max_tokens: 400,
    messages: [
      {
        role: 'system',
        content: `You answer customers of an insurance claim portal. Answer ONLY from the numbered passages below, in ${LANGUAGE_NAMES[language]}, in at most 5 short sentences, plain text. Never ask for or mention personal data. If the passages do not answer the question, reply exactly ${MODEL_NO_ANSWER}.\n\n${context}`,
      },
      { role: 'user', content: question },
    ],
  };
  try {
    const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) return undefined;
    const answer = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = answer.choices?.[0]?.message?.content;
    if (typeof text !== 'string') return undefined;
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.includes(MODEL_NO_ANSWER)) return undefined;
    return trimmed.slice(0, 4_000);
  } catch {
    return undefined;
  }
}

/** Plain text as HTML paragraphs, every character escaped. */
export function paragraphsOf(text: string): string {
  const escapeHtml = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('');
}
