import {
  PROJECT_ERRORS,
  projectCreateSchema,
  projectDeleteQuerySchema,
  projectIdParamsSchema,
  projectListResponseSchema,
  projectSchema,
  projectUpdateSchema,
  type ItemSharing,
  type Project,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Viewer } from '../auth/principal';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import { noContentResponse } from '../http/declared-responses';
import { errorResponses } from '../http/error-responses';
import { sendRefusal } from '../http/send-error';
import type { FileStorage } from '../ingestion/file-storage';
import type { ProjectRecord, ProjectsRepository } from '../projects/projects-repository';
import type { SharingLookup } from '../sharing/shareable-kind';

export interface ProjectServices {
  projects: ProjectsRepository;
  /** The owner's conversations deleted with a project when they choose so. */
  conversations: ConversationsRepository;
  /** Where the files' and attachments' bytes are (removed with them). */
  storage: FileStorage;
  /** How listed projects reach the viewer (SharesRepository.sharingOf). */
  sharingOf: SharingLookup;
}

/**
 * Projects (docs/projects.md; contract projects.ts). Who may do what is the access rule's
 * (sharing/access-rule.ts projectRule), asked in the repository's SQL:
 *
 * - GET /projects: the user's own projects and those shared with them, each with its `sharing`.
 * - POST /projects (201): a new project of the user's, with the collection for its files.
 * - GET /projects/{id}: one they may read; PATCH /projects/{id}: instructions by owner and
 *   editors, the name by the owner (403 otherwise).
 * - DELETE /projects/{id}?conversations=delete|keep (204): the owner alone; their own conversations
 *   in it are deleted or left outside any project, as they chose; anyone else's stay theirs.
 *
 * A project the user may not read is a 404 everywhere, like a missing one; administrators have no
 * special rights over others' projects. Its files: routes/project-files.ts.
 */
export const projectRoutes: FastifyPluginAsyncZod<ProjectServices> = async (app, { projects, conversations, storage, sharingOf }) => {
  /** The projects as the API answers them to this viewer, with how each reaches them. */
  async function answer(records: readonly ProjectRecord[], viewer: Viewer): Promise<Project[]> {
    const sharing = await sharingOf(
      'project',
      records.map((record) => ({ id: record.id, ownerSub: record.ownerId })),
      viewer,
    );
    return records.map((record) => toProject(record, sharing.get(record.id) ?? ownSharing(record, viewer)));
  }
  const answerOne = async (record: ProjectRecord, viewer: Viewer): Promise<Project> => (await answer([record], viewer))[0]!;

  app.get('/projects', { schema: { response: { 200: projectListResponseSchema } } }, async (request) => {
    return { projects: await answer(await projects.listReadable(request.viewer), request.viewer) };
  });

  app.post('/projects', { schema: { body: projectCreateSchema, response: { 201: projectSchema, ...errorResponses(409) } } }, async (request, reply) => {
    const created = await projects.create(request.viewer.sub, request.body);
    if (created === 'tooManyProjects') return sendRefusal(reply, PROJECT_ERRORS.tooManyProjects);
    request.log.info({ projectId: created.id }, 'project created');
    return reply.code(201).send(await answerOne(created, request.viewer));
  });

  app.get('/projects/:id', { schema: { params: projectIdParamsSchema, response: { 200: projectSchema } } }, async (request, reply) => {
    const found = await projects.findReadable(request.params.id, request.viewer);
    if (!found) return sendRefusal(reply, PROJECT_ERRORS.notFound);
    return answerOne(found, request.viewer);
  });

  app.patch(
    '/projects/:id',
    { schema: { params: projectIdParamsSchema, body: projectUpdateSchema, response: { 200: projectSchema, ...errorResponses(403) } } },
    async (request, reply) => {
      const updated = await projects.update(request.params.id, request.body, request.viewer);
      if (updated === undefined) return sendRefusal(reply, PROJECT_ERRORS.notFound);
      if (updated === 'readOnly') return sendRefusal(reply, PROJECT_ERRORS.readOnly);
      if (updated === 'ownerOnly') return sendRefusal(reply, PROJECT_ERRORS.ownerOnly);
      request.log.info({ projectId: updated.id }, 'project saved');
      return answerOne(updated, request.viewer);
    },
  );

  app.delete(
    '/projects/:id',
    { schema: { params: projectIdParamsSchema, querystring: projectDeleteQuerySchema, response: { ...noContentResponse, ...errorResponses(403) } } },
    async (request, reply) => {
      const { viewer } = request;
      const owned = await projects.findOwned(request.params.id, viewer);
      if (!owned) {
        const readable = await projects.findReadable(request.params.id, viewer);
        return sendRefusal(reply, readable ? PROJECT_ERRORS.ownerOnly : PROJECT_ERRORS.notFound);
      }
      // The owner's own conversations first, each with its attachments, snapshot and shares.
      const conversationIds = request.query.conversations === 'delete' ? await projects.conversationIdsOf(viewer.sub, owned.id) : [];
      const attachmentKeys = (await Promise.all(conversationIds.map((id) => conversations.delete(viewer.sub, id)))).flatMap((keys) => keys ?? []);
      const fileKeys = await projects.delete(owned.id, viewer);
      if (!fileKeys) return sendRefusal(reply, PROJECT_ERRORS.notFound);
      // The rows are gone; the bytes go now.
      await Promise.all([...attachmentKeys, ...fileKeys].map((key) => storage.remove(key)));
      request.log.info({ projectId: owned.id, conversations: request.query.conversations, deletedConversations: conversationIds.length, files: fileKeys.length }, 'project deleted');
      return reply.code(204).send();
    },
  );
};

/** A project the lookup did not answer for: the viewer's own, shared with nobody. */
function ownSharing(record: ProjectRecord, viewer: Viewer): ItemSharing {
  return { access: record.ownerId === viewer.sub ? 'owner' : 'view', shared_by: null, shared_with: [] };
}

function toProject(record: ProjectRecord, sharing: ItemSharing): Project {
  return {
    id: record.id,
    name: record.name,
    instructions: record.instructions,
    file_count: record.fileCount,
    sharing,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}
