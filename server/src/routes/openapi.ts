import { openApiDocumentSchema, type OpenApiDocument } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPENAPI_PATH } from '../http/openapi';

/**
 * GET /api/openapi.json: the OpenAPI document of every route (http/openapi.ts), for signed-in
 * users (the developer page at /developer/api renders it; docs/api.md).
 */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OPENAPI_PATH, { schema: { response: { 200: openApiDocumentSchema } } }, async (_request, reply) => {
    // The same document until the server restarts: the routes are fixed once it listens.
    reply.header('cache-control', 'private, max-age=300');
    return app.swagger() as OpenApiDocument;
  });
};
