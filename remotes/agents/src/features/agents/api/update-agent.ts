import { agentSchema, type Agent, type UpdateAgentRequestInput } from '@assistant/contracts';
import { agentKeys, getAgent } from '@assistant/endpoints';
import { ApiRequestError, apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** The save was based on an old version: `current` is the agent as it is stored now. */
export class AgentConflictError extends Error {
  override readonly name = 'AgentConflictError';
  constructor(readonly current: Agent) {
    super(`The agent changed elsewhere; the current version is ${current.version}`);
  }
}

/**
 * PUT /api/agents/{id}: the whole form with `base_version`. A stale base is a 409 whose body
 * carries `current`, the agent as stored now (checked with the contract's schema); the call fails
 * with an AgentConflictError that holds it. Only a 409 without a usable `current` (another
 * server) reads the agent again.
 */
export async function updateAgent(id: string, fields: UpdateAgentRequestInput): Promise<Agent> {
  try {
    return await apiClients().api.put(`agents/${encodeURIComponent(id)}`, fields, agentSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'conflict') throw new AgentConflictError(error.bodyField('current', agentSchema) ?? (await getAgent(id)));
    throw error;
  }
}

/** Saves a new version: the answer becomes the cached detail, the list and the versions are asked again. */
export function useUpdateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: UpdateAgentRequestInput }) => updateAgent(id, fields),
    onSuccess: (saved) => {
      client.setQueryData(agentKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: agentKeys.list() });
      void client.invalidateQueries({ queryKey: agentKeys.versions(saved.id), exact: true });
    },
    onError: (error) => {
      if (!(error instanceof AgentConflictError)) return;
      client.setQueryData(agentKeys.detail(error.current.id), error.current);
      void client.invalidateQueries({ queryKey: agentKeys.versions(error.current.id), exact: true });
    },
  });
}
