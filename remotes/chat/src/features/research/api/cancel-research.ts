import { researchStateSchema, type ResearchState } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { researchKeys } from '../../../query-keys';
import { researchPath } from './get-research-state';

/** POST /api/research/{id}/cancel: ends the run at once; answers the state (`cancelled`), 409 when it is over already. */
export function cancelResearch(researchId: string): Promise<ResearchState> {
  return apiClients().api.post(`${researchPath(researchId)}/cancel`, undefined, researchStateSchema);
}

/** Cancelling sets the run's state to the answer. */
export function useCancelResearch(researchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelResearch(researchId),
    onSuccess: (state) => queryClient.setQueryData(researchKeys.state(researchId), state),
  });
}
