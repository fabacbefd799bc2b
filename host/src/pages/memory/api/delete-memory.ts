import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { memoryKeys } from './get-memories';

/** DELETE /api/memories/{id} (204). */
export async function deleteMemory(id: string): Promise<void> {
  await apiClients().api.delete(`memories/${encodeURIComponent(id)}`);
}

export function useDeleteMemory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteMemory, onSettled: () => client.invalidateQueries({ queryKey: memoryKeys.all }) });
}
