import { apiClients } from '@assistant/platform';

/** What fetches a file's original: the URL and the init with the bearer header. */
export interface FileContentRequest {
  url: string;
  fetchInit: RequestInit;
}

/**
 * URL and headers of GET /api/files/{fileId}/content, for pdf.js (the preview fetches the file
 * itself) and downloads. Asked right before use, so the token in it is current.
 */
export async function fileContentRequest(fileId: string): Promise<FileContentRequest> {
  const { url, headers } = await apiClients().api.authorize(`files/${encodeURIComponent(fileId)}/content`);
  return { url, fetchInit: { headers } };
}
