import { Readable } from 'node:stream';
import { STREAM_CONTENT_TYPE, STREAM_ERROR_CODES, type StreamEvent } from '@assistant/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../http/send-error';
import { abortWhenClientLeaves } from '../../inference/client-abort';
import type { ChatMessage, ModelProvider } from '../../inference/model-provider';
import { describeStreamFailure } from '../../inference/public-failure';
import { streamTextAnswer, streamTextLines, type StreamTextAnswerOptions } from '../../inference/stream-text-answer';
import { UpstreamError, isAbortError } from '../../inference/upstream';
import { contextBudget, type ContextBudget, type ContextSettings } from './context-budget';
import { splitText } from './split-text';

/** The prompts of one kind of work over a text that may be longer than the model's context. */
export interface LongTextPrompts {
  /** One call over the whole text (used when it fits). */
  whole(text: string): ChatMessage[];
  /** Part `index` (from 1) of `total`. */
  part(text: string, index: number, total: number): ChatMessage[];
  /**
   * Merges results of consecutive parts (in the text's order): `final` gives the answer the user
   * reads, otherwise a result that is merged again with the others.
   */
  combine(results: readonly string[], final: boolean): ChatMessage[];
}

export interface LongTextAnswerOptions extends Omit<StreamTextAnswerOptions, 'messages' | 'maxTokens'> {
  text: string;
  prompts: LongTextPrompts;
  /** MODEL_CONTEXT_TOKENS and its per-model overrides. */
  context: ContextSettings;
  /** MODEL_MAX_TOKENS: the most any call may ask for. */
  maxTokens: number;
}

/** Below this many tokens of text per part, the instructions leave too little room to work in parts. */
const MIN_PART_TOKENS = 200;
/** How often a part the model refused as too long for its context is halved and tried again. */
const MAX_HALVINGS = 3;

/**
 * The answer to `prompts` over `text`, streamed like streamTextAnswer. A text that fits the
 * model's context (MODEL_CONTEXT_TOKENS, with room for the answer) goes in one call. A longer
 * one is split into parts that fit (split-text.ts); each part is worked on in its own call (map),
 * then the parts' results are merged (reduce), in groups first while all of them do not fit one
 * call, and the last merge streams as the answer. A `progress` line precedes every call; the
 * client's disconnect (the stop button) aborts the call under way and no further call is made.
 */
