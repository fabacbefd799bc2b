import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/send-error';

/**
 * preValidation hook: a body whose `text` is longer than `maxCharacters` (TRANSLATE_MAX_CHARACTERS,
 * counted as `text.length`) is answered 413 before the schema (which allows the contract's
 * maximum) or any engine sees it, with code payload_too_large and the limit in characters (the
 * client counts against it; the message is for people).
 */
export function limitTextLength(maxCharacters: number, what: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const text = (request.body as { text?: unknown } | null | undefined)?.text;
    if (typeof text === 'string' && text.length > maxCharacters) {
      return sendError(
        reply,
        413,
        `The text is too long: ${text.length.toLocaleString('en')} characters, and ${what} takes at most ${maxCharacters.toLocaleString('en')}`,
        { code: 'payload_too_large', limit: { value: maxCharacters, unit: 'characters' } },
      );
    }
  };
}
