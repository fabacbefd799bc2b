import type { FastifyReply, FastifyRequest } from 'fastify';
import { canManage, type CollectionRow, type CollectionsRepository } from '../db/repositories/collections-repository';
import { sendError } from '../http/send-error';

export const NOT_FOUND_COLLECTION = 'No such collection';
export const NOT_FOUND_FILE = 'No such file';

/**
 * Finds a collection for the request: 404 when the user may not see it (another user's personal
 * collection does not exist for them), 403 when they may see but not change it (company, not admin).
 * Answers undefined after sending the error.
 */
export async function collectionFor(
  collections: CollectionsRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  need: 'read' | 'manage',
): Promise<CollectionRow | undefined> {
  const collection = await collections.findVisible(id, request.viewer);
  if (!collection) {
    await sendError(reply, 404, NOT_FOUND_COLLECTION);
    return undefined;
  }
  if (need === 'manage' && !canManage(collection, request.viewer)) {
    await sendError(reply, 403, 'Only administrators change company collections');
    return undefined;
  }
  return collection;
}
