import { agentSchema, type Agent, type CreateAgentRequestInput } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** POST /api/agents (201, version 1). A refused form is a 400 with one issue per field. */
export function createAgent(fields: CreateAgentRequestInput): Promise<Agent> {
  return apiClients().api.post('agents', fields, agentSchema);
}

/** Creates an agent: it becomes the cached detail, and the list is asked again. */
export function useCreateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: CreateAgentRequestInput) => createAgent(fields),
    onSuccess: (created) => {
      client.setQueryData(agentKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: agentKeys.list() });
    },
  });
}
