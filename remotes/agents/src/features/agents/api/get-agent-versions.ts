import { agentVersionListResponseSchema, type AgentVersionListResponse } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

export type AgentVersionSummary = AgentVersionListResponse['versions'][number];

/** GET /api/agents/{id}/versions: its versions, newest first (404 like the agent). */
export async function getAgentVersions(id: string, signal?: AbortSignal): Promise<AgentVersionSummary[]> {
  return (await apiClients().api.get(`agents/${encodeURIComponent(id)}/versions`, agentVersionListResponseSchema, { signal })).versions;
}

export const agentVersionsQuery = (id: string) =>
  queryOptions({ queryKey: agentKeys.versions(id), queryFn: ({ signal }) => getAgentVersions(id, signal), retry: false });

export const useAgentVersionsQuery = (id: string) => useQuery(agentVersionsQuery(id));
