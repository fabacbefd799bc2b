import { validationFailure } from '@assistant/contracts';
import type { FastifyInstance } from 'fastify';
import { sendError } from './send-error';

const NUL = '\u0000';
const MESSAGE = 'Must not contain the NUL character (U+0000)';

/** The path of the first string in `value` (keys included) that holds a NUL character, or undefined. */
export function pathOfNul(value: unknown, path: Array<string | number> = []): Array<string | number> | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key];
    const found = pathOfNul(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses a request whose params, query or JSON body hold a NUL character anywhere, with the 400
 * `validation_failed` of a schema refusal: PostgreSQL's text cannot store it, so such a value would
 * otherwise fail deep in a query as a 500. Before validation, so every route is covered at once.
 */
export function registerNulRefusal(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = pathOfNul(value);
      if (!path) continue;
      const failure = validationFailure(where, [{ path, message: MESSAGE, code: 'nul_character' }]);
      return sendError(reply, 400, failure.message, { code: failure.code, issues: failure.issues });
    }
  });
}
