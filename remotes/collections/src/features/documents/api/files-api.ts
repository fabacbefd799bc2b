import {
  collectionFileListResponseSchema,
  ingestionRunSchema,
  ingestionRunsPageSchema,
  type CollectionFile,
  type IngestionRun,
  type IngestionRunsPage,
} from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

// The file and ingestion-run calls of docs/collections.md (the upload is in upload-file.ts).

/** GET /api/collections/{id}/files: newest first, each with its ingestion status and failure. */
export async function listFiles(collectionId: string, signal?: AbortSignal): Promise<CollectionFile[]> {
  const answer = await apiClients().api.get(`collections/${encodeURIComponent(collectionId)}/files`, collectionFileListResponseSchema, { signal });
  return answer.files;
}

/** DELETE /api/files/{fileId}: the file with its runs, pages and passages. */
export async function deleteFile(fileId: string): Promise<void> {
  await apiClients().api.delete(`files/${encodeURIComponent(fileId)}`);
}

/** POST /api/files/{fileId}/runs: ingests a file whose latest run failed again (409 otherwise). */
export function retryFile(fileId: string): Promise<IngestionRun> {
  return apiClients().api.post(`files/${encodeURIComponent(fileId)}/runs`, undefined, ingestionRunSchema);
}

/** GET /api/ingestion/runs?page=&size=&collection_id=: one page of the collection's runs, newest first. */
export function listRuns(collectionId: string, page: number, size: number, signal?: AbortSignal): Promise<IngestionRunsPage> {
  const query = new URLSearchParams({ page: String(page), size: String(size), collection_id: collectionId });
  return apiClients().api.get(`ingestion/runs?${query}`, ingestionRunsPageSchema, { signal });
}
