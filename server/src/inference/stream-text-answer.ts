import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { STREAM_CONTENT_TYPE, STREAM_ERROR_CODES, type StreamEvent } from '@assistant/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import type { ChatMessage, ModelProvider } from '../inference/model-provider';
import { describeStreamFailure, upstreamFailureReply } from '../inference/public-failure';
import { UpstreamError, isAbortError } from '../inference/upstream';

/**
 * Streams the default model's answer to `messages` as JSON lines of the stream envelope, the way
 * POST /api/easy-language does (routes/easy-language.ts): stream_text begin, one append per model
 * chunk, end, then done. Before streaming: 503 no model (model_unavailable), 502 the model refused
 * (upstream_failed, its words only in the log), 504 no answer in time (upstream_timeout). Once
 * streaming, a failure is an `error` line after stream_text end. The client's disconnect cancels
 * the model call. `what` names the work in messages ("Summarize").
 */
export async function streamModelAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  { models, messages, what }: { models: ModelProvider; messages: ChatMessage[]; what: string },
): Promise<FastifyReply> {
  const noModel = `${STREAM_ERROR_CODES.model_unavailable}: ${what.toLowerCase()} needs a language model (OPENAI_BASE_URL, or a local Ollama)`;
  const client = abortWhenClientLeaves(reply);
  const model = await models.defaultModel();
  if (!model) {
    client.dispose();
    return sendError(reply, 503, noModel, { code: 'model_unavailable' });
  }

  let deltas: AsyncIterable<string>;
  try {
    deltas = await models.stream({ model, messages, signal: client.signal });
  } catch (error) {
    client.dispose();
    if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
    if (error instanceof UpstreamError) {
      const failure = upstreamFailureReply(error, what, 'the language model', { unreachableIs503: true, noModelMessage: noModel });
      request.log.warn({ model, reason: failure.reason, status: error.status, code: failure.code }, `${what.toLowerCase()}: the model refused`);
      return sendError(reply, failure.status, failure.message, { code: failure.code });
    }
    throw error;
  }

  reply
    .header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`)
    // Proxies (nginx) pass each line on at once instead of buffering the answer.
    .header('x-accel-buffering', 'no');
  // A piped Readable: a slow client slows the model stream down (backpressure); destroying it
  // (client gone) ends the model call.
  return reply.send(Readable.from(streamLines(deltas, client, request.log, what)));
}

async function* streamLines(
  deltas: AsyncIterable<string>,
  client: { signal: AbortSignal; dispose(): void },
  log: FastifyBaseLogger,
  what: string,
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
      log.info(`${what.toLowerCase()} cancelled: the client went away`);
      return;
    }
    yield line({ kind: 'stream_text', event: { stream_id: streamId, type: 'end' } });
    if (failure === undefined) {
      yield line({ kind: 'done' });
      return;
    }
    const { code, message } = describeStreamFailure(failure, what);
    log.warn({ code, reason: failure instanceof Error ? failure.message : String(failure) }, `${what.toLowerCase()} failed while streaming`);
    yield line({ kind: 'error', code, message });
  } finally {
    client.dispose();
  }
}
