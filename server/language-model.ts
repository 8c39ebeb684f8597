/**
 * The one client of a language model: any OpenAI-compatible chat completions API (`LLM_BASE_URL`,
 * `LLM_MODEL`, `LLM_API_KEY`, server/config.ts). The FAQ assistant asks it for an answer grounded
 * on its passages, the question box for SQL. Every failure (refused, slow, unreachable, an answer
 * without text) is undefined: each caller has its own way to answer without the model.
 */

export interface ModelSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

export interface ChatRequest {
  /** The instructions, sent as the system message. */
  system: string;
  /** What the visitor or staff member asked, sent as the user message. */
  question: string;
  /** A cap on the answer's length, in tokens; none when omitted. */
  maxTokens?: number;
}

/** The model's text answer (trimmed, at most 4,000 characters), or undefined. Temperature 0. */
export async function completeChat(settings: ModelSettings, request: ChatRequest): Promise<string | undefined> {
  try {
    const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0,
        ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.question },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) return undefined;
    const answer = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = answer.choices?.[0]?.message?.content;
    if (typeof text !== 'string') return undefined;
    const trimmed = text.trim();
    return trimmed === '' ? undefined : trimmed.slice(0, 4_000);
  } catch {
    return undefined;
  }
}
