import { userMcpServerListResponseSchema, type UserMcpServerListResponse } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

export type ToolServer = UserMcpServerListResponse['servers'][number];

/**
 * GET /api/mcp-servers: the tool servers a user may pick (for a conversation, for an agent); and
 * GET /api/conversations/{id}/tool-servers: those picked for one conversation.
 */
export const toolServerKeys = {
  all: ['mcp-servers'] as const,
  choices: ['mcp-servers', 'choices'] as const,
  picked: (conversationId: string) => ['mcp-servers', 'picked', conversationId] as const,
};

/** GET /api/mcp-servers: the registered tool (MCP) servers, id and name (empty while MCP tools are off). */
export async function getToolServers(signal?: AbortSignal): Promise<ToolServer[]> {
  return (await apiClients().api.get('mcp-servers', userMcpServerListResponseSchema, { signal })).servers;
}

export const toolServersQuery = () => queryOptions({ queryKey: toolServerKeys.choices, queryFn: ({ signal }) => getToolServers(signal) });

/** The servers on offer; asked only when `enabled` (the feature set has mcpTools: BETA). */
export const useToolServersQuery = (enabled: boolean) => useQuery({ ...toolServersQuery(), enabled });
