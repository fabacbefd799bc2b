import { filePagesResponseSchema, type DocumentPage } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { fileKeys } from '../../../query-keys';

/** GET /api/files/{fileId}/pages: each page's text with its line boxes. */
export async function getFilePages(fileId: string, signal?: AbortSignal): Promise<DocumentPage[]> {
  const answer = await apiClients().api.get(`files/${encodeURIComponent(fileId)}/pages`, filePagesResponseSchema, { signal });
  return answer.pages;
}

export const filePagesQuery = (fileId: string) =>
  queryOptions({ queryKey: fileKeys.pages(fileId), queryFn: ({ signal }) => getFilePages(fileId, signal) });
