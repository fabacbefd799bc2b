import type { CollectionSummary } from '@assistant/contracts';
import { useCollectionsQuery } from '@assistant/endpoints';

export interface ReadableCollections {
  /** Personal first, then the company's; undefined until both lists are there. */
  data: CollectionSummary[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * Every collection the user may read: the two lists of GET /api/collections?scope=personal and
 * =company, the same cached lists the collections page and the agent form show.
 */
export function useReadableCollections(): ReadableCollections {
  const personal = useCollectionsQuery('personal');
  const company = useCollectionsQuery('company');
  return {
    data: personal.data && company.data ? [...personal.data, ...company.data] : undefined,
    isPending: personal.isPending || company.isPending,
    isError: personal.isError || company.isError,
  };
}
