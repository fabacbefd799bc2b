import { useMutation, useQuery, useQueryClient } from '@assistant/platform';
import { useEffect, useRef, useState } from 'react';
import { conversationKeys } from '../../../query-keys';
import { isSourcesNotReady, messageSourcesQuery } from '../api/get-message-sources';
import { triggerMessageSources } from '../api/trigger-message-sources';
import { groupSources, type GroupedSources } from '../model/group-sources';

export type MessageSources =
  | { status: 'computing' }
  /** `retry`: the user asks again (the trigger once more, then the polling); never automatic. */
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; sources: GroupedSources; total: number }
  /** Computed, and no passage backs or contradicts the answer. */
  | { status: 'none' };

/**
 * The in-context sources of a finished grounded answer (SPEC section 4): the trigger call once,
 * then the sources polled every 2 s until they are there (messageSourcesQuery). Sources already
 * in the cache (the answer shown before) are shown without triggering again. `waited` says whether
 * this view saw them not ready yet (so "sources ready" is worth announcing).
 */
export function useMessageSources(conversationId: string, messageId: string): MessageSources & { waited: boolean } {
  const queryClient = useQueryClient();
  const options = messageSourcesQuery(conversationId, messageId);
  // Asked before in this session (the answer shown again: another branch, a long list scrolled):
  // no second trigger, the query goes on from where it was (a failure is not triggered again by itself).
  const known = queryClient.getQueryState(conversationKeys.sources(conversationId, messageId));
  const cached = known !== undefined && (known.data !== undefined || known.error !== null);
  const trigger = useMutation({ mutationFn: () => triggerMessageSources(conversationId, messageId) });
  const { mutate } = trigger;
  // At most once by itself per showing (the user's "Try again" is the only other trigger).
  const triggered = useRef(false);
  useEffect(() => {
    if (cached || triggered.current) return;
    triggered.current = true;
    mutate();
  }, [cached, mutate]);
  const query = useQuery({ ...options, enabled: cached || trigger.isSuccess });
  const notReady = isSourcesNotReady(query.error);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (notReady) setWaited(true);
  }, [notReady]);

  let state: MessageSources;
  if (query.data) {
    const sources = groupSources(query.data);
    const total = sources.supporting.length + sources.conflicting.length;
    state = total === 0 ? { status: 'none' } : { status: 'ready', sources, total };
  } else if (!trigger.isPending && (trigger.isError || (query.isError && !notReady))) {
    state = {
      status: 'failed',
      retry: () => trigger.mutate(undefined, { onSuccess: () => void queryClient.resetQueries({ queryKey: options.queryKey }) }),
    };
  } else {
    state = { status: 'computing' };
  }
  return { ...state, waited };
}
