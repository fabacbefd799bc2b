import { healthResponseSchema } from '@assistant/contracts';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';

/** For load balancers: public, cheap, and 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'degraded', database: 'down' });
      }
    },
  );
};
