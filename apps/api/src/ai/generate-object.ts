import type { CheckResult } from '@verba/shared';
import {
  generateText,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  type LanguageModel,
  type ModelMessage,
} from 'ai';
import { z } from 'zod';
import { AiError, toAiError } from './errors.ts';
import { AI_CALL_TIMEOUT_MS } from './provider.ts';

export interface GenerateCheckedOptions<T> {
  model: LanguageModel;
  system: string;
  /** The user message. Any learner text in it must already be capped and delimited. */
  prompt: string;
  /** What the model is asked for: sent as the JSON schema, or described in the system prompt. */
  schema: z.ZodType;
  /** Name of the JSON schema in the request (OpenAI requires one). */
  schemaName: string;
  /** What is accepted: the parsed JSON in, the checked value or the reasons out. */
  check: (value: unknown) => CheckResult<T>;
  /** On: `response_format: json_schema`. Off: the schema is described in the system prompt. */
  structuredOutputs: boolean;
  /** Cap on each call to the provider (the retry gets a fresh one). Default 30 s. */
  timeoutMs?: number;
  /** The request's own signal, e.g. the client went away. */
  abortSignal?: AbortSignal;
  /** The feature's "anything else" text, e.g. 'Failed to generate word data'. */
  failedMessage: string;
  /** Counts each call to the provider, the retry included, against a quota; throwing stops it. */
  countCall?: () => Promise<void>;
}

type Answer =
  { text: string; parsed: true; value: unknown } | { text: string; parsed: false; issue: string };

/**
 * Retries the SDK makes by itself on 429, 5xx and network errors, waiting 2 s, 4 s… or the
 * provider's Retry-After (up to a minute). None: a learner is waiting on the request, a 429 is
 * better answered at once with 'Rate limit reached', and each retry would spend the operator's
 * provider quota. The one retry we make is for an invalid answer, with its validation errors.
 */
const SDK_RETRIES = 0;

/**
 * One model answer, typed and checked. Asks for `schema`, parses the answer as JSON (tolerating
 * code fences, surrounding prose and <think> blocks when structured outputs are off or ignored),
 * and runs `check`. An invalid answer is sent back once with what was wrong; a second invalid
 * answer throws AiError('invalid_output'). Provider failures throw the AiError they map to.
 */
export async function generateChecked<T>(options: GenerateCheckedOptions<T>): Promise<T> {
  const system = options.structuredOutputs
    ? options.system
    : `${options.system}\n\n${describeJsonAnswer(options.schema)}`;
  const messages: ModelMessage[] = [{ role: 'user', content: options.prompt }];

  let issues: string[] = [];
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await options.countCall?.();
    const answer = await callOnce(options, system, messages);
    const result: CheckResult<T> = answer.parsed
      ? options.check(answer.value)
      : { ok: false, issues: [answer.issue] };
    if (result.ok) return result.value;
    issues = result.issues;
    messages.push(
      { role: 'assistant', content: answer.text.trim() === '' ? '(empty answer)' : answer.text },
      { role: 'user', content: correctionPrompt(issues) },
    );
  }
  throw new AiError('invalid_output', options.failedMessage, { issues });
}

async function callOnce<T>(
  options: GenerateCheckedOptions<T>,
  system: string,
  messages: ModelMessage[],
): Promise<Answer> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? AI_CALL_TIMEOUT_MS);
  const abortSignal = options.abortSignal
    ? AbortSignal.any([options.abortSignal, timeout])
    : timeout;
  const common = {
    model: options.model,
    system,
    messages: [...messages],
    maxRetries: SDK_RETRIES,
    abortSignal,
  };
  try {
    if (!options.structuredOutputs) {
      const result = await generateText(common);
      return parseJsonAnswer(result.text);
    }
    const result = await generateText({
      ...common,
      output: Output.object({ schema: options.schema, name: options.schemaName }),
    });
    try {
      return { text: result.text, parsed: true, value: result.output };
    } catch (error) {
      if (NoOutputGeneratedError.isInstance(error)) return parseJsonAnswer(result.text);
      throw error;
    }
  } catch (error) {
    // The SDK's own parse or schema check failed: ours is more tolerant (fences, unknown themes)
    // and gives the reasons the retry needs.
    if (NoObjectGeneratedError.isInstance(error)) return parseJsonAnswer(error.text ?? '');
    throw toAiError(error, {
      timedOut: timeout.aborted && !options.abortSignal?.aborted,
      failedMessage: options.failedMessage,
    });
  }
}

/** The JSON object in a model's text: bare, in a ```json fence, or amid prose. */
export function parseJsonAnswer(text: string): Answer {
  const withoutThinking = text.replace(/<think>[\s\S]*?<\/think>/g, '');
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(withoutThinking)?.[1];
  const candidate = (fenced ?? withoutThinking).trim();
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (candidate === '') return { text, parsed: false, issue: 'the answer was empty' };
  for (const json of [
    candidate,
    start >= 0 && end > start ? candidate.slice(start, end + 1) : '',
  ]) {
    if (json === '') continue;
    try {
      return { text, parsed: true, value: JSON.parse(json) as unknown };
    } catch {
      // try the next candidate
    }
  }
  return { text, parsed: false, issue: 'the answer was not valid JSON' };
}

/** The system prompt's description of the answer when the server cannot take a JSON schema. */
export function describeJsonAnswer(schema: z.ZodType): string {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
  });
  return [
    'Answer with one JSON object and nothing else: no explanations, no Markdown, no code fences.',
    'Every property is required; use null where the schema allows it and nothing applies.',
    `The object must match this JSON schema: ${JSON.stringify(jsonSchema)}`,
  ].join('\n');
}

function correctionPrompt(issues: string[]): string {
  return [
    'That answer was not valid:',
    ...issues.map((issue) => `- ${issue}`),
    'Answer again with the complete, corrected JSON object.',
  ].join('\n');
}
