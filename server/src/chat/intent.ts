import { intentResponseSchema, type IntentResponse } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { modelBoolean, readModelJson } from '../inference/model-json';
import type { ModelProvider } from '../inference/model-provider';
import { UpstreamError, isAbortError } from '../inference/upstream';

export const INTENT_SYSTEM_PROMPT = [
  "Classify the user's latest message to a chat assistant. Several flags may be true.",
  '- greeting: the message greets, thanks or says goodbye.',
  '- chitchat: small talk that asks for no information or work.',
  '- question: the message asks for information or for a task to be done.',
  "- clarification: the message follows up on, corrects or clarifies the assistant's previous answer.",
  '- unclear: what the user wants cannot be told from the message.',
  '- summary: the message asks for a summary of a text or of the conversation.',
  'Answer with JSON only: {"greeting":bool,"chitchat":bool,"question":bool,"clarification":bool,"unclear":bool,"summary":bool}',
].join('\n');

const FLAGS = ['greeting', 'chitchat', 'question', 'clarification', 'unclear', 'summary'] as const;

const JSON_SCHEMA = {
  name: 'intent',
  schema: {
    type: 'object',
    properties: Object.fromEntries(FLAGS.map((flag) => [flag, { type: 'boolean' }])),
    required: [...FLAGS],
    additionalProperties: false,
  },
};

const flag = () => modelBoolean().optional();

/**
 * The classifier's flags as small models write them ("true" as a string, extra fields, a flag left
 * out): a flag left out is not set, but an answer must name at least one flag to count.
 */
export const intentAnswerSchema = z
  .object({ greeting: flag(), chitchat: flag(), question: flag(), clarification: flag(), unclear: flag(), summary: flag() })
  .refine((flags) => FLAGS.some((name) => flags[name] !== undefined), { message: 'no intent flag' })
  .transform((flags): IntentResponse => intentResponseSchema.parse(Object.fromEntries(FLAGS.map((name) => [name, flags[name] ?? false]))));

/** Longest excerpt of the previous answer given to the classifier, in characters. */
const PREVIOUS_ANSWER_EXCERPT = 1_000;
/** The classification is a small call: it gets at most this long, whatever REQUEST_TIMEOUT_SECONDS is. */
const INTENT_TIMEOUT_MS = 20_000;

/**
 * How the model reads the user's message: one small completion with structured output (JSON
 * schema), validated with the contract's schema. Answers undefined (logged) when the model fails
 * or answers something else; the flags are never made up.
 */
export async function classifyIntent(
  models: ModelProvider,
  request: { model: string; question: string; previousAnswer?: string | undefined; signal?: AbortSignal },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<IntentResponse | undefined> {
  const context = request.previousAnswer
    ? `The assistant's previous answer (excerpt):\n${request.previousAnswer.slice(0, PREVIOUS_ANSWER_EXCERPT)}\n\nThe user's latest message:\n`
    : '';
  const call = (structured: boolean) =>
    models.complete({
      model: request.model,
      messages: [
        { role: 'system', content: INTENT_SYSTEM_PROMPT },
        { role: 'user', content: `${context}${request.question}` },
      ],
      temperature: 0,
      maxTokens: 200,
      timeoutMs: INTENT_TIMEOUT_MS,
      ...(structured ? { jsonSchema: JSON_SCHEMA } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  try {
    let text: string;
    try {
      text = await call(true);
    } catch (error) {
      // An endpoint without structured output refuses response_format: the prompt asks for JSON anyway.
      if (!(error instanceof UpstreamError && error.status === 400)) throw error;
      text = await call(false);
    }
    const read = readModelJson(text, () => intentAnswerSchema);
    if (read.ok) return read.value;
    // The model's answer may quote the user's message: only its length and the reason are logged.
    log.warn({ answerLength: text.length, problem: read.problem }, 'chat: the intent answer is not the expected JSON; no intent event');
    return undefined;
  } catch (error) {
    if (!isAbortError(error)) log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'chat: intent classification failed; no intent event');
    return undefined;
  }
}
