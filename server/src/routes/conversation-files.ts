import { CONVERSATION_ERRORS, collectionFileListResponseSchema, uploadResponseSchema, uuidSchema } from '@assistant/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import { sendError } from '../http/send-error';
import { NOT_FOUND_FILE, viewerOf } from './collections';
import { receiveFilesInto, registerUploadParser, type UploadServices } from './upload';

const conversationParamsSchema = z.object({ id: uuidSchema });
const conversationFileParamsSchema = z.object({ id: uuidSchema, fileId: uuidSchema });

function conversationNotFound(reply: FastifyReply) {
  const { statusCode, code, message } = CONVERSATION_ERRORS.conversationNotFound;
  return sendError(reply, statusCode, message, { code });
}

/**
 * A conversation's attachments (docs/chat.md "Attachments"): files uploaded into the conversation
 * are kept in its own collection (scope 'conversation', made on the first upload), with the same
 * upload, limits, accepted types and ingestion as a collection's. Only the conversation's owner
 * reaches them (another user's conversation is a 404); they go with the conversation.
 * A file's preview, content and retry are the usual /api/files/{fileId}/... calls.
 */
export const conversationFileRoutes: FastifyPluginAsyncZod<
  Pick<UploadServices, 'collections' | 'files' | 'storage' | 'limits' | 'nudge'> & { conversations: ConversationsRepository }
> = async (app, { conversations, collections, files, storage, limits, nudge }) => {
  await registerUploadParser(app, limits);

  app.post(
    '/conversations/:id/files',
    { schema: { params: conversationParamsSchema, response: { 201: uploadResponseSchema } }, config: { pendingJobsLimit: true } },
    async (request, reply) => {
      const collectionId = await conversations.attachmentCollectionId(request.principal.sub, request.params.id, { create: true });
      if (!collectionId) return conversationNotFound(reply);
      return receiveFilesInto(collectionId, request, reply, { collections, files, storage, limits, nudge });
    },
  );

  app.get(
    '/conversations/:id/files',
    { schema: { params: conversationParamsSchema, response: { 200: collectionFileListResponseSchema } } },
    async (request, reply) => {
      const owner = request.principal.sub;
      const [conversation, collectionId] = await Promise.all([
        conversations.find(owner, request.params.id),
        conversations.attachmentCollectionId(owner, request.params.id, { create: false }),
      ]);
      if (!conversation) return conversationNotFound(reply);
      return { files: collectionId ? await files.listInCollection(collectionId) : [] };
    },
  );

  app.delete(
    '/conversations/:id/files/:fileId',
    { schema: { params: conversationFileParamsSchema } },
    async (request, reply) => {
      const owner = request.principal.sub;
      const collectionId = await conversations.attachmentCollectionId(owner, request.params.id, { create: false });
      if (!collectionId && !(await conversations.find(owner, request.params.id))) return conversationNotFound(reply);
      const found = collectionId ? await files.findVisible(request.params.fileId, viewerOf(request)) : undefined;
      if (!collectionId || found?.file.collection_id !== collectionId) return sendError(reply, 404, NOT_FOUND_FILE);
      const key = await files.delete(found.file.id);
      if (key) await storage.remove(key);
      await collections.touch(collectionId);
      request.log.info({ by: owner, conversationId: request.params.id, fileId: request.params.fileId }, 'attachment deleted');
      return reply.code(204).send();
    },
  );
};
