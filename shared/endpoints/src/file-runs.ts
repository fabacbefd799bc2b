import { ingestionRunSchema, type IngestionRun } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/**
 * POST /api/files/{fileId}/runs: processes a file whose latest run failed again (a collection's
 * document, a chat attachment); 409 when it did not fail.
 */
export function startFileRun(fileId: string): Promise<IngestionRun> {
  return apiClients().api.post(`files/${encodeURIComponent(fileId)}/runs`, undefined, ingestionRunSchema);
}
