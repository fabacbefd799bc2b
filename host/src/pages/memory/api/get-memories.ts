import { memoryListResponseSchema, type MemoryListResponse } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

export const memoryKeys = {
  all: ['memories'] as const,
};

/** GET /api/memories: the user's memories, newest first, and whether they are used for them. */
export async function getMemories(signal?: AbortSignal): Promise<MemoryListResponse> {
  return apiClients().api.get('memories', memoryListResponseSchema, { signal });
}

export const memoriesQuery = () => queryOptions({ queryKey: memoryKeys.all, queryFn: ({ signal }) => getMemories(signal) });

export const useMemoriesQuery = () => useQuery(memoriesQuery());
