import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_FILE } from '../collections/collection-access';
import type { FilesRepository } from '../db/repositories/files-repository';
import { sendError } from '../http/send-error';

/** 413 for a text longer than `limit` characters, with the limit in characters. */
export function sendTextTooLong(reply: FastifyReply, length: number, what: string, limit: number, work: string) {
  return sendError(
    reply,
    413,
    `${what} is too long: ${length.toLocaleString('en')} characters, and ${work} takes at most ${limit.toLocaleString('en')}`,
    { code: 'payload_too_large', limit: { value: limit, unit: 'characters' } },
  );
}

/**
 * The extracted text (its pages, a blank line apart) and name of a processed document the user
 * may read, for work over it (a summary, a custom app's run). Otherwise the refusal is sent and
 * undefined returned: 404 another user's or a missing document (never told apart), 409 one not
 * processed yet (or whose processing failed), 422 one without text, 413 one longer than `maxCharacters`.
 */
export async function readDocumentText(
  files: FilesRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  { fileId, maxCharacters, work }: { fileId: string; maxCharacters: number; work: string },
): Promise<{ text: string; title: string } | undefined> {
  const found = await files.findVisible(fileId, request.viewer);
  if (!found) {
    sendError(reply, 404, NOT_FOUND_FILE);
    return undefined;
  }
  const name = found.file.name;
  if (found.file.status !== 'processed') {
    sendError(reply, 409, `"${name}" has not been processed yet (or its processing failed): there is no text for ${work}`, { code: 'conflict' });
    return undefined;
  }
  const text = (await files.pages(found.file.id)).map((page) => page.text).join('\n\n');
  if (text.trim() === '') {
    sendError(reply, 422, `"${name}" has no text for ${work}`, { code: 'no_text' });
    return undefined;
  }
  if (text.length > maxCharacters) {
    sendTextTooLong(reply, text.length, `The text of "${name}"`, maxCharacters, work);
    return undefined;
  }
  return { text, title: name };
}
