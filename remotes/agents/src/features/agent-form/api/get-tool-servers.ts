import { userMcpServerListResponseSchema, type UserMcpServerListResponse } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { toolServerKeys } from '../../../query-keys';

export type ToolServer = UserMcpServerListResponse['servers'][number];

/** GET /api/mcp-servers: the registered tool (MCP) servers, id and name (empty while MCP tools are off). */
export async function getToolServers(signal?: AbortSignal): Promise<ToolServer[]> {
  return (await apiClients().api.get('mcp-servers', userMcpServerListResponseSchema, { signal })).servers;
}

export const toolServersQuery = () => queryOptions({ queryKey: toolServerKeys.choices, queryFn: ({ signal }) => getToolServers(signal) });

/** Asked only when `enabled` (the feature set has mcpTools: BETA). */
export const useToolServersQuery = (enabled: boolean) => useQuery({ ...toolServersQuery(), enabled });
