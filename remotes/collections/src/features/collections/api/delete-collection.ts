import type { CollectionSummary } from '@assistant/contracts';
import { collectionKeys } from '@assistant/endpoints';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

/** DELETE /api/collections/{id}: its files, passages and stored bytes go with it. */
export async function deleteCollection(id: string): Promise<void> {
  await apiClients().api.delete(`collections/${encodeURIComponent(id)}`);
}

/** Takes a collection out of every list held (also when it was already gone: `forget`). */
export function useDeleteCollection() {
  const client = useQueryClient();
  const forget = (id: string) => {
    client.setQueriesData<CollectionSummary[]>({ queryKey: collectionKeys.lists() }, (list) => list?.filter((c) => c.id !== id));
    client.removeQueries({ queryKey: collectionKeys.detail(id) });
  };
  const mutation = useMutation({ mutationFn: (id: string) => deleteCollection(id), onSuccess: (_answer, id) => forget(id) });
  return { ...mutation, forget };
}
