import { filePagesResponseSchema, type DocumentPage } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { fileKeys } from '../../../query-keys';

/** URL and headers of GET /api/files/{fileId}/content: the preview (pdf.js) and the download fetch it. */
export async function fileContentRequest(fileId: string): Promise<{ url: string; fetchInit: RequestInit }> {
  const { url, headers } = await apiClients().api.authorize(`files/${encodeURIComponent(fileId)}/content`);
  return { url, fetchInit: { headers } };
}

/** GET /api/files/{fileId}/pages: each page's text (a non-PDF document's preview shows them in order). */
export async function getFilePages(fileId: string, signal?: AbortSignal): Promise<DocumentPage[]> {
  const answer = await apiClients().api.get(`files/${encodeURIComponent(fileId)}/pages`, filePagesResponseSchema, { signal });
  return answer.pages;
}

/** The same cache entry as the search's passage preview (fileKeys.pages). */
export const filePagesQuery = (fileId: string) =>
  queryOptions({ queryKey: fileKeys.pages(fileId), queryFn: ({ signal }) => getFilePages(fileId, signal) });
