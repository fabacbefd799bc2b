import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CollectionsRepository, VisibleCollection } from '../db/repositories/collections-repository';
import { sendError } from '../http/send-error';

export const NOT_FOUND_COLLECTION = 'No such collection';
export const NOT_FOUND_FILE = 'No such file';
/** Refused change of a collection the viewer reads but may not change (docs/collections.md "Scoping"). */
export const READ_ONLY_COLLECTION = 'You may read this collection but not change its documents';
export const NOT_THE_OWNER = 'Only the collection’s owner (administrators for a company collection) renames, deletes or shares it';

/**
 * What a call needs of a collection: to read it, to change its documents (`edit`: the owner and
 * editors; administrators for a company one), or to change the collection itself (`own`: its
 * name and its deletion, the owner; administrators for a company one).
 */
export type CollectionNeed = 'read' | 'edit' | 'own';

/** Whether the viewer has what `need` asks of a collection they can read. */
export function refusalOf(collection: Pick<VisibleCollection, 'can_edit' | 'can_own'>, need: CollectionNeed): string | undefined {
  if (need === 'edit' && !collection.can_edit) return READ_ONLY_COLLECTION;
  if (need === 'own' && !collection.can_own) return NOT_THE_OWNER;
  return undefined;
}

/**
 * Finds a collection for the request: 404 when the user may not read it (what the collection
 * rule keeps from them does not exist for them), 403 when they read but may not change it.
 * Answers undefined after sending the error.
 */
export async function collectionFor(
  collections: CollectionsRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  need: CollectionNeed,
): Promise<VisibleCollection | undefined> {
  const collection = await collections.findVisible(id, request.viewer);
  if (!collection) {
    await sendError(reply, 404, NOT_FOUND_COLLECTION);
    return undefined;
  }
  const refusal = refusalOf(collection, need);
  if (refusal) {
    await sendError(reply, 403, refusal);
    return undefined;
  }
  return collection;
}
