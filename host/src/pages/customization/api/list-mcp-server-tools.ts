import { mcpServerTestResponseSchema, type McpToolSummary } from '@assistant/contracts';
import { apiClients, useMutation } from '@assistant/platform';
import { mcpServerKeys } from './get-mcp-servers';

/**
 * POST /api/admin/mcp-servers/{id}/test: the portal's server asks the tool server for its tools
 * (the browser never talks to it). 502 `upstream_failed` or 504 `upstream_timeout` say why not.
 */
export async function listMcpServerTools(id: string, signal?: AbortSignal): Promise<McpToolSummary[]> {
  return (await apiClients().api.post(`admin/mcp-servers/${encodeURIComponent(id)}/test`, undefined, mcpServerTestResponseSchema, { signal })).tools;
}

export function useListMcpServerTools() {
  return useMutation({
    mutationKey: [...mcpServerKeys.all, 'test'],
    mutationFn: (id: string) => listMcpServerTools(id),
  });
}
