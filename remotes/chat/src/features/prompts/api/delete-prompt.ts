import { apiClients } from '@assistant/platform';

/** DELETE /api/prompts/{id} (204): the owner alone; its shares go with it. */
export async function deletePrompt(id: string): Promise<void> {
  await apiClients().api.delete(`prompts/${encodeURIComponent(id)}`);
}
