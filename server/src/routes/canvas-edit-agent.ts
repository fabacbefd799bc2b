import { Readable } from 'node:stream';
import { CANVAS_ERRORS, STREAM_CONTENT_TYPE, STREAM_ERROR_CODES, canvasEditRequestSchema, streamEventSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canvasEditMessages } from '../canvas/canvas-edit-prompt';
import { canvasEditLines } from '../canvas/canvas-edit-stream';
import { canvasPassage } from '../canvas/canvas-passage';
import { CANVAS_BODY_LIMIT, limitCanvasLength } from '../canvas/canvas-size-limit';
import type { CanvasesRepository } from '../canvas/canvases-repository';
import { sendError, sendRefusal } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import type { ModelProvider } from '../inference/model-provider';
import { upstreamFailureReply } from '../inference/public-failure';
import { UpstreamError, isAbortError } from '../inference/upstream';
import { errorResponses } from '../http/error-responses';
import { streamResponse } from '../http/declared-responses';

const NO_MODEL = `${STREAM_ERROR_CODES.model_unavailable}: the canvas needs a language model (OPENAI_BASE_URL, or a local Ollama)`;

/**
 * POST /api/skills/canvas-edit-agent (SPEC section 7; docs/canvas.md): the model rewrites a range
 * of a document (the whole document when `range` is null) as the instruction says, and the answer
 * streams only that range's replacement as JSON lines of the stream envelope: `canvas_edit` delta
 * events, then `canvas_edit` complete and `done`. The model answers the range's whole lines; the
 * range guard refuses an answer that changes anything outside the range (error
 * edit_outside_range, the model stopped at once).
 *
 * With `canvas_id` (the server-kept history) the document must be the stored text of
 * `base_version`, the canvas's current version; the result is stored as the next version (author
 * model, with the instruction), unless someone stored another version meanwhile (error conflict).
 * Without it (the browser-kept history) nothing is stored. A client that leaves stops the model and
 * nothing is stored.
 *
 * Before streaming: 400 bad body or unknown model, 404 not the user's canvas, 409 stale base or a
 * document that is not the stored text, 413 a document over CANVAS_MAX_CHARACTERS, 503 no model
 * reachable, 502/504 the model refused or did not answer in time. Counted against the user's
 * model limits.
 */
export const canvasEditAgentRoutes: FastifyPluginAsyncZod<{ models: ModelProvider; canvases: CanvasesRepository }> = async (app, { models, canvases }) => {
  app.post(
    '/skills/canvas-edit-agent',
    {
      bodyLimit: CANVAS_BODY_LIMIT,
      preValidation: limitCanvasLength('document'),
      schema: { body: canvasEditRequestSchema, response: { ...streamResponse(streamEventSchema), ...errorResponses(404, 409) } },
      config: { modelLimits: true, usageFeature: 'canvas' },
    },
    async (request, reply) => {
      const body = request.body;
      const owner = request.principal.sub;
      const [canvas, offered] = await Promise.all([
        body.canvas_id === undefined ? undefined : canvases.find(owner, body.canvas_id),
        models.models(),
      ]);
      if (body.canvas_id !== undefined) {
        if (!canvas) return sendRefusal(reply, CANVAS_ERRORS.canvasNotFound);
        if (body.base_version !== canvas.version) return sendRefusal(reply, CANVAS_ERRORS.staleVersion);
        if (body.document !== canvas.markdown) return sendRefusal(reply, CANVAS_ERRORS.documentMismatch);
      }
      if (offered.length === 0) return sendError(reply, 503, NO_MODEL, { code: 'model_unavailable' });
      const model = body.model ?? offered[0]!;
      if (!offered.includes(model)) return sendError(reply, 400, `Unknown language model: ${model}`, { code: 'unknown_model' });

      const passage = canvasPassage(body.document, body.range);
      // Stopped when the client leaves, and when the guard refuses the answer.
      const client = abortWhenClientLeaves(reply);
      const call = new AbortController();
      const stopCall = () => call.abort(new DOMException('The canvas edit was stopped', 'AbortError'));
      client.signal.addEventListener('abort', stopCall, { once: true });
      const dispose = () => {
        client.signal.removeEventListener('abort', stopCall);
        client.dispose();
      };

      let deltas: AsyncIterable<string>;
      try {
        deltas = await models.stream({ model, messages: canvasEditMessages(passage, body.instruction), signal: call.signal });
      } catch (error) {
        dispose();
        if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
        if (error instanceof UpstreamError) {
          const failure = upstreamFailureReply(error, 'The canvas edit', 'the language model', { unreachableIs503: true, noModelMessage: NO_MODEL });
          request.log.warn({ model, reason: failure.reason, status: error.status, code: failure.code }, 'canvas edit: the model refused');
          return sendError(reply, failure.status, failure.message, { code: failure.code });
        }
        throw error;
      }

      const lines = canvasEditLines({ deltas, request: body, passage, canvases, owner, clientSignal: client.signal, stopModel: stopCall, log: request.log });
      reply
        .header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`)
        // Proxies (nginx) pass each line on at once instead of buffering the answer.
        .header('x-accel-buffering', 'no');
      // A piped Readable: a slow client slows the model stream down (backpressure); destroying it
      // (client gone) ends the generator, and the model call with it.
      return reply.send(Readable.from(disposedAtEnd(lines, dispose)));
    },
  );
};

async function* disposedAtEnd(lines: AsyncGenerator<string>, dispose: () => void): AsyncGenerator<string> {
  try {
    yield* lines;
  } finally {
    dispose();
  }
}
