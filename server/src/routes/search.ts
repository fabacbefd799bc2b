import {
  collectionIdParamsSchema,
  collectionSearchQuerySchema,
  collectionSearchResponseSchema,
  searchQuerySchema,
  type CollectionSearchResponse,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionFor, NOT_FOUND_COLLECTION } from '../collections/collection-access';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { FilesRepository } from '../db/repositories/files-repository';
import { sendError } from '../http/send-error';
import type { Retriever } from '../search/retriever';
import { errorResponses } from '../http/error-responses';

/**
 * The search box over passages the user may read: `GET /api/collections/{id}/search` in one
 * collection, `GET /api/search?collection_id=...` over several (one ranking). It is the retrieval
 * grounded answers use (full text, compound words, vectors when configured), with the search
 * box's phrases and exclusions, so what a question finds the search box finds too.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ collections: CollectionsRepository; files: FilesRepository; retriever: Retriever }> = async (
  app,
  { collections, files, retriever },
) => {
  const search = async (collectionIds: string[], q: string, limit: number): Promise<CollectionSearchResponse> => {
    const hits = await retriever.search({ collectionIds, query: q, limit, searchBox: true });
    const labels = await files.labels([...new Set(hits.map((hit) => hit.fileId))]);
    return {
      hits: hits.map((hit) => ({
        passage_id: hit.passageId,
        file_id: hit.fileId,
        collection_id: hit.collectionId,
        file_name: labels.get(hit.fileId)?.name ?? '',
        media_type: labels.get(hit.fileId)?.media_type ?? 'application/octet-stream',
        page_number: hit.pageNumber,
        start_offset: hit.startOffset,
        end_offset: hit.endOffset,
        text: hit.text,
        score: hit.score,
        highlights: hit.highlights,
      })),
    };
  };

  app.get(
    '/collections/:id/search',
    {
      schema: {
        params: collectionIdParamsSchema,
        querystring: collectionSearchQuerySchema,
        response: { 200: collectionSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const collection = await collectionFor(collections, request, reply, request.params.id, 'read');
      if (!collection) return reply;
      return search([collection.id], request.query.q, request.query.limit);
    },
  );

  app.get(
    '/search',
    { schema: { querystring: searchQuerySchema, response: { 200: collectionSearchResponseSchema, ...errorResponses(404) } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const { q, collection_id: ids, limit } = request.query;
      const visible = await Promise.all(ids.map((id) => collections.findVisible(id, viewer)));
      // One unreadable collection fails the whole call, the same 404 as a missing one.
      if (visible.some((collection) => !collection)) return sendError(reply, 404, NOT_FOUND_COLLECTION);
      return search(ids, q, limit);
    },
  );
};
