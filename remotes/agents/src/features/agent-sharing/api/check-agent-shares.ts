import { agentShareCheckResponseSchema, shareTargetKey, type AgentShareCheckResponse, type ShareTarget } from '@assistant/contracts';
import { agentKeys } from '@assistant/endpoints';
import { apiClients, keepPreviousData, useQuery } from '@assistant/platform';

export type KnowledgeGap = AgentShareCheckResponse['collections'][number];

/**
 * POST /api/agents/{id}/share-check: which of the agent's collections the share targets may not
 * read (the agent answers each user only from what they may read), and which of those the user
 * may share.
 */
export async function checkAgentShares(id: string, targets: readonly ShareTarget[], signal?: AbortSignal): Promise<KnowledgeGap[]> {
  return (await apiClients().api.post(`agents/${encodeURIComponent(id)}/share-check`, { targets }, agentShareCheckResponseSchema, { signal })).collections;
}

/**
 * The check for the share dialog's list as it is being edited. Under the agent's own key, so
 * whatever asks the agent again asks this again; the last answer stays while the next is asked.
 */
export function useAgentShareCheck(id: string, targets: readonly ShareTarget[]) {
  return useQuery({
    queryKey: [...agentKeys.detail(id), 'share-check', targets.map(shareTargetKey)],
    queryFn: ({ signal }) => checkAgentShares(id, targets, signal),
    enabled: targets.length > 0,
    placeholderData: keepPreviousData,
  });
}
