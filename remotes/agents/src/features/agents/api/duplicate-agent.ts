import { agentSchema, type Agent } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** POST /api/agents/{id}/duplicate (201): a personal copy named "… (copy)". */
export function duplicateAgent(id: string): Promise<Agent> {
  return apiClients().api.post(`agents/${encodeURIComponent(id)}/duplicate`, undefined, agentSchema);
}

export function useDuplicateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => duplicateAgent(id),
    onSuccess: (copy) => {
      client.setQueryData(agentKeys.detail(copy.id), copy);
      void client.invalidateQueries({ queryKey: agentKeys.list() });
    },
  });
}
