import type { ProjectConversationFate, ProjectCreateInput, ProjectUpdateInput } from '@assistant/contracts';
import { useMutation, useQueryClient } from '@assistant/platform';
import { conversationKeys, projectKeys } from '../../../query-keys';
import { createProject } from '../api/create-project';
import { deleteProject } from '../api/delete-project';
import { updateProject } from '../api/update-project';

/**
 * Create, change (name, instructions) and delete a project; each asks for the projects again. A
 * deletion also asks for the conversations again: those in it were deleted or left it.
 */
export function useProjectMutations() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: projectKeys.all });
  const create = useMutation({ mutationFn: (body: ProjectCreateInput) => createProject(body), onSettled: settled });
  const update = useMutation({ mutationFn: ({ id, changes }: { id: string; changes: ProjectUpdateInput }) => updateProject(id, changes), onSettled: settled });
  const remove = useMutation({
    mutationFn: ({ id, conversations }: { id: string; conversations: ProjectConversationFate }) => deleteProject(id, conversations),
    onSettled: () => Promise.all([settled(), client.invalidateQueries({ queryKey: conversationKeys.lists })]),
  });
  return { create, update, remove };
}
