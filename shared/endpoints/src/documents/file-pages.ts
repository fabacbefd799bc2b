import { filePagesResponseSchema, type DocumentPage } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { documentKeys } from './document-keys';

/** GET /api/files/{fileId}/pages: each page's text with its boxes (words; lines in older documents). */
export async function getFilePages(fileId: string, signal?: AbortSignal): Promise<DocumentPage[]> {
  const answer = await apiClients().api.get(`files/${encodeURIComponent(fileId)}/pages`, filePagesResponseSchema, { signal });
  return answer.pages;
}

/** The pages of a file as a query (key `['documents', fileId, 'pages']`). */
export const filePagesQuery = (fileId: string) =>
  queryOptions({ queryKey: documentKeys.pages(fileId), queryFn: ({ signal }) => getFilePages(fileId, signal) });
