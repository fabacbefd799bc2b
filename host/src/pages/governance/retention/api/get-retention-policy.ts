import { retentionPolicySchema, type RetentionPolicy } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { retentionKeys } from './retention-keys';

/** GET /api/admin/retention: days kept per kind by default and per group (null: forever), with the groups' names. */
export async function getRetentionPolicy(signal?: AbortSignal): Promise<RetentionPolicy> {
  return apiClients().api.get('admin/retention', retentionPolicySchema, { signal });
}

export const retentionPolicyQuery = () => queryOptions({ queryKey: retentionKeys.policy(), queryFn: ({ signal }) => getRetentionPolicy(signal) });

export const useRetentionPolicyQuery = () => useQuery(retentionPolicyQuery());
