import { qaSourcesResponseSchema, uuidSchema, sourcesRequestedSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import { requestSources, sourcesState } from '../grounding/sources-job';
import { replyWithSources } from '../grounding/sources-reply';
import { sendError } from '../http/send-error';
import type { JobQueue } from '../jobs/job-queue';

const paramsSchema = z.object({ trace_id: uuidSchema });

const NOT_FOUND_TRACE = 'No such answer';

/**
 * The sources of a QA answer (SPEC section 7, docs/qa.md): POST /api/qa/sources/{trace_id} starts
 * computing them as a job (202; asking again changes nothing, and restarts a failed one), GET
 * answers them once computed (200 qaSourcesResponse), 409 `sources_not_ready` until then and 422
 * `sources_failed` when they could not be computed. Another user's trace is a 404.
 */
export const qaSourcesRoutes: FastifyPluginAsyncZod<{ traces: GroundingTracesRepository; jobs: JobQueue; nudge: () => void }> = async (
  app,
  { traces, jobs, nudge },
) => {
  app.post('/qa/sources/:trace_id', { schema: { params: paramsSchema, response: { 202: sourcesRequestedSchema } } }, async (request, reply) => {
    const trace = await traces.find(request.params.trace_id, request.principal.sub);
    if (!trace || trace.kind !== 'qa') return sendError(reply, 404, NOT_FOUND_TRACE);
    const status = await requestSources(jobs, trace, nudge);
    return reply.code(202).send({ trace_id: trace.id, status });
  });

  app.get(
    '/qa/sources/:trace_id',
    { schema: { params: paramsSchema, response: { 200: qaSourcesResponseSchema } } },
    async (request, reply) => {
      const trace = await traces.find(request.params.trace_id, request.principal.sub);
      if (!trace || trace.kind !== 'qa') return sendError(reply, 404, NOT_FOUND_TRACE);
      return replyWithSources(reply, await sourcesState(jobs, trace), (sources) => sources.qa);
    },
  );
};
