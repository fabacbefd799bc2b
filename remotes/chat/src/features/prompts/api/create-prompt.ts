import { promptSchema, type Prompt, type PromptDefinition } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** POST /api/prompts (201): a new prompt of the user's. */
export async function createPrompt(definition: PromptDefinition): Promise<Prompt> {
  return apiClients().api.post('prompts', definition, promptSchema);
}
