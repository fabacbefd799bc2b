import { conversationToolServersSchema } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';
import { pickedToolServersPath } from './get-picked-tool-servers';

/** PUT /api/conversations/{id}/tool-servers: keeps the pick for the conversation; answers it as stored. */
export async function savePickedToolServers(conversationId: string, serverIds: readonly string[]): Promise<string[]> {
  return (await apiClients().api.put(pickedToolServersPath(conversationId), { server_ids: [...serverIds] }, conversationToolServersSchema)).server_ids;
}
