import type { RetentionPolicy } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { retentionKeys } from './retention-keys';

/** PUT /api/admin/retention: replaces the policy (group names are ignored by the server). */
export async function updateRetentionPolicy(policy: RetentionPolicy): Promise<void> {
  const response = await apiClients().api.request('PUT', 'admin/retention', policy);
  // The saved policy is read again with its groups' names; this answer's body is not needed.
  response.body?.cancel().catch(() => undefined);
}

/** Saves the policy, then reads it again (the form starts from what the server keeps). */
export function useUpdateRetentionPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRetentionPolicy,
    onSuccess: () => client.invalidateQueries({ queryKey: retentionKeys.policy() }),
  });
}
