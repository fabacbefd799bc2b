import { PROJECT_ERRORS, collectionFileListResponseSchema, projectFileParamsSchema, projectIdParamsSchema, uploadResponseSchema } from '@assistant/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOT_FOUND_FILE } from '../collections/collection-access';
import { receiveFilesInto, registerUploadParser, type UploadServices } from '../collections/receive-files';
import { noContentResponse } from '../http/declared-responses';
import { errorResponses } from '../http/error-responses';
import { sendError, sendRefusal } from '../http/send-error';
import { uploadFormSchema } from '../http/multipart-forms';
import type { Viewer } from '../auth/principal';
import type { ProjectRecord, ProjectsRepository } from '../projects/projects-repository';

/**
 * A project's files (docs/projects.md "Files"): kept in the project's own collection (scope
 * 'project', made with it), with the same upload, limits, accepted types, ingestion and statuses
 * as a collection's. Whom the project reaches lists them (and opens them with the usual
 * /api/files/{fileId}/... calls); its owner and editors upload and remove them (403 for a reader,
 * 404 for anyone it does not reach). A retry is POST /api/files/{fileId}/runs, as for a collection.
 */
export const projectFileRoutes: FastifyPluginAsyncZod<UploadServices & { projects: ProjectsRepository }> = async (app, { projects, collections, files, storage, limits, nudge }) => {
  await registerUploadParser(app, limits);

  /** The project when the viewer may change its files; else the refusal is sent (404 or 403). */
  async function editable(id: string, viewer: Viewer, reply: FastifyReply): Promise<ProjectRecord | undefined> {
    const found = await projects.findEditable(id, viewer);
    if (found) return found;
    await sendRefusal(reply, (await projects.findReadable(id, viewer)) ? PROJECT_ERRORS.readOnly : PROJECT_ERRORS.notFound);
    return undefined;
  }

  app.post(
    '/projects/:id/files',
    {
      schema: { params: projectIdParamsSchema, response: { 201: uploadResponseSchema, ...errorResponses(403) } },
      config: { pendingJobsLimit: true, multipartForm: uploadFormSchema },
    },
    async (request, reply) => {
      const project = await editable(request.params.id, request.viewer, reply);
      if (!project) return reply;
      const answered = await receiveFilesInto(project.collectionId, request, reply, { collections, files, storage, limits, nudge });
      if (reply.statusCode === 201) await projects.touch(project.id);
      return answered;
    },
  );

  app.get('/projects/:id/files', { schema: { params: projectIdParamsSchema, response: { 200: collectionFileListResponseSchema } } }, async (request, reply) => {
    const project = await projects.findReadable(request.params.id, request.viewer);
    if (!project) return sendRefusal(reply, PROJECT_ERRORS.notFound);
    return { files: await files.listInCollection(project.collectionId) };
  });

  app.delete(
    '/projects/:id/files/:fileId',
    { schema: { params: projectFileParamsSchema, response: { ...noContentResponse, ...errorResponses(403) } } },
    async (request, reply) => {
      const project = await editable(request.params.id, request.viewer, reply);
      if (!project) return reply;
      const found = await files.findVisible(request.params.fileId, request.viewer);
      if (found?.file.collection_id !== project.collectionId) return sendError(reply, 404, NOT_FOUND_FILE);
      const key = await files.delete(found.file.id);
      if (key) await storage.remove(key);
      await Promise.all([collections.touch(project.collectionId), projects.touch(project.id)]);
      request.log.info({ projectId: project.id, fileId: found.file.id }, 'project file deleted');
      return reply.code(204).send();
    },
  );
};
