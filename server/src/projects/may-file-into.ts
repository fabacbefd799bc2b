import type { Viewer } from '../auth/principal';
import type { ProjectsRepository } from './projects-repository';

/**
 * Whether the viewer may put their conversation into the project (PATCH /api/conversations/{id}
 * with `project_id`): their own project or one shared with them to edit; one shared to read takes
 * only a conversation they start in it (no message yet). Otherwise the route answers 404.
 */
export function mayFileInto(projects: ProjectsRepository) {
  return (viewer: Viewer, projectId: string, conversationId: string): Promise<boolean> => projects.mayFileInto(viewer, projectId, conversationId);
}
