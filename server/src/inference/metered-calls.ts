import type { MeteredCall } from '../usage/usage-meter';
import type { ChatDelta, ChatRequest, ChatStreamRequest, ChatUsage } from './chat-request';

/**
 * A model call with its usage told to the meter when it ends: the endpoint's token counts when it
 * reports them (`onUsage`), else the characters read, which the meter turns into an estimate.
 */
export async function meteredComplete(metered: MeteredCall, request: ChatRequest, complete: (request: ChatRequest) => Promise<string>): Promise<string> {
  let usage: ChatUsage = {};
  const asked: ChatRequest = {
    ...request,
    onUsage: (reported) => {
      usage = { ...usage, ...reported };
      request.onUsage?.(reported);
    },
  };
  try {
    const answer = await complete(asked);
    metered.end({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, answerCharacters: answer.length });
    return answer;
  } catch (error) {
    metered.end({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, answerCharacters: 0, failed: true });
    throw error;
  }
}

/** A streamed call: counts what streams (text, reasoning, tool arguments); its end is the meter's end, however it came. */
export async function meteredStream(
  metered: MeteredCall,
  request: ChatStreamRequest,
  stream: (request: ChatStreamRequest) => Promise<AsyncIterable<ChatDelta>>,
): Promise<AsyncIterable<ChatDelta>> {
  let usage: ChatUsage = {};
  let characters = 0;
  const asked: ChatStreamRequest = {
    ...request,
    onUsage: (reported) => {
      usage = { ...usage, ...reported };
      request.onUsage?.(reported);
    },
    ...(request.onToolCall
      ? {
          onToolCall: (delta) => {
            characters += (delta.name?.length ?? 0) + (delta.arguments?.length ?? 0);
            request.onToolCall!(delta);
          },
        }
      : {}),
  };
  let deltas: AsyncIterable<ChatDelta>;
  try {
    deltas = await stream(asked);
  } catch (error) {
    metered.end({ answerCharacters: 0, failed: true });
    throw error;
  }
  // An iterator over the model's, not an async generator around it: one promise per delta instead
  // of a generator's resumption on top of the inner one's (this runs for every token of every answer).
  const inner = deltas[Symbol.asyncIterator]();
  let ended = false;
  const end = (failed: boolean) => {
    if (ended) return;
    ended = true;
    metered.end({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, answerCharacters: characters, failed });
  };
  const metering: AsyncIterableIterator<ChatDelta> & AsyncGenerator<ChatDelta> = {
    [Symbol.asyncIterator]() {
      return metering;
    },
    next() {
      if (ended) return Promise.resolve({ done: true, value: undefined });
      return inner.next().then(
        (result) => {
          if (result.done) end(false);
          else characters += result.value.text.length;
          return result;
        },
        (error: unknown) => {
          end(true);
          throw error;
        },
      );
    },
    // The consumer stopped early (the client went away, a refusal): the call is ended as failed with what it read.
    async return(value?: unknown) {
      const wasEnded = ended;
      end(true);
      if (!wasEnded) await inner.return?.();
      return { done: true, value: value as undefined };
    },
    async throw(error?: unknown) {
      end(true);
      if (inner.throw) return inner.throw(error);
      throw error;
    },
  };
  return metering;
}

/** Characters of a request's messages (text parts, tool calls' arguments): what an estimate of its input counts. */
export function promptCharacters(request: ChatRequest): number {
  let total = 0;
  for (const message of request.messages) {
    const content = (message as { content?: unknown }).content;
    if (typeof content === 'string') total += content.length;
    else if (Array.isArray(content)) {
      for (const part of content as Array<{ text?: unknown }>) if (typeof part.text === 'string') total += part.text.length;
    }
    const toolCalls = (message as { tool_calls?: Array<{ function?: { arguments?: string } }> }).tool_calls;
    for (const call of toolCalls ?? []) total += call.function?.arguments?.length ?? 0;
  }
  return total;
}
