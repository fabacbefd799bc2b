import { adminGroupsResponseSchema, adminGroupUpdateSchema, resourceIdSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdministrator } from '../auth/auth-hook';
import { sendError } from '../http/send-error';
import type { DirectoryRepository } from '../sharing/directory-repository';

const groupSchema = adminGroupsResponseSchema.shape.groups.element;

/**
 * The groups the portal has seen, for administrators (contract sharing.ts, docs/sharing.md): GET
 * /admin/groups lists them with member counts and when a member last signed in; PUT
 * /admin/groups/{id} gives one a display name (null: the provider's again), recorded in the audit
 * log. A Keycloak group path's slashes are sent encoded (`%2Fdept%2Ffinance`). Others get 403.
 */
export const adminGroupRoutes: FastifyPluginAsyncZod<{ directory: DirectoryRepository }> = async (app, { directory }) => {
  app.addHook('onRequest', requireAdministrator);

  app.get('/admin/groups', { schema: { response: { 200: adminGroupsResponseSchema } } }, async () => ({ groups: await directory.adminGroups() }));

  app.put(
    '/admin/groups/:id',
    { schema: { params: z.object({ id: resourceIdSchema }), body: adminGroupUpdateSchema, response: { 200: groupSchema } } },
    async (request, reply) => {
      const group = await directory.rename(request.params.id, request.body.display_name, request.viewer.sub);
      if (!group) return sendError(reply, 404, 'Group not found');
      request.log.info({ groupId: group.id }, 'group display name changed');
      return group;
    },
  );
};
