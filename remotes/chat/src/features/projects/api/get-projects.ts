import { projectListResponseSchema, type Project } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { projectKeys } from '../../../query-keys';

/** GET /api/projects: the user's own projects and those shared with them, latest change first. */
export async function getProjects(signal?: AbortSignal): Promise<Project[]> {
  return (await apiClients().api.get('projects', projectListResponseSchema, { signal })).projects;
}

export const projectsQuery = () => queryOptions({ queryKey: projectKeys.list(), queryFn: ({ signal }) => getProjects(signal), staleTime: 30_000 });
