import type { ChatMessage } from '../../inference/model-provider';

/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

let counter: Promise<CountTokens> | undefined;

/**
 * Tokens counted with the o200k_base encoding (gpt-tokenizer: pure JavaScript, its tables inside
 * the package, so nothing is downloaded at run time). Other models' tokenizers count somewhat
 * differently; context-budget.ts keeps a margin for that. Loaded on first use: its tables take
 * about a quarter of a second to load, which a server start that never splits a text should not pay.
 */
export function loadTokenCounter(): Promise<CountTokens> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then((encoding) => (text: string) => encoding.countTokens(text));
  return counter;
}

/** What a chat format adds per message (role and separators) and per request (the reply's start), as OpenAI counts it. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_REQUEST = 3;

/** The tokens of a request's messages, as the model's context counts them. */
export function messageTokens(messages: readonly ChatMessage[], count: CountTokens): number {
  let total = TOKENS_PER_REQUEST;
  for (const message of messages) {
    total += TOKENS_PER_MESSAGE + count(typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''));
  }
  return total;
}
