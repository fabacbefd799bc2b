import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@assistant/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Every request gets a random id (Fastify's default counts per process, so two replicas would hand
 * out the same ids), logged as `reqId` and answered in the `x-request-id` header, errors included:
 * developer mode shows it in error notifications, and a bug report that quotes it finds the log
 * lines. A client's own x-request-id is not taken (it would let a caller choose what the logs say).
 */
export const generateRequestId = (): string => randomUUID();

export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
