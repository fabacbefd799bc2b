import type { ServerConfig } from '../../config';
import type { ChatMessage } from '../../inference/model-provider';
import { loadTokenCounter, messageTokens, type CountTokens } from './token-count';

/** MODEL_CONTEXT_TOKENS and MODEL_CONTEXT_TOKENS_BY_MODEL (config.ts). */
export type ContextSettings = ServerConfig['inference']['contextTokens'];

/**
 * The share of a context kept free because the model's own tokenizer may count more than
 * o200k_base does (Llama, Mistral and Qwen tokenizers count German text up to about a tenth more).
 */
export const TOKENIZER_MARGIN = 0.1;

/** The least and the most of a context one answer gets: a quarter of it, within these. */
const MIN_ANSWER_TOKENS = 256;

/** How much one model call over (part of) a long text may hold. */
export interface ContextBudget {
  model: string;
  /** The model's context window (prompt and answer). */
  contextTokens: number;
  /** `max_tokens` of each call: a quarter of the context, at most MODEL_MAX_TOKENS. */
  answerTokens: number;
  /** The most prompt tokens of one call, as `count` counts them (the margin taken off). */
  promptTokens: number;
  count: CountTokens;
  /** The tokens of a request's messages. */
  tokensOf(messages: readonly ChatMessage[]): number;
  /** Whether a request's messages leave room for the answer in the model's context. */
  fits(messages: readonly ChatMessage[]): boolean;
}

/** The context window of `model`: its MODEL_CONTEXT_TOKENS_BY_MODEL entry, else MODEL_CONTEXT_TOKENS. */
export function contextTokensOf(model: string, settings: ContextSettings): number {
  return Object.hasOwn(settings.byModel, model) ? settings.byModel[model]! : settings.default;
}

/**
 * The budget of calls to `model`. The answer's room is reserved in the prompt's budget because
 * OpenAI-compatible servers (vLLM, llama.cpp, OpenAI) refuse a request whose prompt and
 * `max_tokens` together exceed the context.
 */
export async function contextBudget(model: string, settings: ContextSettings, maxTokens: number): Promise<ContextBudget> {
  const count = await loadTokenCounter();
  const contextTokens = contextTokensOf(model, settings);
  const answerTokens = Math.min(maxTokens, Math.max(MIN_ANSWER_TOKENS, Math.floor(contextTokens / 4)));
  const promptTokens = Math.floor((contextTokens - answerTokens) * (1 - TOKENIZER_MARGIN));
  const tokensOf = (messages: readonly ChatMessage[]) => messageTokens(messages, count);
  return { model, contextTokens, answerTokens, promptTokens, count, tokensOf, fits: (messages) => tokensOf(messages) <= promptTokens };
}
