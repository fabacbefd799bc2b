import { shareListResponseSchema, type ShareItemKind, type ShareListResponse, type ShareUpdate } from '@assistant/contracts';
import { apiClients, queryOptions, useMutation, useQuery, useQueryClient } from '@assistant/platform';
import { putVoid } from './put-void';
import { sharedWithMeKeys } from './shared-with-me';

/**
 * Who has access to an item (docs/sharing.md). One key per item under the resource, so saving
 * an item's shares reaches exactly its entry, and `shareKeys.all` every item's.
 */
export const shareKeys = {
  all: ['shares'] as const,
  item: (kind: ShareItemKind, id: string) => ['shares', kind, id] as const,
};

const sharesPath = (kind: ShareItemKind, id: string) => `shares/${kind}/${encodeURIComponent(id)}`;

/** GET /api/shares/{kind}/{id}: the item's shares (its managers only; others get a 404 or 403). */
export function getShares(kind: ShareItemKind, id: string, signal?: AbortSignal): Promise<ShareListResponse> {
  return apiClients().api.get(sharesPath(kind, id), shareListResponseSchema, { signal });
}

export const sharesQuery = (kind: ShareItemKind, id: string) =>
  queryOptions({ queryKey: shareKeys.item(kind, id), queryFn: ({ signal }) => getShares(kind, id, signal) });

/** An item's shares; nothing is asked while `enabled` is false (the share dialog is closed). */
export const useSharesQuery = (kind: ShareItemKind, id: string, enabled = true) => useQuery({ ...sharesQuery(kind, id), enabled });

/**
 * PUT /api/shares/{kind}/{id}: the whole new list (an empty one stops sharing). The answer's body
 * is not read: the item's entry is asked again, so every screen shows what the server kept.
 */
export async function saveShares(kind: ShareItemKind, id: string, update: ShareUpdate): Promise<void> {
  await putVoid(sharesPath(kind, id), update);
}

/**
 * Saves an item's shares; afterwards its shares and the recipients' "shared with me" list are
 * asked again (the caller may share with themselves through a group; their list changes too).
 */
export function useSaveShares(kind: ShareItemKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: ShareUpdate) => saveShares(kind, id, update),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: shareKeys.item(kind, id) }), client.invalidateQueries({ queryKey: sharedWithMeKeys.all })]),
  });
}
