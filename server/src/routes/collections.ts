import {
  PERMISSION_ADMINISTRATE,
  collectionFileListResponseSchema,
  collectionIdParamsSchema,
  collectionListQuerySchema,
  collectionListResponseSchema,
  collectionSummarySchema,
  createCollectionRequestSchema,
  renameCollectionRequestSchema,
} from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canManage, type CollectionRow, type CollectionsRepository, type Viewer } from '../db/repositories/collections-repository';
import type { FilesRepository } from '../db/repositories/files-repository';
import { sendError } from '../http/send-error';
import type { FileStorage } from '../ingestion/file-storage';

export interface CollectionServices {
  collections: CollectionsRepository;
  files: FilesRepository;
  storage: FileStorage;
}

export function viewerOf(request: FastifyRequest): Viewer {
  return { sub: request.principal.sub, isAdmin: request.principal.permissions.has(PERMISSION_ADMINISTRATE) };
}

export const NOT_FOUND_COLLECTION = 'No such collection';
export const NOT_FOUND_FILE = 'No such file';

/**
 * Finds a collection for the request: 404 when the user may not see it (another user's personal
 * collection does not exist for them), 403 when they may see but not change it (company, not admin).
 * Answers undefined after sending the error.
 */
export async function collectionFor(
  collections: CollectionsRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  need: 'read' | 'manage',
): Promise<CollectionRow | undefined> {
  const viewer = viewerOf(request);
  const collection = await collections.findVisible(id, viewer);
  if (!collection) {
    await sendError(reply, 404, NOT_FOUND_COLLECTION);
    return undefined;
  }
  if (need === 'manage' && !canManage(collection, viewer)) {
    await sendError(reply, 403, 'Only administrators change company collections');
    return undefined;
  }
  return collection;
}

/** Collections: personal ones their owner's alone, company ones read by all and managed by administrators. */
export const collectionRoutes: FastifyPluginAsyncZod<CollectionServices> = async (app, { collections, files, storage }) => {
  app.get(
    '/collections',
    { schema: { querystring: collectionListQuerySchema, response: { 200: collectionListResponseSchema } } },
    async (request) => ({ collections: await collections.list(viewerOf(request), request.query.scope) }),
  );

  app.post(
    '/collections',
    { schema: { body: createCollectionRequestSchema, response: { 201: collectionSummarySchema } } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      if (request.body.scope === 'company' && !viewer.isAdmin) {
        return sendError(reply, 403, 'Only administrators create company collections');
      }
      const created = await collections.create(viewer, request.body.name, request.body.scope);
      request.log.info({ by: viewer.sub, collectionId: created.id, scope: created.scope }, 'collection created');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/collections/:id',
    { schema: { params: collectionIdParamsSchema, response: { 200: collectionSummarySchema } } },
    async (request, reply) => {
      const summary = await collections.summary(request.params.id, viewerOf(request));
      return summary ?? sendError(reply, 404, NOT_FOUND_COLLECTION);
    },
  );

  app.patch(
    '/collections/:id',
    {
      schema: { params: collectionIdParamsSchema, body: renameCollectionRequestSchema, response: { 200: collectionSummarySchema } },
    },
    async (request, reply) => {
      const collection = await collectionFor(collections, request, reply, request.params.id, 'manage');
      if (!collection) return reply;
      await collections.rename(collection.id, request.body.name);
      return (await collections.summary(collection.id, viewerOf(request)))!;
    },
  );

  app.delete(
    '/collections/:id',
    { schema: { params: collectionIdParamsSchema } },
    async (request, reply) => {
      const collection = await collectionFor(collections, request, reply, request.params.id, 'manage');
      if (!collection) return reply;
      const keys = await collections.delete(collection.id);
      await Promise.all(keys.map((key) => storage.remove(key)));
      request.log.info({ by: request.principal.sub, collectionId: collection.id, files: keys.length }, 'collection deleted');
      return reply.code(204).send();
    },
  );

  app.get(
    '/collections/:id/files',
    { schema: { params: collectionIdParamsSchema, response: { 200: collectionFileListResponseSchema } } },
    async (request, reply) => {
      const collection = await collectionFor(collections, request, reply, request.params.id, 'read');
      if (!collection) return reply;
      return { files: await files.listInCollection(collection.id) };
    },
  );
};
