import type { FastifyBaseLogger } from 'fastify';
import { answerBytes, boundedFetch } from './bounded-fetch';
import { chatCompletionsPost, reportUsage, startChatCall, type ChatCallSettings, type ChatDelta, type ChatStreamRequest } from './chat-request';
import { MODEL_ENDPOINT, errorBodyMessage, failedWhileAnswering, httpFailure, modelEndpointError } from './model-endpoint-errors';
import { sseData } from './server-sent-events';
import { AnswerTooLongError, Deadline, UpstreamError, excerpt } from './upstream';

/** A streamed chunk as OpenAI-compatible endpoints send it (only what is read). */
interface ChatCompletionChunkLike {
  model?: unknown;
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
  error?: { message?: unknown } | null;
  choices?: Array<{
    finish_reason?: unknown;
    delta?: {
      content?: string | null;
      reasoning_content?: unknown;
      reasoning?: unknown;
      tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
  }> | null;
}

/** A 400 whose words say the endpoint (or model) does not do tools or functions. */
const REFUSES_TOOLS = /tool|function/i;
/** A 400 whose words say the endpoint does not take `stream_options` (servers older than usage in streams). */
const REFUSES_USAGE = /stream_options|include_usage/i;

/**
 * The one streaming transport to the model: a streamed chat completion with the model's reasoning
 * kept apart (reasoning deltas come from `reasoning_content`, as vLLM, llama.cpp and DeepSeek send
 * it, or `reasoning`, as Ollama and newer vLLM do) and tool calls passed to `onToolCall`.
 *
 * Resolves once the endpoint accepted the request (so a caller can still answer an HTTP error
 * before it starts streaming). The timeout covers the wait for the answer and then each gap
 * between two chunks; the caller's signal (the client went away) or stopping the iteration
 * cancels the upstream request at once. Past MAX_ANSWER_CHARACTERS (text, reasoning and tool
 * arguments together) the iteration ends with AnswerTooLongError and the request is cancelled.
 *
 * A plain fetch (undici, so the tracing's HTTP span is still the call's child) and a small SSE
 * parser instead of the openai SDK's stream: about half the CPU per streamed answer
 * (bench/chat-proxy/decoder.ts). Failures are those of model-endpoint-errors.ts.
 */
export async function streamChat(
  baseUrl: string,
  settings: ChatCallSettings,
  logger: Pick<FastifyBaseLogger, 'info'>,
  request: ChatStreamRequest,
): Promise<AsyncIterable<ChatDelta>> {
  const deadline = new Deadline(MODEL_ENDPOINT, request.timeoutMs ?? settings.timeoutMs, request.signal);
  const limit = settings.maxAnswerCharacters;
  // An error answer is read into memory, so it is bounded like a whole answer (SSE passes untouched).
  const streamFetch = boundedFetch(answerBytes(limit), () => new AnswerTooLongError(MODEL_ENDPOINT, limit));
  const tools = request.tools?.length ? request.tools : undefined;
  const post = async ({ think, withTools, withUsage }: Asked): Promise<Response> => {
    const { url, init } = chatCompletionsPost(baseUrl, settings, request, 'text/event-stream', {
      // The token counts of the answer, in a last chunk without choices (OpenAI, vLLM, Ollama, llama.cpp).
      ...(withUsage ? { stream_options: { include_usage: true } } : {}),
      ...(think ? { reasoning_effort: 'medium' } : {}),
      ...(withTools && tools
        ? { tools: tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } })) }
        : {}),
    });
    let response: Response;
    try {
      response = await streamFetch(url, { ...init, signal: deadline.signal });
    } catch (error) {
      throw modelEndpointError(error);
    }
    if (!response.ok) throw httpFailure(response.status, errorBodyMessage(await response.text().catch(() => '')));
    return response;
  };
  const call = startChatCall(settings, request, true, baseUrl);
  let response: Response;
  try {
    response = await call.run(() => postAskingAgainWithoutRefused(post, request, tools !== undefined, logger));
  } catch (error) {
    const explained = deadline.explain(modelEndpointError(error));
    deadline.dispose();
    call.end(explained);
    throw explained;
  }
  deadline.restart();
  const budget = answerBudget(limit);
  const onToolCall = request.onToolCall;
  const body = response.body;
  return (async function* deltas(): AsyncGenerator<ChatDelta> {
    call.streamOpened();
    let finished = false;
    // True while the reader holds a piece: a stop then is the reader's (a `break`), and what closing
    // the body throws (an errored body rejects its cancel, after the caller's abort) is no failure.
    let handedOut = false;
    try {
      if (!body) throw new UpstreamError(MODEL_ENDPOINT, `${MODEL_ENDPOINT} answered without a body`);
      for await (const sse of sseData(body as unknown as AsyncIterable<Uint8Array>)) {
        deadline.restart();
        let chunk: ChatCompletionChunkLike;
        try {
          chunk = JSON.parse(sse.data) as ChatCompletionChunkLike;
        } catch {
          throw new UpstreamError(MODEL_ENDPOINT, `${MODEL_ENDPOINT} sent a chunk that is not JSON: ${excerpt(sse.data)}`);
        }
        // An error inside the stream (an `error` event or an `error` member): the model failed mid-answer.
        if (sse.event === 'error' || chunk?.error) {
          throw failedWhileAnswering(typeof chunk?.error?.message === 'string' ? chunk.error.message : undefined);
        }
        call.response(chunk);
        if (chunk.usage) reportUsage(request, chunk);
        const delta = chunk.choices?.[0]?.delta;
        if (!delta) continue;
        for (const toolCall of delta.tool_calls ?? []) {
          call.firstToken();
          const args = toolCall.function?.arguments;
          // Counted like text: a model cannot stream endless arguments.
          if (args) budget.take(args);
          onToolCall?.({ index: toolCall.index, id: toolCall.id, name: toolCall.function?.name, arguments: args });
        }
        const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : typeof delta.reasoning === 'string' ? delta.reasoning : '';
        if (reasoning || delta.content) call.firstToken();
        if (reasoning) {
          const text = budget.take(reasoning);
          handedOut = true;
          yield { channel: 'reasoning', text };
          handedOut = false;
        }
        if (delta.content) {
          const text = budget.take(delta.content);
          handedOut = true;
          yield { channel: 'answer', text };
          handedOut = false;
        }
      }
      // A timeout or the caller's abort must not look like a complete answer.
      if (deadline.signal.aborted) throw deadline.signal.reason;
      finished = true;
    } catch (error) {
      if (handedOut) return;
      const explained = deadline.explain(modelEndpointError(error));
      call.end(explained);
      throw explained;
    } finally {
      // Stops the upstream request when the reader stopped early (the deadline's signal aborts
      // the fetch); an answer read to its end has nothing to stop.
      if (finished) deadline.finish();
      else deadline.dispose();
      call.end();
    }
  })();
}

