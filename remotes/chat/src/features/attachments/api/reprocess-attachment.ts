import { ingestionRunSchema, type IngestionRun } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** POST /api/files/{fileId}/runs: processes an attachment whose processing failed again (409 when it did not fail). */
export function reprocessAttachment(fileId: string): Promise<IngestionRun> {
  return apiClients().api.post(`files/${encodeURIComponent(fileId)}/runs`, undefined, ingestionRunSchema);
}
