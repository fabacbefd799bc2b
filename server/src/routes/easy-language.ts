import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { STREAM_CONTENT_TYPE, STREAM_ERROR_CODES, easyLanguageRequestSchema, type StreamEvent } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import type { ModelProvider } from '../inference/model-provider';
import { describeStreamFailure, upstreamFailureReply } from '../inference/public-failure';
import { UpstreamError, isAbortError } from '../inference/upstream';
import { easyLanguageMessages } from '../translation/easy-language';
import { limitTextLength } from '../translation/text-limit';

const NO_MODEL = `${STREAM_ERROR_CODES.model_unavailable}: easy language needs a language model (OPENAI_BASE_URL, or a local Ollama)`;

/**
 * POST /api/easy-language: rewrites a text in plain language (German "Einfache Sprache", plain
 * English) with the default model, streamed as JSON lines of the stream envelope: stream_text
 * begin, append (one per model chunk), end, then done.
 *
 * Before streaming: 400 bad body, 413 too long (payload_too_large with the limit), 503 no model
 * reachable (model_unavailable), 502 the model refused (upstream_failed, its words only in the
 * log), 504 no answer within REQUEST_TIMEOUT_SECONDS (upstream_timeout). Once streaming, a failure is an `error` line
 * (after stream_text end) and the stream ends. The client's disconnect cancels the model call.
 */
export const easyLanguageRoutes: FastifyPluginAsyncZod<{ models: ModelProvider; maxCharacters: number }> = async (
  app,
  { models, maxCharacters },
) => {
  app.post(
    '/easy-language',
    { schema: { body: easyLanguageRequestSchema }, config: { modelLimits: true }, preValidation: limitTextLength(maxCharacters, 'easy language') },
    async (request, reply) => {
      const client = abortWhenClientLeaves(reply);
      const model = await models.defaultModel();
      if (!model) {
        client.dispose();
        return sendError(reply, 503, NO_MODEL, { code: 'model_unavailable' });
      }

      let deltas: AsyncIterable<string>;
      try {
        deltas = await models.stream({ model, messages: easyLanguageMessages(request.body), signal: client.signal });
      } catch (error) {
        client.dispose();
        if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
        if (error instanceof UpstreamError) {
          const failure = upstreamFailureReply(error, 'Easy language', 'the language model', { unreachableIs503: true, noModelMessage: NO_MODEL });
          request.log.warn({ model, reason: failure.reason, status: error.status, code: failure.code }, 'easy language: the model refused');
          return sendError(reply, failure.status, failure.message, { code: failure.code });
        }
        throw error;
      }

      reply
        .header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`)
        // Proxies (nginx) pass each line on at once instead of buffering the answer.
        .header('x-accel-buffering', 'no');
      // A piped Readable: a slow client slows the model stream down (backpressure) instead of
      // piling lines up in memory; destroying it (client gone) ends the model call.
      return reply.send(Readable.from(streamLines(deltas, client, request.log)));
    },
  );
};

async function* streamLines(
  deltas: AsyncIterable<string>,
  client: { signal: AbortSignal; dispose(): void },
  log: FastifyBaseLogger,
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
      log.info('easy language cancelled: the client went away');
      return;
    }
    yield line({ kind: 'stream_text', event: { stream_id: streamId, type: 'end' } });
    if (failure === undefined) {
      yield line({ kind: 'done' });
      return;
    }
    const { code, message } = describeStreamFailure(failure, 'Easy language');
    log.warn({ code, reason: failure instanceof Error ? failure.message : String(failure) }, 'easy language failed while streaming');
    yield line({ kind: 'error', code, message });
  } finally {
    client.dispose();
  }
}
