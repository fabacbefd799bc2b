import { qaChatRequestSchema, type IntentResponse, type StreamEvent, streamEventSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickModel, replyWithStream } from '../chat/stream-reply';
import { streamAnswer } from '../chat/stream-answer';
import { NOT_FOUND_COLLECTION, NOT_FOUND_FILE } from '../collections/collection-access';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { FilesRepository } from '../db/repositories/files-repository';
import type { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import { buildGroundedMessages, noSourcesAnswer } from '../grounding/grounded-prompt';
import { retrievalToolEvents } from '../grounding/retrieval-events';
import { retrieveWindows } from '../grounding/retrieve-windows';
import type { SourceWindow } from '../grounding/source-windows';
import { sendError } from '../http/send-error';
import type { ChatDelta, ModelProvider } from '../inference/model-provider';
import type { Retriever } from '../search/retriever';
import { errorResponses } from '../http/error-responses';
import { streamResponse } from '../http/declared-responses';

/** A QA call is a question by definition: the intent event carries the trace id, not a classification. */
const QUESTION_INTENT: IntentResponse = { greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false };

const DOCUMENT_MODEL_NEEDS_FILE = 'This model answers over one document: pick one document instead of collections';

/** The fixed answer as the one delta of a stream (no passage was found: the model is not asked). */
async function* fixedAnswer(text: string): AsyncGenerator<ChatDelta> {
  yield { channel: 'answer', text };
}

/**
 * POST /api/qa/chat (SPEC section 7, docs/qa.md): a question over collections the user may read
 * or over one of their documents. The passages found are widened to sentence windows within the
 * model's max_characters, recorded as a grounding trace, and the answer streams in the envelope:
 * `intent` (payload.trace_id), the retrieval as `tool` begin/end (one resource per window, its
 * source_index), the answer text with [n] citations, then `done` (or `error`). The client going
 * away aborts the model call; the answer so far is kept on the trace. With no passage found the
 * answer says so, in the question's language, without asking the model.
 */
export const qaChatRoutes: FastifyPluginAsyncZod<{
  db: Database;
  collections: CollectionsRepository;
  files: FilesRepository;
  models: ModelProvider;
  retriever: Retriever;
  traces: GroundingTracesRepository;
  qa: ServerConfig['qa'];
}> = async (app, { db, collections, files, models, retriever, traces, qa }) => {
  app.post('/qa/chat', { schema: { body: qaChatRequestSchema, response: { ...streamResponse(streamEventSchema), ...errorResponses(404, 409) } }, config: { modelLimits: true, usageFeature: 'qa' } }, async (request, reply) => {
    const viewer = request.viewer;
    const body = request.body;

    // What to answer from: one readable document, or collections the user may all read.
    let collectionIds: string[];
    let fileIds: string[] | undefined;
    if (body.file_id) {
      const found = await files.findVisible(body.file_id, viewer);
      if (!found) return sendError(reply, 404, NOT_FOUND_FILE);
      collectionIds = [found.collection.id];
      fileIds = [found.file.id];
    } else {
      collectionIds = [...new Set(body.collections ?? [])];
      const visible = await Promise.all(collectionIds.map((id) => collections.findVisible(id, viewer)));
      if (visible.some((collection) => !collection)) return sendError(reply, 404, NOT_FOUND_COLLECTION);
    }

    const picked = pickModel(await models.models(), body.model);
    if ('status' in picked) return sendError(reply, picked.status, picked.message, { code: picked.code });
    const { model } = picked;
    const wholeDocument = qa.documentModels.includes(model);
    if (wholeDocument && !fileIds) return sendError(reply, 400, DOCUMENT_MODEL_NEEDS_FILE);

    const windows: SourceWindow[] = await retrieveWindows({
      db,
      retriever,
      question: body.question,
      collectionIds,
      ...(fileIds ? { fileIds } : {}),
      maxCharacters: qa.maxCharacters,
      ...(wholeDocument && fileIds ? { wholeDocument: fileIds[0]! } : {}),
    });

    let traceId = '';
    return replyWithStream(request, reply, {
      model,
      // The trace is stored while the model takes the request; either failing fails both.
      async start(signal) {
        const [upstream, created] = await Promise.allSettled([
          windows.length > 0
            ? models.streamChat({ model, messages: buildGroundedMessages({ question: body.question, windows }), signal })
            : Promise.resolve(fixedAnswer(noSourcesAnswer(body.question))),
          traces.create({ owner: viewer.sub, kind: 'qa', question: body.question, windows, model }),
        ]);
        if (upstream.status === 'fulfilled' && created.status === 'fulfilled') {
          traceId = created.value;
          return upstream.value;
        }
        if (upstream.status === 'fulfilled') {
          // Stops the upstream request the answer no longer needs.
          await (upstream.value as AsyncGenerator<ChatDelta>).return?.(undefined);
          throw (created as PromiseRejectedResult).reason;
        }
        // The model refused: no answer will come, so no trace is kept for it.
        if (created.status === 'fulfilled') await traces.remove(created.value);
        throw upstream.reason;
      },
      async relay(deltas, writer, signal) {
        const send = (event: StreamEvent) => writer.send(event);
        const started = Date.now();
        await send({ kind: 'intent', event: { payload: { trace_id: traceId }, intent_response: QUESTION_INTENT } });
        const { begin, end } = retrievalToolEvents(windows, body.question);
        await send({ kind: 'tool', event: begin });
        await send({ kind: 'tool', event: end });
        const outcome = await streamAnswer({ deltas, think: false, send, signal });
        await traces
          .complete(traceId, outcome.content)
          .catch((error: unknown) => request.log.error({ err: error, traceId }, 'qa: the answer could not be stored'));
        const logged = { traceId, model, windows: windows.length, ms: Date.now() - started, characters: outcome.content.length };
        if (outcome.status === 'stopped') {
          request.log.info(logged, 'qa: answer stopped, the client went away; the partial answer is kept');
        } else if (outcome.status === 'error') {
          request.log.warn({ ...logged, code: outcome.failure!.code, reason: outcome.failure!.reason }, 'qa: the answer failed while streaming');
          await send({ kind: 'error', code: outcome.failure!.code, message: outcome.failure!.message });
        } else {
          request.log.info(logged, 'qa: answer complete');
          await send({ kind: 'done' });
        }
        writer.end();
      },
    });
  });
};
