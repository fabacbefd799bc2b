import type { QaSource } from '@assistant/contracts';
import { useMutation, useQuery } from '@assistant/platform';
import { useEffect } from 'react';
import { sourcesFailed, sourcesNotReady, sourcesQuery } from '../api/get-sources';
import { startSources } from '../api/start-sources';

export type AnswerSourcesState =
  | { status: 'none' }
  | { status: 'computing' }
  | { status: 'ready'; sources: readonly QaSource[] }
  /** The server could not compute them (`sources_failed`). */
  | { status: 'failed' }
  /** Asking failed otherwise (network, 404 ...): `retry` asks again. */
  | { status: 'error'; error: unknown };

/**
 * The sources of an answer (SPEC section 4: trigger, then poll): once the answer is complete,
 * POST qa/sources/{trace_id} starts them and GET is polled every 2 s until they are there.
 * Sources the history kept are shown as they are, without asking.
 */
export function useAnswerSources(traceId: string | undefined, kept: readonly QaSource[] | undefined, enabled: boolean) {
  const wanted = enabled && traceId !== undefined && kept === undefined;
  const start = useMutation({ mutationFn: startSources });
  const { mutate, reset } = start;
  useEffect(() => {
    if (wanted) mutate(traceId);
    else reset();
  }, [wanted, traceId, mutate, reset]);

  const started = wanted && start.isSuccess && start.variables === traceId;
  const query = useQuery({ ...sourcesQuery(traceId ?? ''), enabled: started });

  const retry = () => {
    if (start.isError && traceId) mutate(traceId);
    else void query.refetch();
  };

  let state: AnswerSourcesState;
  if (kept) state = { status: 'ready', sources: kept };
  else if (!wanted) state = { status: 'none' };
  else if (start.isError) state = sourcesFailed(start.error) ? { status: 'failed' } : { status: 'error', error: start.error };
  else if (query.data) state = { status: 'ready', sources: query.data };
  else if (query.isError && !sourcesNotReady(query.error)) state = sourcesFailed(query.error) ? { status: 'failed' } : { status: 'error', error: query.error };
  else state = { status: 'computing' };
  return { state, retry };
}
