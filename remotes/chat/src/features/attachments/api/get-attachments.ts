import { collectionFileListResponseSchema, type CollectionFile } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';

/** How often the conversation's files are asked again while one is uploaded or processing. Tests shorten it. */
export const ATTACHMENTS_POLLING = { intervalMs: 1500 };

/** GET /api/conversations/{id}/files: the files uploaded into the conversation, with their processing status. */
export async function getAttachments(conversationId: string, signal?: AbortSignal): Promise<CollectionFile[]> {
  return (await apiClients().api.get(`conversations/${encodeURIComponent(conversationId)}/files`, collectionFileListResponseSchema, { signal })).files;
}

/** The conversation's files (the composer asks again every ATTACHMENTS_POLLING.intervalMs while one of its files is processed). */
export const attachmentsQuery = (conversationId: string) =>
  queryOptions({ queryKey: conversationKeys.files(conversationId), queryFn: ({ signal }) => getAttachments(conversationId, signal) });
