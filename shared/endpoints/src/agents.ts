import { agentSchema, type Agent } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** The keys of everything under /api/agents (a saved agent: its list, its page, the chat with it). */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => ['agents', 'list'] as const,
  detail: (id: string) => ['agents', 'detail', id] as const,
  versions: (id: string) => ['agents', 'versions', id] as const,
  version: (id: string, version: number) => ['agents', 'versions', id, version] as const,
};

/** GET /api/agents/{id}: the user's own agent or a company one; a missing one and another user's personal one are a 404. */
export function getAgent(id: string, signal?: AbortSignal): Promise<Agent> {
  return apiClients().api.get(`agents/${encodeURIComponent(id)}`, agentSchema, { signal });
}

export const agentQuery = (id: string) => queryOptions({ queryKey: agentKeys.detail(id), queryFn: ({ signal }) => getAgent(id, signal) });

/** One agent, or nothing asked without an id. */
export const useAgentQuery = (id: string | undefined) => useQuery({ ...agentQuery(id ?? ''), enabled: id !== undefined });