export async function streamLongTextAnswer(request: FastifyRequest, reply: FastifyReply, options: LongTextAnswerOptions): Promise<FastifyReply> {
  const { models, text, prompts, context, maxTokens, ...rest } = options;
  const model = await models.defaultModel();
  // Without a model, streamTextAnswer gives the 503.
  if (!model) return streamTextAnswer(request, reply, { ...rest, models, messages: prompts.whole(text) });
  const budget = await contextBudget(model, context, maxTokens);
  const whole = prompts.whole(text);
  if (budget.fits(whole)) return streamTextAnswer(request, reply, { ...rest, models, messages: whole, maxTokens: budget.answerTokens });

  const partTokens = budget.promptTokens - budget.tokensOf(prompts.part('', 1, 1));
  if (partTokens < MIN_PART_TOKENS) {
    return sendError(
      reply,
      413,
      `${rest.what} failed: the instructions alone nearly fill the context of the model "${model}" (${budget.contextTokens.toLocaleString('en')} tokens, MODEL_CONTEXT_TOKENS)`,
      { code: 'payload_too_large' },
    );
  }
  const parts = splitText(text, partTokens, budget.count);
  const logLabel = rest.logLabel ?? rest.what.toLowerCase();
  request.log.info({ model, contextTokens: budget.contextTokens, parts: parts.length, characters: text.length }, `${logLabel}: the text is worked on in parts`);
  rest.onStreaming?.(model);
  const client = abortWhenClientLeaves(reply);
  reply.header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`).header('x-accel-buffering', 'no');
  return reply.send(Readable.from(inParts({ models, budget, parts, prompts, client, log: request.log, what: rest.what, logLabel })));
}

interface InPartsWork {
  models: ModelProvider;
  budget: ContextBudget;
  parts: string[];
  prompts: LongTextPrompts;
  client: { signal: AbortSignal; dispose(): void };
  log: FastifyBaseLogger;
  what: string;
  logLabel: string;
}

/** The lines of an answer worked out in parts: progress before each call, then the streamed final merge. */
async function* inParts(work: InPartsWork): AsyncGenerator<string> {
  const { models, budget, prompts, client, log, what, logLabel } = work;
  const line = (event: StreamEvent) => `${JSON.stringify(event)}\n`;
  const ask = async (messages: ChatMessage[]) =>
    (await models.complete({ model: budget.model, messages, signal: client.signal, maxTokens: budget.answerTokens })).trim();
  try {
    // Map: each part in turn. A part the model still finds too long (its tokenizer counts more
    // than ours) is halved and tried again, so the total may grow.
    const queue = work.parts.map((text) => ({ text, halvings: 0 }));
    const results: string[] = [];
    for (let index = 0; index < queue.length; index += 1) {
      const part = queue[index]!;
      yield line({ kind: 'progress', stage: 'part', current: index + 1, total: queue.length });
      try {
        results.push(await ask(prompts.part(part.text, index + 1, queue.length)));
      } catch (error) {
        if (!isContextRefusal(error) || part.halvings >= MAX_HALVINGS) throw error;
        const halves = splitText(part.text, Math.ceil(budget.count(part.text) / 2), budget.count);
        log.info({ part: index + 1, halves: halves.length }, `${logLabel}: the model found a part too long; it is split and tried again`);
        queue.splice(index, 1, ...halves.map((text) => ({ text, halvings: part.halvings + 1 })));
        index -= 1;
      }
    }

    // Reduce: merge in groups until all results fit one call.
    let level = results;
    while (!budget.fits(prompts.combine(level, true))) {
      const groups = groupsThatFit(level, (group) => budget.fits(prompts.combine(group, false)));
      if (groups.length >= level.length) throw new PartsTooLongError();
      const merged: string[] = [];
      for (const [index, group] of groups.entries()) {
        yield line({ kind: 'progress', stage: 'combine', current: index + 1, total: groups.length });
        merged.push(group.length === 1 ? group[0]! : await ask(prompts.combine(group, false)));
      }
      level = merged;
    }
    yield line({ kind: 'progress', stage: 'combine', current: 1, total: 1 });
    const deltas = await models.stream({ model: budget.model, messages: prompts.combine(level, true), signal: client.signal, maxTokens: budget.answerTokens });
    yield* streamTextLines(deltas, client, log, { what, logLabel });
  } catch (error) {
    if (client.signal.aborted || isAbortError(error)) {
      log.info(`${logLabel} cancelled: the client went away`);
      return;
    }
    const failure =
      error instanceof PartsTooLongError || isContextRefusal(error)
        ? { code: 'input_too_long' as const, message: `${what} failed: ${STREAM_ERROR_CODES.input_too_long}`, reason: error instanceof Error ? error.message : String(error) }
        : describeStreamFailure(error, what);
    log.warn({ code: failure.code, reason: failure.reason }, `${logLabel} failed while working in parts`);
    yield line({ kind: 'error', code: failure.code, message: failure.message });
  } finally {
    client.dispose();
  }
}

/** Two results that cannot be merged in one call: the answers are too long for the model's context. */
class PartsTooLongError extends Error {
  constructor() {
    super('The results of the parts are too long to be merged within the model\'s context');
    this.name = 'PartsTooLongError';
  }
}

/** Consecutive results in groups, each as large as `fits` allows (a result alone is a group of one). */
export function groupsThatFit(results: readonly string[], fits: (group: readonly string[]) => boolean): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  for (const result of results) {
    if (group.length > 0 && !fits([...group, result])) {
      groups.push(group);
      group = [];
    }
    group.push(result);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** A 400 of the model endpoint saying the prompt is longer than its context (OpenAI, vLLM, llama.cpp, LiteLLM words). */
export function isContextRefusal(error: unknown): boolean {
  return (
    error instanceof UpstreamError &&
    error.status === 400 &&
    /context[ _-]?(length|window)|maximum context|too many tokens|prompt is too long|exceeds? the (available )?context/i.test(error.message)
  );
}
