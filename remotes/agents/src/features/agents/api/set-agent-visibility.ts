import { agentSchema, type Agent, type AgentVisibility } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** PUT /api/admin/agents/{id}/visibility (administrators): publish for everyone, or back to personal. */
export function setAgentVisibility(id: string, visibility: AgentVisibility): Promise<Agent> {
  return apiClients().api.put(`admin/agents/${encodeURIComponent(id)}/visibility`, { visibility }, agentSchema);
}

export function useSetAgentVisibility() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, visibility }: { id: string; visibility: AgentVisibility }) => setAgentVisibility(id, visibility),
    onSuccess: (changed) => {
      client.setQueryData<Agent[]>(agentKeys.list(), (list) => list?.map((agent) => (agent.id === changed.id ? changed : agent)));
      client.setQueryData(agentKeys.detail(changed.id), changed);
    },
  });
}
