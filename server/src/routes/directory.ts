import { directoryGroupsResponseSchema, directoryPeopleResponseSchema, directoryQuerySchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DirectoryRepository } from '../sharing/directory-repository';

/**
 * Whom a share can name (contract sharing.ts, docs/sharing.md): GET /directory/people?q= finds
 * colleagues who have signed in by name or e-mail (never the caller), GET /directory/groups?q=
 * the groups the portal has seen by name, with member counts; at most 20 each. Every signed-in
 * user may search: the share dialog is everyone's.
 */
export const directoryRoutes: FastifyPluginAsyncZod<{ directory: DirectoryRepository }> = async (app, { directory }) => {
  app.get('/directory/people', { schema: { querystring: directoryQuerySchema, response: { 200: directoryPeopleResponseSchema } } }, async (request) => ({
    people: await directory.people(request.query.q, request.viewer.sub),
  }));

  app.get('/directory/groups', { schema: { querystring: directoryQuerySchema, response: { 200: directoryGroupsResponseSchema } } }, async (request) => ({
    groups: await directory.groups(request.query.q),
  }));
};
