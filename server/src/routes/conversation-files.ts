import { CONVERSATION_ERRORS, collectionFileListResponseSchema, uploadResponseSchema, uuidSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOT_FOUND_FILE } from '../collections/collection-access';
import { receiveFilesInto, registerUploadParser, type UploadServices } from '../collections/receive-files';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import { sendError, sendRefusal } from '../http/send-error';
import { noContentResponse } from '../http/declared-responses';
import { uploadFormSchema } from '../http/multipart-forms';

const conversationParamsSchema = z.object({ id: uuidSchema });
const conversationFileParamsSchema = z.object({ id: uuidSchema, fileId: uuidSchema });

/**
 * A conversation's attachments (docs/chat.md "Attachments"): files uploaded into the conversation
 * are kept in its own collection (scope 'conversation', made on the first upload), with the same
 * upload, limits, accepted types and ingestion as a collection's. Only the conversation's owner
 * reaches them (another user's conversation is a 404); they go with the conversation.
 * A file's preview, content and retry are the usual /api/files/{fileId}/... calls.
 */
export const conversationFileRoutes: FastifyPluginAsyncZod<
  UploadServices & { conversations: ConversationsRepository }
> = async (app, { conversations, collections, files, storage, limits, nudge }) => {
  await registerUploadParser(app, limits);

  app.post(
    '/conversations/:id/files',
    { schema: { params: conversationParamsSchema, response: { 201: uploadResponseSchema } }, config: { pendingJobsLimit: true, multipartForm: uploadFormSchema } },
    async (request, reply) => {
      const collectionId = await conversations.attachmentCollectionId(request.principal.sub, request.params.id, { create: true });
      if (!collectionId) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
      // Images too: a question's screenshots and photos, handed to the model as they are (docs/chat.md "Images").
      return receiveFilesInto(collectionId, request, reply, { collections, files, storage, limits, nudge }, { images: true });
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
      if (!conversation) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
      return { files: collectionId ? await files.listInCollection(collectionId) : [] };
    },
  );

  app.delete(
    '/conversations/:id/files/:fileId',
    { schema: { params: conversationFileParamsSchema, response: noContentResponse } },
    async (request, reply) => {
      const owner = request.principal.sub;
      const collectionId = await conversations.attachmentCollectionId(owner, request.params.id, { create: false });
      if (!collectionId && !(await conversations.find(owner, request.params.id))) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
      const found = collectionId ? await files.findVisible(request.params.fileId, request.viewer) : undefined;
      if (!collectionId || found?.file.collection_id !== collectionId) return sendError(reply, 404, NOT_FOUND_FILE);
      const key = await files.delete(found.file.id);
      if (key) await storage.remove(key);
      await collections.touch(collectionId);
      request.log.info({ by: owner, conversationId: request.params.id, fileId: request.params.fileId }, 'attachment deleted');
      return reply.code(204).send();
    },
  );
};
