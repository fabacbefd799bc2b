import type { PromptsRepository } from '../../prompts/prompts-repository';
import type { ShareableKind } from '../shareable-kind';

/**
 * Saved prompts (docs/prompts.md): shared to read (and use) or to edit; the owner alone manages
 * the sharing (editors change title and text, never who has access).
 */
export function promptKind(prompts: PromptsRepository): ShareableKind {
  return {
    kind: 'prompt',
    roles: ['view', 'edit'],
    async findManageable(viewer, id) {
      const prompt = await prompts.findOwned(id, viewer);
      return prompt && { id: prompt.id, name: prompt.title, ownerSub: prompt.ownerId };
    },
    nameOf: (ids) => prompts.titlesOf(ids),
  };
}
