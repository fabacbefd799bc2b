import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { retentionKeys } from './retention-keys';

/** POST /api/admin/retention/runs: starts a run now (202); it shows up in the runs. */
export async function startRetentionRun(): Promise<void> {
  await apiClients().api.postVoid('admin/retention/runs');
}

/** Starts a run, then asks for the runs again: the new one is running, so the list follows it. */
export function useStartRetentionRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startRetentionRun,
    onSuccess: () => client.invalidateQueries({ queryKey: retentionKeys.runs() }),
  });
}
