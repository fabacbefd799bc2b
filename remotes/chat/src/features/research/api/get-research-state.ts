import { researchStateSchema, type ResearchState } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';
import { researchKeys } from '../../../query-keys';

export const researchPath = (researchId: string) => `research/${encodeURIComponent(researchId)}`;

/** GET /api/research/{id}: the run as it stands (status, stage, plan, tasks, sources, report). */
export function getResearchState(researchId: string, signal?: AbortSignal): Promise<ResearchState> {
  return apiClients().api.get(researchPath(researchId), researchStateSchema, { signal });
}

/**
 * A run's state. It is read again when the events say the run turned (a question, a plan, the
 * end: use-research-run) and after approving or cancelling (their answers set it).
 */
export const researchStateQuery = (researchId: string) =>
  queryOptions({ queryKey: researchKeys.state(researchId), queryFn: ({ signal }) => getResearchState(researchId, signal) });

/** The state of a run, when there is one (`undefined`: none, nothing asked). */
export const useResearchStateQuery = (researchId: string | undefined) =>
  useQuery({ ...researchStateQuery(researchId ?? ''), enabled: researchId !== undefined });
