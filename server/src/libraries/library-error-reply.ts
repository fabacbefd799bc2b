import { validationFailure } from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/send-error';
import { LibraryError } from './connector';
import { LibraryHostRefusedError } from './library-hosts';

/**
 * Answers a library call that failed: an address the allow-list refuses is the request's fault
 * when the request gave it (400 `validation_failed` on `body.url`; a stored connection's address
 * refused later is a 502), a library too slow 504 `upstream_timeout`, any other refusal or
 * garbage 502 `upstream_failed`, each with the connector's message for the user. A client that
 * went away gets 499. Anything else is not a library's doing and is rethrown.
 */
export function sendLibraryError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  { client, urlInBody = false }: { client: AbortSignal; urlInBody?: boolean },
) {
  if (client.aborted) return sendError(reply, 499, 'The client closed the request');
  if (!(error instanceof LibraryError)) throw error;
  request.log.info({ reason: error.reason, problem: error.message }, 'document library call failed');
  if (error instanceof LibraryHostRefusedError && urlInBody) {
    const refused = validationFailure('body', [{ path: ['url'], message: error.message }]);
    return sendError(reply, 400, refused.message, { code: refused.code, issues: refused.issues });
  }
  if (error.reason === 'timeout') return sendError(reply, 504, error.message, { code: 'upstream_timeout' });
  return sendError(reply, 502, error.message, { code: 'upstream_failed' });
}
