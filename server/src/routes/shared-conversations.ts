import {
  conversationSchema,
  conversationSnapshotCreatedSchema,
  conversationSnapshotSchema,
  conversationSnapshotUploadSchema,
  snapshotFileParamsSchema,
  snapshotParamsSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileContentResponse } from '../http/declared-responses';
import { sendError } from '../http/send-error';
import { sendStoredFile } from '../http/send-stored-file';
import type { FileStorage } from '../ingestion/file-storage';
import type { ConversationSnapshotsRepository } from '../sharing/conversation-snapshots-repository';

/** The same words for a snapshot that is missing, revoked, or not shared with the caller. */
const NOT_FOUND_SNAPSHOT = 'No such shared conversation';
const NOT_FOUND_ATTACHMENT = 'No such attachment of this shared conversation';
/** A browser-kept conversation sent to be shared: room for long answers, far below the server's memory. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Shared conversations (docs/chat.md "Sharing a conversation"): the read-only snapshot for its
 * owner and whom it is shared with (the access rule in SQL; 404 for everyone else, administrators
 * included, exactly like a missing one), "continue in my own chat", the attachments when the owner
 * shared them, and the snapshot of a conversation kept in the browser.
 */
export const sharedConversationRoutes: FastifyPluginAsyncZod<{ snapshots: ConversationSnapshotsRepository; storage: FileStorage }> = async (
  app,
  { snapshots, storage },
) => {
  app.get(
    '/shared/conversations/:id',
    { schema: { params: snapshotParamsSchema, response: { 200: conversationSnapshotSchema } } },
    async (request, reply) => (await snapshots.find(request.viewer, request.params.id)) ?? sendError(reply, 404, NOT_FOUND_SNAPSHOT),
  );

  app.post(
    '/shared/conversations/:id/continue',
    { schema: { params: snapshotParamsSchema, response: { 201: conversationSchema } } },
    async (request, reply) => {
      const conversation = await snapshots.continueAs(request.viewer, request.params.id);
      if (!conversation) return sendError(reply, 404, NOT_FOUND_SNAPSHOT);
      request.log.info({ snapshotId: request.params.id, conversationId: conversation.id }, 'shared conversation continued');
      return reply.code(201).send(conversation);
    },
  );

  app.get('/shared/conversations/:id/files/:fileId', { schema: { params: snapshotFileParamsSchema, response: fileContentResponse } }, async (request, reply) => {
    const file = await snapshots.attachment(request.viewer, request.params.id, request.params.fileId);
    if (!file) return sendError(reply, 404, NOT_FOUND_ATTACHMENT);
    return sendStoredFile(request, reply, storage, file);
  });

  // A conversation kept in the browser: the server stores this copy so colleagues can read it.
  app.post(
    '/shared/conversations',
    { bodyLimit: UPLOAD_BODY_LIMIT, schema: { body: conversationSnapshotUploadSchema, response: { 200: conversationSnapshotCreatedSchema, 201: conversationSnapshotCreatedSchema } } },
    async (request, reply) => {
      const { id, created } = await snapshots.upload(request.viewer.sub, request.body);
      return reply.code(created ? 201 : 200).send({ id });
    },
  );
};
