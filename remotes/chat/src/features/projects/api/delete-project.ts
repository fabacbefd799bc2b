import type { ProjectConversationFate } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** DELETE /api/projects/{id}?conversations=: the owner's project, their conversations in it deleted or kept outside any project. */
export async function deleteProject(id: string, conversations: ProjectConversationFate): Promise<void> {
  await apiClients().api.delete(`projects/${encodeURIComponent(id)}?conversations=${conversations}`);
}
