import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { mcpServerKeys } from './get-mcp-servers';

/** DELETE /api/admin/mcp-servers/{id}: removes a tool server (204). */
export async function deleteMcpServer(id: string, signal?: AbortSignal): Promise<void> {
  await apiClients().api.delete(`admin/mcp-servers/${encodeURIComponent(id)}`, undefined, { signal });
}

export function useDeleteMcpServer() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...mcpServerKeys.all, 'delete'],
    mutationFn: (id: string) => deleteMcpServer(id),
    onSettled: () => client.invalidateQueries({ queryKey: mcpServerKeys.all }),
  });
}
