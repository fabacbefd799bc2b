import {
  collectionIdParamsSchema,
  ingestionRunSchema,
  ingestionRunsFilterSchema,
  ingestionRunsPageSchema,
  ingestionRunsQuerySchema,
  uploadConfigSchema,
  uploadResponseSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectionFor, NOT_FOUND_COLLECTION } from '../collections/collection-access';
import { receiveFilesInto, registerUploadParser, type UploadServices } from '../collections/receive-files';
import type { IngestionRunsRepository } from '../db/repositories/ingestion-runs-repository';
import { errorResponses } from '../http/error-responses';
import { sendError } from '../http/send-error';
import { uploadFormSchema } from '../http/multipart-forms';

const UPLOAD_TRIGGER_NAME = 'document-upload';
const STATUS_BASE_URL = '/api/ingestion/runs';

/** The upload config, the upload itself, and the ingestion runs it starts. */
export const uploadRoutes: FastifyPluginAsyncZod<UploadServices & { runs: IngestionRunsRepository }> = async (
  app,
  { collections, files, runs, storage, limits, nudge },
) => {
  await registerUploadParser(app, limits);

  app.get(
    '/qa/upload-config/:userId',
    { schema: { params: z.object({ userId: z.string() }), response: { 200: uploadConfigSchema } } },
    async (request, reply) => {
      // Only the signed-in user's own config exists for them.
      if (request.params.userId !== request.principal.sub) return sendError(reply, 404, 'No upload config for this user');
      const id = await collections.ensureDefaultPersonal(request.principal.sub);
      return {
        upload_url: `/api/collections/${id}/files`,
        status_base_url: STATUS_BASE_URL,
        upload_ingestion_context: { triggerName: UPLOAD_TRIGGER_NAME, destinationContext: { repositoryID: id }, connectorContext: null },
      };
    },
  );

  app.post(
    '/collections/:id/files',
    { schema: { params: collectionIdParamsSchema, response: { 201: uploadResponseSchema, ...errorResponses(403) } }, config: { pendingJobsLimit: true, multipartForm: uploadFormSchema } },
    async (request, reply) => {
      const collection = await collectionFor(collections, request, reply, request.params.id, 'edit');
      if (!collection) return reply;
      return receiveFilesInto(collection.id, request, reply, { collections, files, storage, limits, nudge });
    },
  );

  app.get(
    '/ingestion/runs',
    {
      schema: {
        querystring: ingestionRunsQuerySchema.extend(ingestionRunsFilterSchema.shape),
        response: { 200: ingestionRunsPageSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { page, size, collection_id } = request.query;
      const viewer = request.viewer;
      if (collection_id && !(await collections.findVisible(collection_id, viewer))) return sendError(reply, 404, NOT_FOUND_COLLECTION);
      return runs.page(viewer, { page, size, collectionId: collection_id });
    },
  );

  app.get(
    '/ingestion/runs/:id',
    { schema: { params: collectionIdParamsSchema, response: { 200: ingestionRunSchema } } },
    async (request, reply) => {
      const run = await runs.findVisible(request.params.id, request.viewer);
      return run ?? sendError(reply, 404, 'No such ingestion run');
    },
  );
};
