import { promptSchema, type Prompt, type PromptDefinition } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** PUT /api/prompts/{id}: title and text again (owner and editors; 403 for a reader). */
export async function updatePrompt(id: string, definition: PromptDefinition): Promise<Prompt> {
  return apiClients().api.put(`prompts/${encodeURIComponent(id)}`, definition, promptSchema);
}
