import type { DataExportFormat } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** The file name the server gives in its content-disposition, else one of ours with today's day. */
function fileNameOf(response: Response, format: DataExportFormat): string {
  const named = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return named ?? `assistant-export-${new Date().toISOString().slice(0, 10)}.${format === 'json' ? 'json' : 'md'}`;
}

/**
 * GET /api/me/export?format=json|markdown: everything the server keeps of the user, as a file
 * (through the `/api` client: the bearer token, the timeout and the error classes; a link could
 * not carry the token).
 */
export async function downloadMyData(format: DataExportFormat, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiClients().api.request('GET', `me/export?format=${format}`, undefined, { signal });
  return { blob: await response.blob(), fileName: fileNameOf(response, format) };
}
