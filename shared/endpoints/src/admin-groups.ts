import { adminGroupsResponseSchema, type AdminGroup } from '@assistant/contracts';
import { apiClients, queryOptions, useMutation, useQuery, useQueryClient } from '@assistant/platform';
import { directoryKeys } from './directory';
import { putVoid } from './put-void';

/** The administrators' list of groups (the shell's groups page). */
export const adminGroupKeys = {
  all: ['admin', 'groups'] as const,
};

/** GET /api/admin/groups: every group with its member count, when a member last signed in and its display name. */
export async function getAdminGroups(signal?: AbortSignal): Promise<AdminGroup[]> {
  return (await apiClients().api.get('admin/groups', adminGroupsResponseSchema, { signal })).groups;
}

export const adminGroupsQuery = () => queryOptions({ queryKey: adminGroupKeys.all, queryFn: ({ signal }) => getAdminGroups(signal) });

export const useAdminGroupsQuery = () => useQuery(adminGroupsQuery());

/** PUT /api/admin/groups/{id}: a display name, or null for the provider's name. */
export async function renameGroup(id: string, displayName: string | null): Promise<void> {
  await putVoid(`admin/groups/${encodeURIComponent(id)}`, { display_name: displayName });
}

/** Renames a group; the list and every directory search (which shows the new name) are asked again. */
export function useRenameGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, displayName }: { id: string; displayName: string | null }) => renameGroup(id, displayName),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: adminGroupKeys.all }), client.invalidateQueries({ queryKey: directoryKeys.all })]),
  });
}
