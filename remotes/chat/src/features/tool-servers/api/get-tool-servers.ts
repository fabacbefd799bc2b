import { userMcpServerListResponseSchema, type UserMcpServerListResponse } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { toolServerKeys } from '../../../query-keys';

type ToolServer = UserMcpServerListResponse['servers'][number];

/** GET /api/mcp-servers: the tool (MCP) servers the user may pick for a conversation, id and name. */
export async function getToolServers(signal?: AbortSignal): Promise<ToolServer[]> {
  return (await apiClients().api.get('mcp-servers', userMcpServerListResponseSchema, { signal })).servers;
}

export const toolServersQuery = () => queryOptions({ queryKey: toolServerKeys.choices, queryFn: ({ signal }) => getToolServers(signal) });

/** The servers on offer; asked only when `enabled` (the feature set has mcpTools and the history is the server's). */
export const useToolServersQuery = (enabled: boolean) => useQuery({ ...toolServersQuery(), enabled });

export type { ToolServer };
