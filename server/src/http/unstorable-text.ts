import { validationFailure } from '@assistant/contracts';
import type { FastifyInstance } from 'fastify';
import { sendError } from './send-error';

/** A UTF-16 surrogate without its partner (String.prototype.isWellFormed is ES2024, past this target). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored, or undefined when it can. */
function flawOf(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'Must be well-formed Unicode (a lone surrogate such as \\ud800 is not)';
  return undefined;
}

/** The path and flaw of the first string in `value` (keys included) that cannot be stored, or undefined. */
export function findUnstorableText(value: unknown, path: Array<string | number> = []): { path: Array<string | number>; message: string } | undefined {
  if (typeof value === 'string') {
    const message = flawOf(value);
    return message ? { path, message } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const keyFlaw = flawOf(key);
    if (keyFlaw) return { path: [...path, key], message: keyFlaw };
    const found = findUnstorableText(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses a request whose params, query or JSON body hold text PostgreSQL cannot store (a NUL
 * character; a lone surrogate, which jsonb refuses) with the 400 `validation_failed` of a schema
 * refusal, naming the field: such a value would otherwise fail deep in a query as a 500. Before
 * validation, so every route is covered at once.
 */
export function registerUnstorableTextRefusal(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnstorableText(value);
      if (!found) continue;
      const failure = validationFailure(where, [{ path: found.path, message: found.message, code: 'unstorable_text' }]);
      return sendError(reply, 400, failure.message, { code: failure.code, issues: failure.issues });
    }
  });
}
