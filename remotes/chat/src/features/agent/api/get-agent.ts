import { agentSchema, type Agent } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { agentKeys } from '../../../query-keys';

/** `GET /api/agents/{id}` (agentSchema): the user's own agent or a company one; another user's is a 404. */
export function getAgent(agentId: string, signal?: AbortSignal): Promise<Agent> {
  return apiClients().api.get(`agents/${encodeURIComponent(agentId)}`, agentSchema, { signal });
}

export const agentQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.agent(agentId),
    queryFn: ({ signal }) => getAgent(agentId, signal),
    staleTime: 60_000,
  });

/** The agent of a conversation, or nothing when it has none. */
export const useAgentQuery = (agentId: string | undefined) => useQuery({ ...agentQuery(agentId ?? ''), enabled: agentId !== undefined });
