import { promptListResponseSchema, type Prompt } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { promptKeys } from '../../../query-keys';

/** GET /api/prompts: the user's own prompts and those shared with them, by title. */
export async function getPrompts(signal?: AbortSignal): Promise<Prompt[]> {
  return (await apiClients().api.get('prompts', promptListResponseSchema, { signal })).prompts;
}

// Half a minute: the picker opens often while typing, and a colleague's new share shows soon enough.
export const promptsQuery = () => queryOptions({ queryKey: promptKeys.list(), queryFn: ({ signal }) => getPrompts(signal), staleTime: 30_000 });

/** The prompt list; asked only while `enabled` (the composer's picker: while it is open). */
export const usePromptsQuery = (enabled = true) => useQuery({ ...promptsQuery(), enabled });
