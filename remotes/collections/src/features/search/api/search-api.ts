import { collectionSearchResponseSchema, filePagesResponseSchema, type DocumentPage, type SearchHit } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** GET /api/collections/{id}/search?q=: ranked passages with the matched words' offsets. */
export async function searchCollection(collectionId: string, query: string, signal?: AbortSignal): Promise<SearchHit[]> {
  const params = new URLSearchParams({ q: query });
  const answer = await apiClients().api.get(`collections/${encodeURIComponent(collectionId)}/search?${params}`, collectionSearchResponseSchema, { signal });
  return answer.hits;
}

/** GET /api/files/{fileId}/pages: each page's text with its line boxes. */
export async function getFilePages(fileId: string, signal?: AbortSignal): Promise<DocumentPage[]> {
  const answer = await apiClients().api.get(`files/${encodeURIComponent(fileId)}/pages`, filePagesResponseSchema, { signal });
  return answer.pages;
}

/** URL and headers for GET /api/files/{fileId}/content, which the preview fetches itself. */
export async function fileContentRequest(fileId: string): Promise<{ url: string; fetchInit: RequestInit }> {
  const { url, headers } = await apiClients().api.authorize(`files/${encodeURIComponent(fileId)}/content`);
  return { url, fetchInit: { headers } };
}
