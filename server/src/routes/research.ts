import {
  STREAM_CONTENT_TYPE,
  researchClarificationRequestSchema,
  researchEventsQuerySchema,
  researchIdParamsSchema,
  researchPlanApprovalSchema,
  researchStateSchema,
  startResearchRequestSchema,
  streamEventSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NdjsonWriter } from '../chat/ndjson-writer';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import { relayResearch } from '../research/relay-research';
import { DEEP_RESEARCH_OFF, deepResearchEnabled, sendResearchRefusal } from '../research/research-gate';
import type { ResearchService } from '../research/research-service';
import { errorResponses } from '../http/error-responses';
import { streamResponse } from '../http/declared-responses';

/**
 * Deep research (docs/deep-research.md): POST /api/research starts a run (the chat route does the
 * same for a message with `deep_research: true`); GET /api/research/{id} is its state; GET
 * /api/research/{id}/events?after=<seq> replays the stored events after `seq`, then follows new
 * ones as JSON lines in the stream envelope, until `end` (then `done`, or `error` with the reason
 * when the run failed or was cancelled); clarification, plan and cancel move it on. Another
 * user's research id is a 404.
 */
export const researchRoutes: FastifyPluginAsyncZod<{ research: ResearchService; settings: SettingsRepository }> = async (app, { research, settings }) => {
  app.post('/research', { schema: { body: startResearchRequestSchema, response: { 201: researchStateSchema, ...errorResponses(403, 404, 409, 429) } } }, async (request, reply) => {
    if (!(await deepResearchEnabled(settings))) return sendError(reply, 403, DEEP_RESEARCH_OFF);
    try {
      const id = await research.start({
        owner: request.principal.sub,
        groups: request.viewer.groups,
        question: request.body.question,
        conversationId: request.body.conversation_id,
        collections: request.body.collections,
      });
      return reply.code(201).send(await research.state(id, request.principal.sub));
    } catch (error) {
      return sendResearchRefusal(reply, error);
    }
  });

  app.get('/research/:id', { schema: { params: researchIdParamsSchema, response: { 200: researchStateSchema } } }, async (request, reply) => {
    try {
      return await research.state(request.params.id, request.principal.sub);
    } catch (error) {
      return sendResearchRefusal(reply, error);
    }
  });

  app.post('/research/:id/clarification', { schema: { params: researchIdParamsSchema, body: researchClarificationRequestSchema, response: { 200: researchStateSchema, ...errorResponses(409) } } }, async (request, reply) => {
    try {
      await research.answerClarification(request.params.id, request.principal.sub, request.body.answer);
      return await research.state(request.params.id, request.principal.sub);
    } catch (error) {
      return sendResearchRefusal(reply, error);
    }
  });

  app.post('/research/:id/plan', { schema: { params: researchIdParamsSchema, body: researchPlanApprovalSchema, response: { 200: researchStateSchema, ...errorResponses(409) } } }, async (request, reply) => {
    try {
      await research.approvePlan(request.params.id, request.principal.sub, request.body);
      return await research.state(request.params.id, request.principal.sub);
    } catch (error) {
      return sendResearchRefusal(reply, error);
    }
  });

  app.post('/research/:id/cancel', { schema: { params: researchIdParamsSchema, response: { 200: researchStateSchema, ...errorResponses(409) } } }, async (request, reply) => {
    try {
      await research.cancel(request.params.id, request.principal.sub);
      return await research.state(request.params.id, request.principal.sub);
    } catch (error) {
      return sendResearchRefusal(reply, error);
    }
  });

  app.get('/research/:id/events', { schema: { params: researchIdParamsSchema, querystring: researchEventsQuerySchema, response: streamResponse(streamEventSchema) } }, async (request, reply) => {
    const owner = request.principal.sub;
    try {
      await research.require(request.params.id, owner);
    } catch (error) {
      return sendResearchRefusal(reply, error);
    }
    const client = abortWhenClientLeaves(reply);
    const writer = new NdjsonWriter(client.signal);
    void relayResearch({ research, id: request.params.id, owner, after: request.query.after, writer, signal: client.signal })
      .then(() => writer.end())
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'research: following the events failed');
        writer.end();
      })
      .finally(() => client.dispose());
    reply.header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`).header('x-accel-buffering', 'no');
    return reply.send(writer.stream);
  });
};
