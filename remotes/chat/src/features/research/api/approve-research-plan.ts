import { researchStateSchema, type ResearchPlanApproval, type ResearchState } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { researchKeys } from '../../../query-keys';
import { researchPath } from './get-research-state';

/**
 * POST /api/research/{id}/plan: the plan as the user left it (kept tasks name their task_id, new
 * ones have none, removed ones are left out), approved. Answers the state; 409 when the run does
 * not wait for approval, 400 for a plan the server refuses (with its message).
 */
export function approveResearchPlan(researchId: string, approval: ResearchPlanApproval): Promise<ResearchState> {
  return apiClients().api.post(`${researchPath(researchId)}/plan`, approval, researchStateSchema);
}

/** Approving sets the run's state to the answer (the run works again). */
export function useApproveResearchPlan(researchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approval: ResearchPlanApproval) => approveResearchPlan(researchId, approval),
    onSuccess: (state) => queryClient.setQueryData(researchKeys.state(researchId), state),
  });
}
