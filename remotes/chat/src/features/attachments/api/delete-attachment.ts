import { apiClients } from '@assistant/platform';

/** DELETE /api/conversations/{id}/files/{fileId}: the file leaves the conversation (a 404 means it is gone already). */
export async function deleteAttachment(conversationId: string, fileId: string): Promise<void> {
  await apiClients().api.delete(`conversations/${encodeURIComponent(conversationId)}/files/${encodeURIComponent(fileId)}`);
}
