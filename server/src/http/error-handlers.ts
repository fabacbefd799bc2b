import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { sendError } from './send-error';

/** Turns every failure into the API's error body: 400 with zod issues, 404 JSON, 500 without internals. */
export function registerErrorHandlers(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const issues = error.validation.map((issue) => ({
        path: [where, ...issue.instancePath.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p))],
        message: issue.message ?? 'Invalid value',
        code: issue.keyword,
      }));
      return sendError(reply, 400, `Invalid ${where}: ${issues.map((i) => `${i.path.slice(1).join('.') || where}: ${i.message}`).join('; ')}`, issues);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response does not match its contract');
      return sendError(reply, 500, 'The server produced an invalid response');
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, status, 'Internal server error');
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their message.
    return sendError(reply, status, error.message);
  });
}
