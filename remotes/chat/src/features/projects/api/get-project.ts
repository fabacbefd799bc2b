import { projectSchema, type Project } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { projectKeys } from '../../../query-keys';

/** GET /api/projects/{id}: one project the user may read (404 otherwise). */
export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return apiClients().api.get(`projects/${encodeURIComponent(id)}`, projectSchema, { signal });
}

export const projectQuery = (id: string) => queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });
