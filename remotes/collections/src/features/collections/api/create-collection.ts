import { collectionSummarySchema, type CollectionScope, type CollectionSummary } from '@assistant/contracts';
import { collectionKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** POST /api/collections: company collections only for administrators (403 otherwise). */
export function createCollection(name: string, scope: CollectionScope): Promise<CollectionSummary> {
  return apiClients().api.post('collections', { name, scope }, collectionSummarySchema);
}

/** Creates a collection; the new one goes to the top of its list at once, then the list is asked again. */
export function useCreateCollection(scope: CollectionScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createCollection(name, scope),
    onSuccess: (created) => {
      client.setQueryData<CollectionSummary[]>(collectionKeys.list(scope), (list = []) => [created, ...list.filter((c) => c.id !== created.id)]);
      void client.invalidateQueries({ queryKey: collectionKeys.list(scope), refetchType: 'none' });
    },
  });
}
