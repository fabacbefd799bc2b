import { CANVAS_MAX_CHARACTERS, canvasTooLong } from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/send-error';

/**
 * The body limit of the canvas routes that carry a document: room for CANVAS_MAX_CHARACTERS
 * characters however they are encoded (up to 6 bytes of JSON each), so a document that is too
 * long is answered by `limitCanvasLength` with the limit in characters, not by the byte limit.
 */
export const CANVAS_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * preValidation hook: a body whose `field` (the document's text) is longer than
 * CANVAS_MAX_CHARACTERS (counted as `.length`, like the client counts) is answered 413
 * payload_too_large with the limit in characters, before the schema or anything else sees it.
 */
export function limitCanvasLength(field: 'markdown' | 'document') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const text = (request.body as Record<string, unknown> | null | undefined)?.[field];
    if (typeof text === 'string' && canvasTooLong(text)) {
      return sendError(
        reply,
        413,
        `The document is too long: ${text.length.toLocaleString('en')} characters, and a canvas holds at most ${CANVAS_MAX_CHARACTERS.toLocaleString('en')}`,
        { code: 'payload_too_large', limit: { value: CANVAS_MAX_CHARACTERS, unit: 'characters' } },
      );
    }
  };
}
