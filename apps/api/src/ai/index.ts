// The one module every AI call goes through (design.md "AI").
export { generateWithAi, type AiCallDeps, type AiTask } from './ai-call.ts';
export { AiError, notConfiguredError, toAiError, type AiErrorKind } from './errors.ts';
export { dailyAiQuota, dailyAiQuotaKey } from './daily-quota.ts';
export { generateChecked, type GenerateCheckedOptions } from './generate-object.ts';
export {
  AI_CALL_TIMEOUT_MS,
  createAiProvider,
  requireAi,
  type AiEnv,
  type AiProvider,
  type AiProviderOptions,
  type ConfiguredAi,
  type UnconfiguredAi,
} from './provider.ts';
export {
  buildWordCardPrompt,
  delimitWord,
  generateWordCard,
  type WordCardDeps,
  type WordCardRequest,
} from './word-card.prompt.ts';
