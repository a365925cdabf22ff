import { generateChecked, type GenerateCheckedOptions } from './generate-object.ts';
import { requireAi, type AiProvider } from './provider.ts';

/** What a feature's AI call takes from its request: the provider, its signal and the quota. */
export interface AiCallDeps {
  ai: AiProvider;
  /** The request's signal, so a client that goes away stops the call. */
  abortSignal?: AbortSignal;
  /** Counts each provider call against the learner's quota (`dailyAiQuota`). */
  countCall?: () => Promise<void>;
}

/** What a feature writes of its call: the prompt, what is asked for and accepted, the failure text. */
export type AiTask<T> = Pick<
  GenerateCheckedOptions<T>,
  'system' | 'prompt' | 'schema' | 'schemaName' | 'check' | 'failedMessage'
>;

/**
 * A feature's checked AI call (`generateChecked`) on the configured provider, with its model,
 * structured outputs and timeout, and the request's signal and quota; without a provider, the
 * typed 'AI is not configured on this server' error before anything is called.
 */
export function generateWithAi<T>(deps: AiCallDeps, task: AiTask<T>): Promise<T> {
  const ai = requireAi(deps.ai);
  return generateChecked({
    ...task,
    model: ai.model,
    structuredOutputs: ai.structuredOutputs,
    timeoutMs: ai.timeoutMs,
    ...(deps.abortSignal ? { abortSignal: deps.abortSignal } : {}),
    ...(deps.countCall ? { countCall: deps.countCall } : {}),
  });
}
