import type { PromptDefinition } from '@assistant/contracts';
import { useMutation, useQueryClient } from '@assistant/platform';
import { promptKeys } from '../../../query-keys';
import { createPrompt } from '../api/create-prompt';
import { deletePrompt } from '../api/delete-prompt';
import { updatePrompt } from '../api/update-prompt';

/** Create, change and delete a prompt; each asks for the list again (the page's and the picker's). */
export function usePromptMutations() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: promptKeys.all });
  const create = useMutation({ mutationFn: (definition: PromptDefinition) => createPrompt(definition), onSettled: settled });
  const update = useMutation({ mutationFn: ({ id, definition }: { id: string; definition: PromptDefinition }) => updatePrompt(id, definition), onSettled: settled });
  const remove = useMutation({ mutationFn: (id: string) => deletePrompt(id), onSettled: settled });
  return { create, update, remove, refresh: settled };
}
