import { agentVersionSchema, type AgentVersion } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** GET /api/agents/{id}/versions/{version}: the fields saved in that version. */
export async function getAgentVersion(id: string, version: number, signal?: AbortSignal): Promise<AgentVersion> {
  return apiClients().api.get(`agents/${encodeURIComponent(id)}/versions/${version}`, agentVersionSchema, { signal });
}

// A stored version never changes: read once per session.
export const agentVersionQuery = (id: string, version: number) =>
  queryOptions({ queryKey: agentKeys.version(id, version), queryFn: ({ signal }) => getAgentVersion(id, version, signal), staleTime: Infinity, retry: false });

/** Asked only for a real version (from 1): the one before version 1 is none. */
export const useAgentVersionQuery = (id: string, version: number) => useQuery({ ...agentVersionQuery(id, version), enabled: version > 0 });
