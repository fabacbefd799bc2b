import { agentSchema, type Agent } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { agentKeys } from '../../../query-keys';

/** GET /api/agents/{id}: 404 for a missing agent and for another user's personal one. */
export async function getAgent(id: string, signal?: AbortSignal): Promise<Agent> {
  return apiClients().api.get(`agents/${encodeURIComponent(id)}`, agentSchema, { signal });
}

export const agentQuery = (id: string) =>
  queryOptions({ queryKey: agentKeys.detail(id), queryFn: ({ signal }) => getAgent(id, signal), retry: false });

export const useAgentQuery = (id: string | undefined) => useQuery({ ...agentQuery(id ?? ''), enabled: id !== undefined });
