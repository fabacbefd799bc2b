import type { ProjectsRepository } from '../../projects/projects-repository';
import type { ShareableKind } from '../shareable-kind';

/**
 * Projects (docs/projects.md): shared to read (see it, its files and instructions, keep one's own
 * conversations in it) or to edit (also change its files and instructions); the owner alone
 * manages the sharing. Conversations in it stay each user's own.
 */
export function projectKind(projects: ProjectsRepository): ShareableKind {
  return {
    kind: 'project',
    roles: ['view', 'edit'],
    async findManageable(viewer, id) {
      const project = await projects.findOwned(id, viewer);
      return project && { id: project.id, name: project.name, ownerSub: project.ownerId };
    },
    nameOf: (ids) => projects.namesOf(ids),
  };
}
