import { memorySchema, type Memory } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { memoryKeys } from './get-memories';

/** POST /api/memories: something more to remember (409 when it is remembered already, or the memory is full). */
export async function addMemory(text: string): Promise<Memory> {
  return apiClients().api.post('memories', { text }, memorySchema);
}

export function useAddMemory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addMemory, onSettled: () => client.invalidateQueries({ queryKey: memoryKeys.all }) });
}
