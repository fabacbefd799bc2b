import { permissionCheckRequestSchema, permissionCheckResponseSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/iam/check_user: answers only those of the asked permissions that the user holds. */
export const iamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/check_user',
    { schema: { body: permissionCheckRequestSchema, response: { 200: permissionCheckResponseSchema } } },
    (request) => ({
      permissions: request.body.permissions.filter(({ permission }) => request.principal.permissions.has(permission)),
    }),
  );
};
