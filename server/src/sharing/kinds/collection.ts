import type { CollectionsRepository } from '../../db/repositories/collections-repository';
import type { ShareableKind } from '../shareable-kind';

export const COMPANY_COLLECTION_GROUPS_ONLY = 'A company collection is read by everyone; it can only be restricted to groups, to read';

/**
 * Collections (docs/collections.md "Sharing"): a personal one is shared by its owner with people,
 * groups or the company, to read or to edit (add and remove documents). A company one is read by
 * everyone; its administrators restrict it to groups ("only HR") with group shares to read, so
 * people, the company and edit rights make no sense there and are refused.
 */
export function collectionKind(collections: CollectionsRepository): ShareableKind {
  return {
    kind: 'collection',
    roles: ['view', 'edit'],
    async findManageable(viewer, id) {
      const collection = await collections.findVisible(id, viewer);
      if (!collection?.can_own) return undefined;
      return { id: collection.id, name: collection.name, ownerSub: collection.scope === 'company' ? null : collection.owner_id };
    },
    nameOf: (ids) => collections.namesOf(ids),
    refuse(item, update) {
      if (item.ownerSub !== null) return undefined;
      const allowed = update.shares.every((share) => share.target.type === 'group' && share.role === 'view');
      return allowed ? undefined : COMPANY_COLLECTION_GROUPS_ONLY;
    },
  };
}
