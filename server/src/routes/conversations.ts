import {
  conversationListResponseSchema,
  conversationNameQuerySchema,
  conversationSchema,
  messageListResponseSchema,
  messagePayloadSchema,
  STREAM_CONTENT_TYPE,
  STREAM_ERROR_CODES,
  uuidSchema,
  type MessagePayload,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { prepareIds, relayExchange, startExchange, type PreparedExchange } from '../chat/answer-exchange';
import { NdjsonWriter } from '../chat/ndjson-writer';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import type { ModelProvider } from '../inference/model-provider';
import { UpstreamError, isAbortError, statusForUpstreamError } from '../inference/upstream';

export const NOT_FOUND_CONVERSATION = 'No such conversation';
export const NOT_FOUND_MESSAGE = 'No such message in this conversation';
export const NO_MODEL = `${STREAM_ERROR_CODES.model_unavailable}: chat needs a language model (OPENAI_BASE_URL, or a local Ollama)`;

const conversationParamsSchema = z.object({ id: uuidSchema });

/** What the payload asks for that this server does not do yet; each is refused with 501, never faked. */
function unsupported(payload: MessagePayload): string | undefined {
  if (payload.deep_research) return 'Deep research is not available yet';
  if (payload.attachments.length > 0) return 'Attachments are not available in chat yet';
  if (payload.collections.length > 0) return 'Answers from collections are not available in chat yet';
  if (payload.server_ids.length > 0) return 'Tool servers are not available yet';
  if (payload.personality !== undefined) return 'Agents are not available in chat yet';
  return undefined;
}

/**
 * Conversations (SPEC section 7): create (`POST /conversations?name=`), list, messages, rename
 * (`PATCH ?name=`), delete, and `POST /conversations/{id}/messages/v2`, which streams the answer as
 * JSON lines (docs/chat.md). Every conversation and message is its owner's alone: another user's
 * is a 404, like a missing one.
 */
export const conversationRoutes: FastifyPluginAsyncZod<{ conversations: ConversationsRepository; models: ModelProvider }> = async (
  app,
  { conversations, models },
) => {
  app.post(
    '/conversations',
    { schema: { querystring: conversationNameQuerySchema, response: { 201: conversationSchema } } },
    async (request, reply) => {
      const created = await conversations.create(request.principal.sub, request.query.name);
      return reply.code(201).send(created);
    },
  );

  app.get('/conversations', { schema: { response: { 200: conversationListResponseSchema } } }, async (request) => ({
    conversations: await conversations.list(request.principal.sub),
  }));

  app.get(
    '/conversations/:id/messages',
    { schema: { params: conversationParamsSchema, response: { 200: messageListResponseSchema } } },
    async (request, reply) => {
      const messages = await conversations.messages(request.principal.sub, request.params.id);
      if (!messages) return sendError(reply, 404, NOT_FOUND_CONVERSATION);
      return { conversation_id: request.params.id, messages };
    },
  );

  app.patch(
    '/conversations/:id',
    { schema: { params: conversationParamsSchema, querystring: conversationNameQuerySchema, response: { 200: conversationSchema } } },
    async (request, reply) => {
      const renamed = await conversations.rename(request.principal.sub, request.params.id, request.query.name);
      return renamed ?? sendError(reply, 404, NOT_FOUND_CONVERSATION);
    },
  );

  app.delete('/conversations/:id', { schema: { params: conversationParamsSchema } }, async (request, reply) => {
    if (!(await conversations.delete(request.principal.sub, request.params.id))) return sendError(reply, 404, NOT_FOUND_CONVERSATION);
    request.log.info({ conversationId: request.params.id }, 'conversation deleted');
    return reply.code(204).send();
  });

  app.post(
    '/conversations/:id/messages/v2',
    { schema: { params: conversationParamsSchema, body: messagePayloadSchema } },
    async (request, reply) => {
      const owner = request.principal.sub;
      const payload = request.body;
      // One query for the conversation, the parent, its branch and the message_id check, beside
      // the (cached) model list: the answer is asked for as early as possible.
      const [prepared, offered] = await Promise.all([
        conversations.prepareExchange(owner, request.params.id, { parent: payload.parent_message_id, messageId: payload.message_id }),
        models.models(),
      ]);
      if (!prepared) return sendError(reply, 404, NOT_FOUND_CONVERSATION);
      const notYet = unsupported(payload);
      if (notYet) return sendError(reply, 501, notYet);

      // Where the new message goes: absent parent = after the latest message; null = a new first message.
      const { conversation, parentId } = prepared;
      if (!prepared.parentFound) return sendError(reply, 404, NOT_FOUND_MESSAGE);

      // A retried request with the same client-made message_id answers its stored question again.
      const { userMessageId, assistantMessageId } = prepareIds(payload);
      let existingUserMessage;
      if (payload.message_id !== undefined) {
        existingUserMessage = prepared.existing;
        const reusable =
          existingUserMessage?.role === 'user' &&
          existingUserMessage.content === payload.content &&
          existingUserMessage.parent_message_id === parentId;
        if (existingUserMessage ? !reusable : prepared.messageIdTaken) {
          return sendError(reply, 409, 'message_id is already used by another message');
        }
      }

      if (offered.length === 0) return sendError(reply, 503, NO_MODEL);
      const model = payload.reasoning_model_override ?? offered[0]!;
      if (!offered.includes(model)) return sendError(reply, 400, `Unknown language model: ${model}`);

      const exchange: PreparedExchange = {
        owner,
        conversation,
        parentId,
        branch: prepared.branch,
        existingUserMessage,
        userMessageId,
        assistantMessageId,
        model,
        payload,
        isFirstExchange: !prepared.hasMessages,
      };

      const client = abortWhenClientLeaves(reply);
      let deltas;
      try {
        deltas = await startExchange(models, conversations, exchange, client.signal);
      } catch (error) {
        client.dispose();
        if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
        if (error instanceof UpstreamError) {
          request.log.warn({ model, reason: error.message, status: error.status }, 'chat: the model refused');
          const status = statusForUpstreamError(error, { unreachableIs503: true });
          return sendError(reply, status, status === 503 ? NO_MODEL : `The answer failed: ${error.message}`);
        }
        throw error;
      }

      const writer = new NdjsonWriter(client.signal);
      void relayExchange({ models, conversations, exchange, deltas, writer, signal: client.signal, log: request.log })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'chat: the exchange failed');
          writer.end();
        })
        .finally(() => client.dispose());
      reply
        .header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`)
        // Proxies (nginx) pass each line on at once instead of buffering the answer.
        .header('x-accel-buffering', 'no');
      return reply.send(writer.stream);
    },
  );
};
