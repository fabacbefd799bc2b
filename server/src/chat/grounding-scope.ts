import { uuidSchema, type ApiErrorCode, type MessageAttachment, type MessagePayload } from '@assistant/contracts';
import type { Viewer } from '../auth/principal';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import { attachedImages, type AttachedImage } from './image-attachments';

/** What a grounded answer searches: collections the user may read, and files attached to the conversation. */
export interface GroundingScope {
  collectionIds: string[];
  /** The conversation's attachment collection, with the attached files to search in it (and their names, kept with the question). */
  attachments?: { collectionId: string; fileIds: string[]; files: MessageAttachment[] };
}

export interface GroundingRefusal {
  status: 404 | 409;
  code: ApiErrorCode;
  message: string;
}

const isUuid = (id: string) => uuidSchema.safeParse(id).success;

/**
 * The scope of a message's `collections` and `attachments`, checked before anything is stored or
 * asked: every collection must be one the user may read (else 404, like a missing one), every
 * attachment a file of this conversation's attachments (else 404: another conversation's file is
 * not one of them) that has been processed (else 409: it is not searchable yet, or could not be
 * read). Undefined scope: the message asks for no grounding. Attached images are not searched:
 * they come apart in `images` with every file of the question (docs/chat.md "Images").
 */
export async function resolveGroundingScope(
  deps: { collections: CollectionsRepository; conversations: ConversationsRepository },
  viewer: Viewer,
  conversationId: string,
  payload: Pick<MessagePayload, 'collections' | 'attachments'>,
): Promise<{ scope: GroundingScope | undefined; images?: { images: AttachedImage[]; files: MessageAttachment[] } } | { refusal: GroundingRefusal }> {
  if (payload.collections.length === 0 && payload.attachments.length === 0) return { scope: undefined };

  const [readable, attached] = await Promise.all([
    Promise.all(payload.collections.map((id) => (isUuid(id) ? deps.collections.findVisible(id, viewer) : undefined))),
    deps.conversations.attachedFiles(viewer.sub, conversationId, payload.attachments.filter(isUuid)),
  ]);
  if (readable.some((collection) => !collection)) {
    return { refusal: { status: 404, code: 'not_found', message: 'No such collection' } };
  }
  if (attached.length !== payload.attachments.length) {
    return { refusal: { status: 404, code: 'not_found', message: 'An attachment is not a file of this conversation' } };
  }
  const failed = attached.find((file) => file.status === 'processing-failed');
  if (failed) {
    return { refusal: { status: 409, code: 'conflict', message: `The attachment "${failed.name}" could not be read; remove it or upload it again` } };
  }
  const pending = attached.find((file) => file.status !== 'processed');
  if (pending) {
    return { refusal: { status: 409, code: 'conflict', message: `The attachment "${pending.name}" is still being processed; send the message once it is ready` } };
  }
  // In the order the user attached them (the query's order is the database's).
  const files = payload.attachments.flatMap((id) => attached.filter((file) => file.id === id).map((file) => ({ file_id: file.id, name: file.name })));
  const images = attachedImages(attached);
  const documents = attached.filter((file) => !images.includes(file));
  return {
    scope:
      payload.collections.length > 0 || documents.length > 0
        ? {
            collectionIds: payload.collections,
            ...(documents.length > 0
              ? { attachments: { collectionId: documents[0]!.collectionId, fileIds: documents.map((file) => file.id), files } }
              : {}),
          }
        : undefined,
    ...(images.length > 0 ? { images: { images, files } } : {}),
  };
}

/**
 * The scope with more collections to search (a project's files): a message without grounding of
 * its own gets a scope of them alone. The caller checked the user may read them.
 */
export function withCollections(scope: GroundingScope | undefined, collectionIds: readonly string[]): GroundingScope | undefined {
  if (collectionIds.length === 0) return scope;
  return { ...scope, collectionIds: [...new Set([...(scope?.collectionIds ?? []), ...collectionIds])] };
}
