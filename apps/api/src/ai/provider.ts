import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Env } from '../env.ts';
import { notConfiguredError } from './errors.ts';

/** Each call to the provider is capped (design.md "AI"); a retry gets its own 30 s. */
export const AI_CALL_TIMEOUT_MS = 30_000;

export interface ConfiguredAi {
  configured: true;
  model: LanguageModel;
  modelId: string;
  /** Ask for JSON-schema output (`response_format: json_schema`), or describe it in the prompt. */
  structuredOutputs: boolean;
  timeoutMs: number;
}

export interface UnconfiguredAi {
  configured: false;
  /** Which setting is missing, for the start-up log. Users see AI_TEXT.notConfigured. */
  reason: string;
}

/** The AI provider every AI call goes through, or why there is none. */
export type AiProvider = ConfiguredAi | UnconfiguredAi;

export type AiEnv = Partial<Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>> &
  Pick<Env, 'AI_STRUCTURED_OUTPUTS'>;

export interface AiProviderOptions {
  /** Per-call cap; tests shorten it so a timeout test does not wait 30 s. */
  timeoutMs?: number;
  /** The HTTP client, for tests that want to watch the wire. */
  fetch?: typeof globalThis.fetch;
}

/**
 * Builds the model from AI_BASE_URL, AI_API_KEY (optional: local servers need none), AI_MODEL and
 * AI_STRUCTURED_OUTPUTS. One code path for OpenAI, Ollama, LM Studio, vLLM and OpenRouter: all of
 * them speak OpenAI's chat completions API.
 */
export function createAiProvider(env: AiEnv, options: AiProviderOptions = {}): AiProvider {
  const missing = [
    env.AI_BASE_URL ? undefined : 'AI_BASE_URL',
    env.AI_MODEL ? undefined : 'AI_MODEL',
  ].filter((name) => name !== undefined);
  if (!env.AI_BASE_URL || !env.AI_MODEL)
    return { configured: false, reason: `${missing.join(' and ')} not set` };

  const provider = createOpenAICompatible({
    name: 'ai',
    baseURL: env.AI_BASE_URL.replace(/\/+$/, ''),
    ...(env.AI_API_KEY ? { apiKey: env.AI_API_KEY } : {}),
    supportsStructuredOutputs: env.AI_STRUCTURED_OUTPUTS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    configured: true,
    model: provider.chatModel(env.AI_MODEL),
    modelId: env.AI_MODEL,
    structuredOutputs: env.AI_STRUCTURED_OUTPUTS,
    timeoutMs: options.timeoutMs ?? AI_CALL_TIMEOUT_MS,
  };
}

/** The configured provider, or the typed 'AI is not configured on this server' error. */
export function requireAi(ai: AiProvider): ConfiguredAi {
  if (!ai.configured) throw notConfiguredError();
  return ai;
}
