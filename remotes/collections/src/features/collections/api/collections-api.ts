import {
  collectionListResponseSchema,
  collectionSummarySchema,
  type CollectionScope,
  type CollectionSummary,
} from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

// The collection calls of docs/collections.md; every answer is checked against the contract.

const path = (id: string) => `collections/${encodeURIComponent(id)}`;

/** GET /api/collections?scope=: the caller's personal collections, or the company ones. */
export async function listCollections(scope: CollectionScope, signal?: AbortSignal): Promise<CollectionSummary[]> {
  const answer = await apiClients().api.get(`collections?scope=${scope}`, collectionListResponseSchema, { signal });
  return answer.collections;
}

/** GET /api/collections/{id}: 404 when it does not exist or is someone else's. */
export function getCollection(id: string, signal?: AbortSignal): Promise<CollectionSummary> {
  return apiClients().api.get(path(id), collectionSummarySchema, { signal });
}

/** POST /api/collections: company collections only for administrators (403 otherwise). */
export function createCollection(name: string, scope: CollectionScope): Promise<CollectionSummary> {
  return apiClients().api.post('collections', { name, scope }, collectionSummarySchema);
}

/** PATCH /api/collections/{id}. */
export async function renameCollection(id: string, name: string): Promise<CollectionSummary> {
  return (await apiClients().api.patch(path(id), { name }, collectionSummarySchema))!;
}

/** DELETE /api/collections/{id}: its files, passages and stored bytes go with it. */
export async function deleteCollection(id: string): Promise<void> {
  await apiClients().api.delete(path(id));
}
