import { collectionSummarySchema, type CollectionSummary } from '@assistant/contracts';
import { collectionKeys, sortCollections } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** PATCH /api/collections/{id}. */
export async function renameCollection(id: string, name: string): Promise<CollectionSummary> {
  return (await apiClients().api.patch(`collections/${encodeURIComponent(id)}`, { name }, collectionSummarySchema))!;
}

/** Renames a collection: its lists and its details page show the server's answer. */
export function useRenameCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameCollection(id, name),
    onSuccess: (renamed) => {
      client.setQueriesData<CollectionSummary[]>({ queryKey: collectionKeys.lists() }, (list) =>
        list ? sortCollections(list.map((c) => (c.id === renamed.id ? renamed : c))) : list,
      );
      client.setQueryData(collectionKeys.detail(renamed.id), renamed);
    },
  });
}
