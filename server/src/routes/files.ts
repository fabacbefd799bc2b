import { fileIdParamsSchema, filePagesResponseSchema, ingestionRunSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOT_FOUND_FILE, refusalOf } from '../collections/collection-access';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { FilesRepository } from '../db/repositories/files-repository';
import type { IngestionRunsRepository } from '../db/repositories/ingestion-runs-repository';
import { sendError } from '../http/send-error';
import { sendStoredFile } from '../http/send-stored-file';
import type { FileStorage } from '../ingestion/file-storage';
import { toDocumentPage } from '../search/document-pages';
import { errorResponses } from '../http/error-responses';
import { fileContentResponse, noContentResponse } from '../http/declared-responses';

/** One file: delete, its original bytes, and its text layer for the preview. */
export const fileRoutes: FastifyPluginAsyncZod<{
  collections: CollectionsRepository;
  files: FilesRepository;
  runs: IngestionRunsRepository;
  storage: FileStorage;
  nudge: () => void;
}> = async (app, { collections, files, runs, storage, nudge }) => {
  /** Retry: a new ingestion run for a file whose latest run failed (409 otherwise). */
  app.post(
    '/files/:fileId/runs',
    { schema: { params: fileIdParamsSchema, response: { 201: ingestionRunSchema } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const found = await files.findVisible(request.params.fileId, viewer);
      if (!found) return sendError(reply, 404, NOT_FOUND_FILE);
      const refusal = refusalOf(found.collection, 'edit');
      if (refusal) return sendError(reply, 403, refusal);
      const runId = await runs.retry(found.file.id);
      if (!runId) return sendError(reply, 409, 'Only a file whose processing failed can be processed again');
      nudge();
      return reply.code(201).send((await runs.findVisible(runId, viewer))!);
    },
  );

  app.delete('/files/:fileId', { schema: { params: fileIdParamsSchema, response: { ...noContentResponse, ...errorResponses(403) } } }, async (request, reply) => {
    const viewer = request.viewer;
    const found = await files.findVisible(request.params.fileId, viewer);
    if (!found) return sendError(reply, 404, NOT_FOUND_FILE);
    const refusal = refusalOf(found.collection, 'edit');
    if (refusal) return sendError(reply, 403, refusal);
    const key = await files.delete(found.file.id);
    if (key) await storage.remove(key);
    await collections.touch(found.collection.id);
    request.log.info({ by: viewer.sub, fileId: found.file.id }, 'file deleted');
    return reply.code(204).send();
  });

  app.get('/files/:fileId/content', { schema: { params: fileIdParamsSchema, response: fileContentResponse } }, async (request, reply) => {
    const found = await files.findVisible(request.params.fileId, request.viewer);
    if (!found) return sendError(reply, 404, NOT_FOUND_FILE);
    return sendStoredFile(request, reply, storage, found.file);
  });

  app.get(
    '/files/:fileId/pages',
    { schema: { params: fileIdParamsSchema, response: { 200: filePagesResponseSchema } } },
    async (request, reply) => {
      const found = await files.findVisible(request.params.fileId, request.viewer);
      if (!found) return sendError(reply, 404, NOT_FOUND_FILE);
      const rows = await files.pages(found.file.id);
      return { pages: rows.map((row) => toDocumentPage({ ...row, file_id: found.file.id })) };
    },
  );
};

