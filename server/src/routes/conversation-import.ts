import { CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS, conversationImportRequestSchema, conversationImportResponseSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importConversations } from '../conversation-import/import-conversations';
import type { Database } from '../db/database';

/** The contract's characters of JSON as bytes: room for text that takes up to four bytes a character. */
const IMPORT_BODY_LIMIT = 4 * CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS;

/**
 * POST /api/conversations/import (docs/chat-ui.md "Export and import"): a batch of conversations
 * of an export file (the portal's, or ChatGPT's converted in the browser), checked strictly with
 * the contract, becomes new conversations of the caller, with new ids, in one transaction (201:
 * the new conversations). The browser sends a large file in several batches.
 */
export const conversationImportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/conversations/import',
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { body: conversationImportRequestSchema, response: { 201: conversationImportResponseSchema } } },
    async (request, reply) => {
      const conversations = await importConversations(db, request.principal.sub, request.body.conversations);
      request.log.info({ conversations: conversations.length, messages: request.body.conversations.reduce((sum, c) => sum + c.messages.length, 0) }, 'conversations imported');
      return reply.code(201).send({ conversations });
    },
  );
};
