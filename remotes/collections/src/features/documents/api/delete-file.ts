import { collectionKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** DELETE /api/files/{fileId}: the file with its runs, pages and passages. */
export async function deleteFile(fileId: string): Promise<void> {
  await apiClients().api.delete(`files/${encodeURIComponent(fileId)}`);
}

/** Removes a file; afterwards (also after a failure) the collection's files and runs are asked again. */
export function useDeleteFile(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteFile(fileId),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: collectionKeys.files(collectionId) }),
      client.invalidateQueries({ queryKey: collectionKeys.runs(collectionId) }),
    ]),
  });
}
