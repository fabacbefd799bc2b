import { CONVERSATION_ERRORS, STREAM_CONTENT_TYPE, streamEventSchema, uuidSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayUseDeveloperMode } from '../chat/answer-details';
import type { MessageEventLogsRepository } from '../db/repositories/message-event-logs-repository';
import { streamResponse } from '../http/declared-responses';
import { errorResponses } from '../http/error-responses';
import { sendError, sendRefusal } from '../http/send-error';

const paramsSchema = z.object({ id: uuidSchema });

export const DEVELOPER_MODE_FORBIDDEN = 'Developer mode is not available to you';

/**
 * GET /api/conversations/{id}/events.jsonl (docs/developer-mode.md): the raw stream events of the
 * conversation's answers given while developer mode was on, oldest first, as JSON lines exactly as
 * they were streamed, as a download. 403 for a user who may not use developer mode; another
 * user's conversation is a 404, like a missing one. An answer given with developer mode off
 * contributes nothing, so the file may be empty.
 */
export const conversationEventsRoutes: FastifyPluginAsyncZod<{ eventLogs: MessageEventLogsRepository }> = async (app, { eventLogs }) => {
  app.get('/conversations/:id/events.jsonl', { schema: { params: paramsSchema, response: { ...streamResponse(streamEventSchema), ...errorResponses(403) } } }, async (request, reply) => {
    if (!mayUseDeveloperMode(request)) return sendError(reply, 403, DEVELOPER_MODE_FORBIDDEN);
    const events = await eventLogs.forConversation(request.principal.sub, request.params.id);
    if (events === undefined) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
    return reply
      .header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="conversation-${request.params.id}.events.jsonl"`)
      .send(events);
  });
};
