import type { CollectionSummary } from '@assistant/contracts';

/**
 * Whether the user manages the collection itself: renames, deletes and shares (or, for a company
 * one, restricts) it. That is its owner, and administrators for a company collection; the server
 * says so in `sharing.access`. Someone it is shared with to edit changes its documents only
 * (`can_manage`). An answer without `sharing` (an older server) falls back to `can_manage`.
 */
export function ownsCollection(collection: Pick<CollectionSummary, 'can_manage' | 'sharing'>): boolean {
  return collection.sharing ? collection.sharing.access === 'owner' : collection.can_manage;
}

/** The groups a company collection is restricted to, as its managers see them (empty: everyone reads it). */
export function restrictedTo(collection: Pick<CollectionSummary, 'scope' | 'sharing'>): string[] {
  if (collection.scope !== 'company') return [];
  return (collection.sharing?.shared_with ?? []).filter((target) => target.type === 'group').map((target) => target.name);
}
