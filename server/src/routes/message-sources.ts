import { inContextSourcesResponseSchema, uuidSchema, sourcesRequestedSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import { requestSources, sourcesState } from '../grounding/sources-job';
import { replyWithSources } from '../grounding/sources-reply';
import { sendError } from '../http/send-error';
import type { JobQueue } from '../jobs/job-queue';

const paramsSchema = z.object({ id: uuidSchema, messageId: uuidSchema });

const NOT_FOUND_MESSAGE_SOURCES = 'No such grounded answer';

/**
 * The sources of a grounded chat answer (SPEC sections 4 and 7, docs/qa.md): POST
 * /api/conversations/{id}/messages/{messageId}/sources starts computing them (202, the same job
 * as QA's), GET answers the in-context sources once computed (200: one highlighted_sources item
 * with its supporting and conflicting lists), 409 `sources_not_ready` until then (the client
 * polls every 2 s), 422 `sources_failed` when they could not be computed. A message of another
 * user, or one that was not grounded in documents, is a 404.
 */
export const messageSourcesRoutes: FastifyPluginAsyncZod<{ traces: GroundingTracesRepository; jobs: JobQueue; nudge: () => void }> = async (
  app,
  { traces, jobs, nudge },
) => {
  app.post('/conversations/:id/messages/:messageId/sources', { schema: { params: paramsSchema, response: { 202: sourcesRequestedSchema } } }, async (request, reply) => {
    const trace = await traces.findByMessage(request.params.id, request.params.messageId, request.principal.sub);
    if (!trace) return sendError(reply, 404, NOT_FOUND_MESSAGE_SOURCES);
    const status = await requestSources(jobs, trace, nudge);
    return reply.code(202).send({ trace_id: trace.id, status });
  });

  app.get(
    '/conversations/:id/messages/:messageId/sources',
    { schema: { params: paramsSchema, response: { 200: inContextSourcesResponseSchema } } },
    async (request, reply) => {
      const trace = await traces.findByMessage(request.params.id, request.params.messageId, request.principal.sub);
      if (!trace) return sendError(reply, 404, NOT_FOUND_MESSAGE_SOURCES);
      return replyWithSources(reply, await sourcesState(jobs, trace), (sources) => sources.in_context);
    },
  );
};