/** Only the answer's text of a stream (the single-text routes: no reasoning, no tools). */
export async function* answerText(deltas: AsyncIterable<ChatDelta>): AsyncGenerator<string> {
  for await (const delta of deltas) {
    if (delta.channel === 'answer') yield delta.text;
  }
}

/** What a request asks for besides the messages; each may be dropped when the endpoint refuses it. */
interface Asked {
  think: boolean;
  withTools: boolean;
  withUsage: boolean;
}

/**
 * Posts the request, and once more without a parameter the endpoint refused with HTTP 400: tools
 * first (when the refusal names them), then `stream_options` (older servers), then
 * `reasoning_effort`; at most one retry for each.
 */
async function postAskingAgainWithoutRefused(
  post: (asked: Asked) => Promise<Response>,
  request: ChatStreamRequest,
  withToolsAsked: boolean,
  logger: Pick<FastifyBaseLogger, 'info'>,
): Promise<Response> {
  let think = request.think === true;
  let withTools = withToolsAsked;
  let withUsage = true;
  for (;;) {
    try {
      return await post({ think, withTools, withUsage });
    } catch (error) {
      const refused = error instanceof UpstreamError && error.status === 400 ? error : undefined;
      if (refused && withUsage && REFUSES_USAGE.test(refused.message)) {
        logger.info({ model: request.model }, 'the model refused stream_options: asking without it');
        withUsage = false;
        continue;
      }
      if (refused && withTools && REFUSES_TOOLS.test(refused.message)) {
        logger.info({ model: request.model }, 'the model refused tools: asking without them');
        withTools = false;
        request.onToolsRefused?.();
        continue;
      }
      if (refused && think) {
        logger.info({ model: request.model }, 'the model refused reasoning_effort: asking without it');
        think = false;
        continue;
      }
      throw error;
    }
  }
}

/**
 * Counts a streamed answer's characters. `take` passes a piece on, and throws AnswerTooLongError
 * once the total went past `limit`, which ends the iteration and so cancels the upstream request.
 */
function answerBudget(limit: number) {
  let used = 0;
  return {
    take(piece: string): string {
      used += piece.length;
      if (used > limit) throw new AnswerTooLongError(MODEL_ENDPOINT, limit);
      return piece;
    },
  };
}
