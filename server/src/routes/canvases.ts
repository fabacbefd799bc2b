import {
  CANVAS_ERRORS,
  CONVERSATION_ERRORS,
  canvasDocumentSchema,
  canvasIdParamsSchema,
  canvasListResponseSchema,
  canvasVersionListResponseSchema,
  canvasVersionParamsSchema,
  canvasVersionSchema,
  createCanvasRequestSchema,
  restoreCanvasRequestSchema,
  saveCanvasRequestSchema,
  uuidSchema,
  type CanvasDocument,
} from '@assistant/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CANVAS_BODY_LIMIT, limitCanvasLength } from '../canvas/canvas-size-limit';
import type { CanvasRefusal, CanvasesRepository } from '../canvas/canvases-repository';
import { sendRefusal } from '../http/send-error';
import { noContentResponse } from '../http/declared-responses';

/** Sends one of the contract's canvas refusals (the browser-kept store answers the same). */
function refuseCanvas(reply: FastifyReply, which: CanvasRefusal) {
  return sendRefusal(reply, which === 'conversationNotFound' ? CONVERSATION_ERRORS.conversationNotFound : CANVAS_ERRORS[which]);
}

/** The document, or the refusal sent. */
function documentOr(reply: FastifyReply, result: CanvasDocument | CanvasRefusal) {
  return typeof result === 'string' ? refuseCanvas(reply, result) : result;
}

const conversationParamsSchema = z.object({ id: uuidSchema });

/**
 * The canvas documents of the server-kept history (docs/canvas.md; contract canvas.ts): list and
 * create a conversation's canvases, read one, save it (a version by the user), list and read its
 * versions, restore one (a new version with its text), delete it. Every canvas is its owner's
 * alone: another user's canvas or conversation is a 404 not_found, like a missing one. A document
 * longer than CANVAS_MAX_CHARACTERS is a 413 payload_too_large with the limit in characters. The
 * model's edits are POST /skills/canvas-edit-agent (canvas-edit-agent.ts).
 */
export const canvasRoutes: FastifyPluginAsyncZod<{ canvases: CanvasesRepository }> = async (app, { canvases }) => {
  app.get(
    '/conversations/:id/canvases',
    { schema: { params: conversationParamsSchema, response: { 200: canvasListResponseSchema } } },
    async (request, reply) => {
      const list = await canvases.list(request.principal.sub, request.params.id);
      return list ? { canvases: list } : refuseCanvas(reply, 'conversationNotFound');
    },
  );

  app.post(
    '/conversations/:id/canvases',
    {
      bodyLimit: CANVAS_BODY_LIMIT,
      preValidation: limitCanvasLength('markdown'),
      schema: { params: conversationParamsSchema, body: createCanvasRequestSchema, response: { 201: canvasDocumentSchema } },
    },
    async (request, reply) => {
      const created = await canvases.create(request.principal.sub, request.params.id, request.body);
      if (typeof created === 'string') return refuseCanvas(reply, created);
      request.log.info({ canvasId: created.id, conversationId: created.conversation_id, characters: created.markdown.length }, 'canvas created');
      return reply.code(201).send(created);
    },
  );

  app.get('/canvases/:id', { schema: { params: canvasIdParamsSchema, response: { 200: canvasDocumentSchema } } }, async (request, reply) => {
    const canvas = await canvases.find(request.principal.sub, request.params.id);
    return canvas ?? refuseCanvas(reply, 'canvasNotFound');
  });

  app.put(
    '/canvases/:id/document',
    {
      bodyLimit: CANVAS_BODY_LIMIT,
      preValidation: limitCanvasLength('markdown'),
      schema: { params: canvasIdParamsSchema, body: saveCanvasRequestSchema, response: { 200: canvasDocumentSchema } },
    },
    async (request, reply) => {
      const saved = await canvases.save(request.principal.sub, request.params.id, {
        markdown: request.body.markdown,
        baseVersion: request.body.base_version,
      });
      return documentOr(reply, saved);
    },
  );

  app.get(
    '/canvases/:id/versions',
    { schema: { params: canvasIdParamsSchema, response: { 200: canvasVersionListResponseSchema } } },
    async (request, reply) => {
      const versions = await canvases.versions(request.principal.sub, request.params.id);
      return versions ? { versions } : refuseCanvas(reply, 'canvasNotFound');
    },
  );

  app.get(
    '/canvases/:id/versions/:version',
    { schema: { params: canvasVersionParamsSchema, response: { 200: canvasVersionSchema } } },
    async (request, reply) => {
      const version = await canvases.version(request.principal.sub, request.params.id, request.params.version);
      return typeof version === 'string' ? refuseCanvas(reply, version) : version;
    },
  );

  app.post(
    '/canvases/:id/versions/:version/restore',
    { schema: { params: canvasVersionParamsSchema, body: restoreCanvasRequestSchema, response: { 200: canvasDocumentSchema } } },
    async (request, reply) => {
      const restored = await canvases.restore(request.principal.sub, request.params.id, {
        version: request.params.version,
        baseVersion: request.body.base_version,
      });
      return documentOr(reply, restored);
    },
  );

  app.delete('/canvases/:id', { schema: { params: canvasIdParamsSchema, response: noContentResponse } }, async (request, reply) => {
    if (!(await canvases.delete(request.principal.sub, request.params.id))) return refuseCanvas(reply, 'canvasNotFound');
    request.log.info({ canvasId: request.params.id }, 'canvas deleted');
    return reply.code(204).send();
  });
};
