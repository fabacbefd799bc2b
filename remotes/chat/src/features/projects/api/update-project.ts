import { projectSchema, type Project, type ProjectUpdateInput } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** PATCH /api/projects/{id}: the name (the owner) and/or the instructions (owner and editors; 403 otherwise). */
export async function updateProject(id: string, changes: ProjectUpdateInput): Promise<Project> {
  return (await apiClients().api.patch(`projects/${encodeURIComponent(id)}`, changes, projectSchema))!;
}
