import { retentionRunsResponseSchema, type RetentionRun } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { retentionKeys } from './retention-keys';

/** How often the runs are asked again while one is running. */
export const RUNNING_POLL_MS = 2000;

/** GET /api/admin/retention/runs: the latest runs, newest first, and what each deleted by kind. */
export async function getRetentionRuns(signal?: AbortSignal): Promise<RetentionRun[]> {
  return (await apiClients().api.get('admin/retention/runs', retentionRunsResponseSchema, { signal })).runs;
}

export const retentionRunsQuery = () => queryOptions({ queryKey: retentionKeys.runs(), queryFn: ({ signal }) => getRetentionRuns(signal) });

/** The runs, followed while one is running (its counts grow batch by batch until it is done). */
export const useRetentionRunsQuery = () =>
  useQuery({
    ...retentionRunsQuery(),
    refetchInterval: ({ state }) => (state.data?.some((run) => run.status === 'running') ? RUNNING_POLL_MS : false),
  });
