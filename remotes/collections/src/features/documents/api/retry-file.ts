import { collectionKeys, startFileRun } from '@assistant/endpoints';
import { useMutation, useQueryClient } from '@assistant/platform';

/** Retries a failed file (POST /api/files/{id}/runs); afterwards (also after a 409) the collection's files are asked again. */
export function useRetryFile(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => startFileRun(fileId),
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.files(collectionId) }),
  });
}
