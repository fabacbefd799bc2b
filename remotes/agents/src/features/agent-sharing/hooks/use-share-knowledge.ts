import { shareTargetKey, type ShareTarget, type ShareUpdate } from '@assistant/contracts';
import { agentKeys, saveShares, sharesQuery } from '@assistant/endpoints';
import { useMutation, useQueryClient } from '@assistant/platform';
import type { KnowledgeGap } from '../api/check-agent-shares';

/** A share's target as a share list sends it (a list entry carries the shown name too). */
const bare = (target: ShareTarget): ShareTarget => (target.type === 'company' ? { type: 'company' } : { type: target.type, id: target.id });

/**
 * "Share them too" of the agent's share dialog: each of the agent's collections that some
 * recipients may not read (and that the user may share) is shared with those recipients to view,
 * keeping whoever has access already (their list is read first, so nobody loses a share). The
 * agent's check is asked again afterwards.
 */
export function useShareKnowledge(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (gaps: readonly KnowledgeGap[]) => {
      for (const gap of gaps.filter((entry) => entry.can_share)) {
        const query = sharesQuery('collection', gap.id);
        const current = await client.fetchQuery({ ...query, staleTime: 0 });
        const kept = current.shares.map((share) => ({ target: bare(share.target), role: share.role }));
        const present = new Set(kept.map((share) => shareTargetKey(share.target)));
        const added = gap.not_readable_by.filter((target) => !present.has(shareTargetKey(target))).map((target) => ({ target: bare(target), role: 'view' as const }));
        const update: ShareUpdate = { shares: [...kept, ...added] };
        await saveShares('collection', gap.id, update);
        await client.invalidateQueries({ queryKey: query.queryKey });
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...agentKeys.detail(agentId), 'share-check'] }),
  });
}
