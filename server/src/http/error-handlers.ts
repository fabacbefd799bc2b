import { validationFailure } from '@assistant/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { BudgetExhaustedError } from '../usage/budget-exhausted-error';
import { sendError } from './send-error';

/**
 * Turns every failure into the API's error body, always with a `code`: 400 validation_failed with
 * zod issues, 404 JSON, 413 with the body limit, 429 budget_exhausted with resets_at, 500 without internals.
 */
export function registerErrorHandlers(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const failure = validationFailure(
        where,
        error.validation.map((issue) => ({
          path: issue.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
          message: issue.message ?? 'Invalid value',
          code: issue.keyword,
        })),
      );
      return sendError(reply, 400, failure.message, { code: failure.code, issues: failure.issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response does not match its contract');
      return sendError(reply, 500, 'The server produced an invalid response');
    }
    // A model call of the route refused by the user's budget (usage/usage-meter.ts).
    if (error instanceof BudgetExhaustedError) return sendError(reply, 429, error.message, { code: 'budget_exhausted', resetsAt: error.resetsAt });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, status, 'Internal server error');
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their message.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The route's own limit when it set one (the canvas routes, the admin settings).
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1_048_576;
      return sendError(reply, 413, error.message, { limit: { value: limit, unit: 'bytes' } });
    }
    return sendError(reply, status, error.message);
  });
}
