import { projectSchema, type Project, type ProjectCreateInput } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** POST /api/projects: a new project of the user's (409 past the limit). */
export function createProject(body: ProjectCreateInput): Promise<Project> {
  return apiClients().api.post('projects', body, projectSchema);
}
