import { mcpServerListResponseSchema, type McpServer } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

export const mcpServerKeys = {
  all: ['admin-mcp-servers'] as const,
};

/** GET /api/admin/mcp-servers: the registered tool servers (administrators only; tokens are never sent back). */
export async function getMcpServers(signal?: AbortSignal): Promise<McpServer[]> {
  return (await apiClients().api.get('admin/mcp-servers', mcpServerListResponseSchema, { signal })).servers;
}

export const mcpServersQuery = () => queryOptions({ queryKey: mcpServerKeys.all, queryFn: ({ signal }) => getMcpServers(signal) });

export const useMcpServersQuery = () => useQuery(mcpServersQuery());
