import { collectionIdParamsSchema, collectionSearchQuerySchema, collectionSearchResponseSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import { searchPassages } from '../search/search-passages';
import { collectionFor } from './collections';

/** GET /api/collections/{id}/search: passages of a collection the user may read, with matched words. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Database; collections: CollectionsRepository }> = async (
  app,
  { db, collections },
) => {
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
      const hits = await searchPassages(db, { collectionIds: [collection.id], query: request.query.q, limit: request.query.limit });
      const fileIds = [...new Set(hits.map((hit) => hit.fileId))];
      const files = new Map(
        fileIds.length === 0
          ? []
          : (await db.selectFrom('files').select(['id', 'name', 'media_type']).where('id', 'in', fileIds).execute()).map((f) => [f.id, f]),
      );
      return {
        hits: hits.map((hit) => ({
          passage_id: hit.passageId,
          file_id: hit.fileId,
          file_name: files.get(hit.fileId)?.name ?? '',
          media_type: files.get(hit.fileId)?.media_type ?? 'application/octet-stream',
          page_number: hit.pageNumber,
          start_offset: hit.startOffset,
          end_offset: hit.endOffset,
          text: hit.text,
          score: hit.score,
          highlights: hit.highlights,
        })),
      };
    },
  );
};
