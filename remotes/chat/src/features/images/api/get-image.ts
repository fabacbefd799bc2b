import { apiClients, queryOptions } from '@assistant/platform';
import { conversationKeys } from '../../../query-keys';

/**
 * GET /api/files/{fileId}/content: an image a question was sent with, as a Blob. The call needs
 * the bearer token, so an `<img>` gets an object URL of the bytes, never the API's URL (and never
 * a token in a URL).
 */
export async function getImage(fileId: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiClients().api.request('GET', `files/${encodeURIComponent(fileId)}/content`, undefined, { accept: 'image/*', signal });
  return response.blob();
}

/** A stored image's bytes: they never change, so they are kept for the session. */
export const imageQuery = (fileId: string) =>
  queryOptions({ queryKey: conversationKeys.image(fileId), queryFn: ({ signal }) => getImage(fileId, signal), staleTime: Infinity });
