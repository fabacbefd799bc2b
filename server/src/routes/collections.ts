import {
  collectionFileListResponseSchema,
  collectionIdParamsSchema,
  collectionListQuerySchema,
  collectionListResponseSchema,
  collectionSummarySchema,
  createCollectionRequestSchema,
  renameCollectionRequestSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionFor, NOT_FOUND_COLLECTION } from '../collections/collection-access';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { FilesRepository } from '../db/repositories/files-repository';
import type { SharingLookup } from '../sharing/shareable-kind';
import { sendError } from '../http/send-error';
import type { FileStorage } from '../ingestion/file-storage';
import { errorResponses } from '../http/error-responses';
import { noContentResponse } from '../http/declared-responses';

export interface CollectionServices {
  collections: CollectionsRepository;
  files: FilesRepository;
  storage: FileStorage;
  /** How listed collections reach the viewer (SharesRepository.sharingOf): each carries its `sharing`. */
  sharingOf: SharingLookup;
}

/**
 * Collections under the collection rule (docs/collections.md): personal ones their owner's and
 * whom they share them with, company ones read by all (or the groups they are restricted to) and
 * managed by administrators.
 */
export const collectionRoutes: FastifyPluginAsyncZod<CollectionServices> = async (app, { collections, files, storage, sharingOf }) => {
  app.get(
    '/collections',
    { schema: { querystring: collectionListQuerySchema, response: { 200: collectionListResponseSchema } } },
    async (request) => ({ collections: await collections.list(request.viewer, request.query.scope, sharingOf) }),
  );

  app.post(
    '/collections',
    { schema: { body: createCollectionRequestSchema, response: { 201: collectionSummarySchema, ...errorResponses(403) } } },
    async (request, reply) => {
      const viewer = request.viewer;
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
      const summary = await collections.summary(request.params.id, request.viewer, sharingOf);
      return summary ?? sendError(reply, 404, NOT_FOUND_COLLECTION);
    },
  );

  app.patch(
    '/collections/:id',
    {
      schema: { params: collectionIdParamsSchema, body: renameCollectionRequestSchema, response: { 200: collectionSummarySchema, ...errorResponses(403) } },
    },
    async (request, reply) => {
      const collection = await collectionFor(collections, request, reply, request.params.id, 'own');
      if (!collection) return reply;
      await collections.rename(collection.id, request.body.name);
      return (await collections.summary(collection.id, request.viewer, sharingOf))!;
    },
  );

  app.delete(
    '/collections/:id',
    { schema: { params: collectionIdParamsSchema, response: { ...noContentResponse, ...errorResponses(403) } } },
    async (request, reply) => {
      const collection = await collectionFor(collections, request, reply, request.params.id, 'own');
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
