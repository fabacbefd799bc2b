import { apiClients } from '@assistant/platform';

/** URL and headers for GET /api/files/{fileId}/content, which the preview fetches itself (pdf.js). */
export async function fileContentRequest(fileId: string): Promise<{ url: string; fetchInit: RequestInit }> {
  const { url, headers } = await apiClients().api.authorize(`files/${encodeURIComponent(fileId)}/content`);
  return { url, fetchInit: { headers } };
}
