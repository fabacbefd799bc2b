import type { Agent } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** DELETE /api/agents/{id} (204): 403 for a company agent of a non-administrator, 404 when gone. */
export async function deleteAgent(id: string): Promise<void> {
  await apiClients().api.delete(`agents/${encodeURIComponent(id)}`);
}

/** Takes an agent out of the cached list and forgets its detail (also when it was already gone: `forget`). */
export function useDeleteAgent() {
  const client = useQueryClient();
  const forget = (id: string) => {
    client.setQueryData<Agent[]>(agentKeys.list(), (list) => list?.filter((agent) => agent.id !== id));
    client.removeQueries({ queryKey: agentKeys.detail(id) });
  };
  const mutation = useMutation({ mutationFn: (id: string) => deleteAgent(id), onSuccess: (_answer, id) => forget(id) });
  return { ...mutation, forget };
}
