import { mcpServerSchema, type CreateMcpServerRequestInput, type McpServer } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { mcpServerKeys } from './get-mcp-servers';

/** POST /api/admin/mcp-servers: registers a tool server; the answer says only whether it has a token. */
export async function createMcpServer(body: CreateMcpServerRequestInput, signal?: AbortSignal): Promise<McpServer> {
  return apiClients().api.post('admin/mcp-servers', body, mcpServerSchema, { signal });
}

export function useCreateMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...mcpServerKeys.all, 'create'],
    mutationFn: (body: CreateMcpServerRequestInput) => createMcpServer(body),
    onSuccess: () => client.invalidateQueries({ queryKey: mcpServerKeys.all }),
  });
}
