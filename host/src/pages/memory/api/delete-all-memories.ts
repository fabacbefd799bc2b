import { deletedMemoriesResponseSchema } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { memoryKeys } from './get-memories';

/** DELETE /api/memories: every memory of the user; how many went. */
export async function deleteAllMemories(): Promise<number> {
  return (await apiClients().api.delete('memories', deletedMemoriesResponseSchema))?.deleted ?? 0;
}

export function useDeleteAllMemories() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAllMemories, onSettled: () => client.invalidateQueries({ queryKey: memoryKeys.all }) });
}
