import { memorySchema } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { memoryKeys } from './get-memories';

/** PATCH /api/memories/{id}: a memory's new text. */
export async function updateMemory({ id, text }: { id: string; text: string }): Promise<void> {
  await apiClients().api.patch(`memories/${encodeURIComponent(id)}`, { text }, memorySchema);
}

export function useUpdateMemory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateMemory, onSettled: () => client.invalidateQueries({ queryKey: memoryKeys.all }) });
}
