import { memorySettingsSchema, type MemoryListResponse } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { memoryKeys } from './get-memories';

/** PUT /api/memories/settings: whether the user's memories are used (and saved) in their chats. */
export async function updateMemorySettings(useMemory: boolean): Promise<boolean> {
  return (await apiClients().api.put('memories/settings', { use_memory: useMemory }, memorySettingsSchema)).use_memory;
}

/** Shown switched at once; put back when the server refuses. */
export function useUpdateMemorySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMemorySettings,
    onMutate: async (useMemory) => {
      await client.cancelQueries({ queryKey: memoryKeys.all });
      const before = client.getQueryData<MemoryListResponse>(memoryKeys.all);
      if (before) client.setQueryData<MemoryListResponse>(memoryKeys.all, { ...before, use_memory: useMemory });
      return { before };
    },
    onError: (_error, _useMemory, context) => {
      if (context?.before) client.setQueryData(memoryKeys.all, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: memoryKeys.all }),
  });
}
