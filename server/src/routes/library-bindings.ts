import {
  createLibraryBindingsRequestSchema,
  disconnectLibraryQuerySchema,
  libraryBindingIdParamsSchema,
  libraryBindingListResponseSchema,
  libraryBindingSchema,
  libraryIdParamsSchema,
  libraryItemsPageSchema,
  libraryItemsQuerySchema,
} from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOT_FOUND_COLLECTION, refusalOf } from '../collections/collection-access';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import { noContentResponse } from '../http/declared-responses';
import { sendError } from '../http/send-error';
import type { JobQueue } from '../jobs/job-queue';
import type { LibraryBindingsRepository, VisibleBinding } from '../libraries/sync/library-bindings-repository';
import type { LibraryDocuments } from '../libraries/sync/library-documents';
import { requestLibrarySync } from '../libraries/sync/library-sync-job';

export interface LibraryBindingRoutesOptions {
  bindings: LibraryBindingsRepository;
  collections: CollectionsRepository;
  documents: LibraryDocuments;
  jobs: JobQueue;
  /** Wakes the sync runner after a sync was asked for (it polls anyway). */
  nudge: () => void;
}

const NOT_FOUND_LIBRARY = 'No such library';
const NOT_FOUND_BINDING = 'No such synced folder';

/**
 * Library folders bound to collections and their syncs (docs/document-libraries.md#sync). A
 * binding is reached through its connection: a personal library's by its owner, a company
 * library's by administrators; for anyone else it does not exist (404).
 */
export const libraryBindingRoutes: FastifyPluginAsyncZod<LibraryBindingRoutesOptions> = async (app, { bindings, collections, documents, jobs, nudge }) => {
  /** The binding of the request's `id` if the viewer may see it; otherwise the 404 is sent. */
  const bindingFor = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<VisibleBinding | undefined> => {
    const found = await bindings.findVisible(request.params.id, request.viewer);
    if (!found) await sendError(reply, 404, NOT_FOUND_BINDING);
    return found;
  };

  app.get(
    '/libraries/:id/bindings',
    { schema: { params: libraryIdParamsSchema, response: { 200: libraryBindingListResponseSchema } } },
    async (request, reply) => {
      const connection = await bindings.connectionFor(request.params.id, request.viewer);
      if (!connection) return sendError(reply, 404, NOT_FOUND_LIBRARY);
      return { bindings: await bindings.list(connection.id) };
    },
  );

  app.post(
    '/libraries/:id/bindings',
    { schema: { params: libraryIdParamsSchema, body: createLibraryBindingsRequestSchema, response: { 201: libraryBindingListResponseSchema } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const connection = await bindings.connectionFor(request.params.id, viewer);
      if (!connection) return sendError(reply, 404, NOT_FOUND_LIBRARY);
      const collection = await collections.findVisible(request.body.collection_id, viewer);
      if (!collection) return sendError(reply, 404, NOT_FOUND_COLLECTION);
      // A personal library feeds personal collections (its owner's, or one shared with them to edit), a company library company ones.
      if (collection.scope !== connection.scope) {
        return sendError(
          reply,
          400,
          connection.scope === 'personal' ? 'A personal library feeds your personal collections' : 'A company library feeds company collections',
          { code: 'bad_request' },
        );
      }
      // Syncing adds and removes documents: edit rights on the collection (a shared one included).
      const refusal = refusalOf(collection, 'edit');
      if (refusal) return sendError(reply, 403, refusal);
      const folders = new Map(request.body.folders.map((folder) => [folder.id, folder]));
      const created = await bindings.create(connection.id, collection.id, [...folders.values()], viewer.sub);
      if (created === 'conflict') return sendError(reply, 409, 'A chosen folder is synced already', { code: 'conflict' });
      for (const binding of created) await requestLibrarySync(jobs, binding);
      nudge();
      request.log.info({ by: viewer.sub, libraryId: connection.id, collectionId: collection.id, folders: created.length }, 'library folders bound');
      const answer = await Promise.all(created.map((binding) => bindings.get(binding.id)));
      return reply.code(201).send({ bindings: answer.filter((binding) => binding !== undefined) });
    },
  );

  app.get(
    '/library-bindings/:id',
    { schema: { params: libraryBindingIdParamsSchema, response: { 200: libraryBindingSchema } } },
    async (request, reply) => {
      const found = await bindingFor(request, reply);
      if (!found) return reply;
      return (await bindings.get(found.id)) ?? sendError(reply, 404, NOT_FOUND_BINDING);
    },
  );

  /** Stops syncing the folder; `documents=remove` also takes its files out of the collection (default: they stay). */
  app.delete(
    '/library-bindings/:id',
    { schema: { params: libraryBindingIdParamsSchema, querystring: disconnectLibraryQuerySchema.partial(), response: noContentResponse } },
    async (request, reply) => {
      const found = await bindingFor(request, reply);
      if (!found) return reply;
      let removed = 0;
      if (request.query.documents === 'remove') {
        // Paused first: a running sync stops at its next file, and a file it still brings in is removed by it.
        await bindings.pause(found.id);
        removed = await documents.removeAllOf([found.id]);
      }
      await bindings.delete(found.id, request.viewer.sub);
      request.log.info({ by: request.viewer.sub, bindingId: found.id, removed }, 'library folder unbound');
      return reply.code(204).send();
    },
  );

  app.get(
    '/library-bindings/:id/items',
    { schema: { params: libraryBindingIdParamsSchema, querystring: libraryItemsQuerySchema, response: { 200: libraryItemsPageSchema } } },
    async (request, reply) => {
      const found = await bindingFor(request, reply);
      if (!found) return reply;
      const page = await bindings.items(found.id, request.query);
      return page ?? sendError(reply, 400, 'The cursor is not one this server gave out', { code: 'bad_request' });
    },
  );

  app.post(
    '/library-bindings/:id/sync',
    { schema: { params: libraryBindingIdParamsSchema, response: { 202: libraryBindingSchema } } },
    async (request, reply) => {
      const found = await bindingFor(request, reply);
      if (!found) return reply;
      if (found.state === 'paused') return sendError(reply, 409, 'The folder is paused; resume it to sync', { code: 'conflict' });
      // A sync waiting or running already is the one asked for.
      if (await requestLibrarySync(jobs, found)) nudge();
      return reply.code(202).send((await bindings.get(found.id))!);
    },
  );

  app.post(
    '/library-bindings/:id/pause',
    { schema: { params: libraryBindingIdParamsSchema, response: { 200: libraryBindingSchema } } },
    async (request, reply) => {
      const found = await bindingFor(request, reply);
      if (!found) return reply;
      await bindings.pause(found.id);
      return (await bindings.get(found.id))!;
    },
  );

  app.post(
    '/library-bindings/:id/resume',
    { schema: { params: libraryBindingIdParamsSchema, response: { 200: libraryBindingSchema } } },
    async (request, reply) => {
      const found = await bindingFor(request, reply);
      if (!found) return reply;
      if (await bindings.resume(found.id)) {
        await requestLibrarySync(jobs, found);
        nudge();
      }
      return (await bindings.get(found.id))!;
    },
  );
};
