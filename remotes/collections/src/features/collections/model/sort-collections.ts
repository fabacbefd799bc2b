import type { CollectionSummary } from '@assistant/contracts';

/** Latest change first, as the server lists them (ties keep their order). */
export function sortCollections(collections: readonly CollectionSummary[]): CollectionSummary[] {
  return [...collections].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
}
