import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { STREAM_CONTENT_TYPE, STREAM_ERROR_CODES, type StreamEvent } from '@assistant/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from './client-abort';
import type { ChatMessage, ModelProvider } from './model-provider';
import { describeStreamFailure, upstreamFailureReply } from './public-failure';
import { UpstreamError, isAbortError } from './upstream';

export interface StreamTextAnswerOptions {
  models: ModelProvider;
  messages: ChatMessage[];
  /** Names the work in the user's failure messages ("Easy language failed: ..."). */
  what: string;
  /** Names the work in log lines ("easy language: the model refused"); `what` in lower case unless given. */
  logLabel?: string;
  /** Names the work in the 503 without a model ("... easy language needs a language model"); `what` in lower case unless given. */
  needsModel?: string;
  /** Called with the model once it accepted the request, before the first line is sent. */
  onStreaming?: (model: string) => void;
  /** `max_tokens` of the call, when the model's context leaves less room than MODEL_MAX_TOKENS. */
  maxTokens?: number;
}

/**
 * Streams the default model's answer to `messages` as JSON lines of the stream envelope
 * (POST /api/easy-language, /api/summarize, /api/generate, /api/custom-apps/{id}/run): stream_text
 * begin, one append per model chunk, end, then done. Before streaming: 503 no model
 * (model_unavailable), 502 the model refused (upstream_failed, its words only in the log), 504 no
 * answer in time (upstream_timeout), 499 the client left. Once streaming, a failure is an `error`
 * line after stream_text end. The client's disconnect cancels the model call.
 */
export async function streamTextAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  { models, messages, what, logLabel = what.toLowerCase(), needsModel = what.toLowerCase(), onStreaming, maxTokens }: StreamTextAnswerOptions,
): Promise<FastifyReply> {
  const noModel = `${STREAM_ERROR_CODES.model_unavailable}: ${needsModel} needs a language model (OPENAI_BASE_URL, or a local Ollama)`;
  const client = abortWhenClientLeaves(reply);
  const model = await models.defaultModel();
  if (!model) {
    client.dispose();
    return sendError(reply, 503, noModel, { code: 'model_unavailable' });
  }

  let deltas: AsyncIterable<string>;
  try {
    deltas = await models.stream({ model, messages, signal: client.signal, ...(maxTokens === undefined ? {} : { maxTokens }) });
  } catch (error) {
    client.dispose();
    if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
    if (error instanceof UpstreamError) {
      const failure = upstreamFailureReply(error, what, 'the language model', { unreachableIs503: true, noModelMessage: noModel });
      request.log.warn({ model, reason: failure.reason, status: error.status, code: failure.code }, `${logLabel}: the model refused`);
      return sendError(reply, failure.status, failure.message, { code: failure.code });
    }
    throw error;
  }

  onStreaming?.(model);
  reply
    .header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`)
    // Proxies (nginx) pass each line on at once instead of buffering the answer.
    .header('x-accel-buffering', 'no');
  // A piped Readable: a slow client slows the model stream down (backpressure) instead of piling
  // lines up in memory; destroying it (client gone) ends the model call.
  return reply.send(Readable.from(streamTextLines(deltas, client, request.log, { what, logLabel })));
}

/**
 * The answer's JSON lines. Nothing more is written once the client has gone (its disconnect
 * aborted the model call); the client's abort listener is disposed when the lines end. Also the
 * last step of an answer over a long text (use-cases/long-text), after its progress lines.
 */
export async function* streamTextLines(
  deltas: AsyncIterable<string>,
  client: { signal: AbortSignal; dispose(): void },
  log: FastifyBaseLogger,
  { what, logLabel }: { what: string; logLabel: string },
): AsyncGenerator<string> {
  const streamId = randomUUID();
  const line = (event: StreamEvent) => `${JSON.stringify(event)}\n`;
  try {
    yield line({ kind: 'stream_text', event: { stream_id: streamId, type: 'begin' } });
    let failure: unknown;
    try {
      for await (const delta of deltas) {
        yield line({ kind: 'stream_text', event: { stream_id: streamId, type: 'append', delta } });
      }
    } catch (error) {
      failure = error;
    }
    if (client.signal.aborted) {
      log.info(`${logLabel} cancelled: the client went away`);
      return;
    }
    yield line({ kind: 'stream_text', event: { stream_id: streamId, type: 'end' } });
    if (failure === undefined) {
      yield line({ kind: 'done' });
      return;
    }
    const { code, message, reason } = describeStreamFailure(failure, what);
    log.warn({ code, reason }, `${logLabel} failed while streaming`);
    yield line({ kind: 'error', code, message });
  } finally {
    client.dispose();
  }
}
