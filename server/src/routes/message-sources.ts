import { inContextSourcesResponseSchema, uuidSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import { requestSources, sourcesState } from '../grounding/sources-job';
import { sendError } from '../http/send-error';
import type { JobQueue } from '../jobs/job-queue';
import { SOURCES_NOT_READY } from './qa-sources';

const paramsSchema = z.object({ id: uuidSchema, messageId: uuidSchema });

export const NOT_FOUND_MESSAGE_SOURCES = 'No such grounded answer';

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
  app.post('/conversations/:id/messages/:messageId/sources', { schema: { params: paramsSchema } }, async (request, reply) => {
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
      const state = await sourcesState(jobs, trace);
      if ('ready' in state) return state.ready.in_context;
      if ('notReady' in state) return sendError(reply, 409, SOURCES_NOT_READY, { code: 'sources_not_ready' });
      return sendError(reply, 422, state.failed, { code: 'sources_failed' });
    },
  );
};
