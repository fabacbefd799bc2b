import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '../ingestion/file-storage';
import { sendError } from './send-error';

/** An HTML document opened on its own runs no script, loads nothing and cannot be framed. */
const HTML_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Sends a stored file's own bytes with its media type, its name for saving, never sniffed or
 * cached, an HTML document sandboxed; 404 when its bytes are gone. The caller decided that the
 * requester may read it (GET files/{id}/content, a shared conversation's attachment).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: { id: string; name: string; media_type: string; storage_key: string },
) {
  const path = storage.path(file.storage_key);
  const size = await stat(path).then(
    (s) => s.size,
    () => undefined,
  );
  if (size === undefined) {
    request.log.error({ fileId: file.id }, 'stored bytes missing');
    return sendError(reply, 404, "The file's content is no longer stored");
  }
  const mediaType = file.media_type;
  reply
    .type(mediaType.startsWith('text/') ? `${mediaType}; charset=utf-8` : mediaType)
    .header('content-length', size)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (mediaType === 'text/html') reply.header('content-security-policy', HTML_CONTENT_SECURITY_POLICY);
  return reply.send(createReadStream(path));
}

/** `inline; filename*=UTF-8''...` (RFC 6266 / 8187): any name, safely encoded. */
function contentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename*=UTF-8''${encoded}`;
}
