import { conversationToolServersSchema } from '@assistant/contracts';
import { toolServerKeys } from '@assistant/endpoints';
import { apiClients, queryOptions } from '@assistant/platform';

export const pickedToolServersPath = (conversationId: string) => `conversations/${encodeURIComponent(conversationId)}/tool-servers`;

/** GET /api/conversations/{id}/tool-servers: the tool servers picked for the conversation (kept by the server for its owner). */
export async function getPickedToolServers(conversationId: string, signal?: AbortSignal): Promise<string[]> {
  return (await apiClients().api.get(pickedToolServersPath(conversationId), conversationToolServersSchema, { signal })).server_ids;
}

export const pickedToolServersQuery = (conversationId: string) =>
  queryOptions({ queryKey: toolServerKeys.picked(conversationId), queryFn: ({ signal }) => getPickedToolServers(conversationId, signal) });
