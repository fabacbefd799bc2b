import { agentListResponseSchema, type Agent } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/agents: the user's personal agents and the company's, by name. */
export async function getAgents(signal?: AbortSignal): Promise<Agent[]> {
  return (await apiClients().api.get('agents', agentListResponseSchema, { signal })).agents;
}

export const agentsQuery = () => queryOptions({ queryKey: agentKeys.list(), queryFn: ({ signal }) => getAgents(signal) });

export const useAgentsQuery = () => useQuery(agentsQuery());
