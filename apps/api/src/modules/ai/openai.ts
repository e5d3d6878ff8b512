import { TextProviderError, type GenerateRequest, type TextProvider } from './provider';

export type OpenAiCompatibleOptions = { baseUrl: string; apiKey: string | null; model: string; fetch?: typeof fetch };

type ChatCompletion = { choices?: Array<{ message?: { content?: string | null } }>; error?: { message?: string } };

/**
 * OpenAI-compatible chat completions over HTTP: POST {base}/chat/completions with a system and a user
 * message. Works with OpenAI and with local servers (llama.cpp, vLLM, Ollama's /v1) alike.
 */
export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): TextProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'openai',
    async generate(req: GenerateRequest): Promise<string> {
      const timeout = AbortSignal.timeout(req.timeoutMs);
      const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
      let res: Response;
      let body: ChatCompletion | null;
      try {
        res = await doFetch(`${options.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            messages: [
              { role: 'system', content: req.system },
              { role: 'user', content: req.prompt },
            ],
            max_tokens: req.maxTokens,
            temperature: req.temperature ?? 0.7,
          }),
          signal,
        });
        const raw = await res.text();
        try {
          body = raw ? (JSON.parse(raw) as ChatCompletion) : null;
        } catch {
          body = null;
        }
      } catch (err) {
        if (timeout.aborted) throw new TextProviderError(`The AI text provider did not answer within ${req.timeoutMs / 1000} s`, 504);
        throw new TextProviderError(`The AI text provider could not be reached (${(err as Error).message})`, 502);
      }
      if (!res.ok) {
        const detail = body?.error?.message ? `: ${body.error.message}` : '';
        throw new TextProviderError(`The AI text provider failed with HTTP ${res.status}${detail}`, 502);
      }
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new TextProviderError('The AI text provider returned no text', 502);
      return content.trim();
    },
  };
}
