import { ingestionRunSchema, type IngestionRun } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { collectionKeys } from '../../../query-keys';

/** POST /api/files/{fileId}/runs: ingests a file whose latest run failed again (409 otherwise). */
export function retryFile(fileId: string): Promise<IngestionRun> {
  return apiClients().api.post(`files/${encodeURIComponent(fileId)}/runs`, undefined, ingestionRunSchema);
}

/** Retries a failed file; afterwards (also after a 409) the collection's files are asked again. */
export function useRetryFile(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => retryFile(fileId),
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.files(collectionId) }),
  });
}
