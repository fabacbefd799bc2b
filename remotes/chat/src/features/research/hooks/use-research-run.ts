import { isServerFault, type ResearchState } from '@assistant/contracts';
import { ApiRequestError, useQuery, useQueryClient } from '@assistant/platform';
import { startTransition, useEffect, useState } from 'react';
import { conversationKeys, researchKeys } from '../../../query-keys';
import { followResearchEvents } from '../api/follow-research-events';
import { researchStateQuery } from '../api/get-research-state';
import { applyResearchLine, emptyRun, TURNING_STAGES, type ResearchRun } from '../model/research-run';
import { researchView, type ResearchView } from '../model/research-view';

/** Waits between reconnects after a dropped stream (doubling up to `maxDelayMs`); tests shorten them. */
export const RESEARCH_FOLLOW = { retryDelayMs: 1000, maxDelayMs: 15_000, stateRefreshMs: 1000 };

export interface ResearchRunModel {
  view: ResearchView;
  state: ResearchState | undefined;
  /** The state could not be read (and no events came either). */
  stateFailed: boolean;
  /** The stream dropped and is being reconnected. */
  reconnecting: boolean;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Follows one research run: its events from after=0 (the stored ones, then the live ones),
 * reduced into a run (model/research-run), reconnecting after a dropped connection with
 * after=<events received>, so nothing comes twice and nothing is missed; and its state, read again
 * when the run turns (a question, a plan, the end) and until it caught up with the events. Leaving
 * (unmounting) lets go of the stream; the run goes on on the server.
 */
export function useResearchRun(researchId: string): ResearchRunModel {
  const queryClient = useQueryClient();
  const [followed, setFollowed] = useState<{ id: string; run: ResearchRun; reconnecting: boolean }>({ id: researchId, run: emptyRun, reconnecting: false });
  const current = followed.id === researchId ? followed : { id: researchId, run: emptyRun, reconnecting: false };
  const { run } = current;
  const stateQuery = useQuery({
    ...researchStateQuery(researchId),
    // A state read before the run's last turn is out of date: read it again until it caught up.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && !query.state.error && data.last_seq < run.turningSeq ? RESEARCH_FOLLOW.stateRefreshMs : false;
    },
  });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let latest = emptyRun;
    const show = (reconnecting: boolean) => startTransition(() => setFollowed({ id: researchId, run: latest, reconnecting }));
    void (async () => {
      let delay = RESEARCH_FOLLOW.retryDelayMs;
      while (!signal.aborted && !latest.outcome) {
        try {
          const lines = await followResearchEvents(researchId, latest.seq, signal);
          for await (const line of lines) {
            const before = latest;
            latest = applyResearchLine(latest, line);
            if (latest === before) continue;
            delay = RESEARCH_FOLLOW.retryDelayMs;
            show(false);
            if (line.kind === 'deep_research' && TURNING_STAGES.includes(line.event.stage)) {
              void queryClient.invalidateQueries({ queryKey: researchKeys.state(researchId) });
              // The run's answer gets the report (or stays empty) when it ends.
              if (line.event.stage === 'end') void queryClient.invalidateQueries({ queryKey: conversationKeys.allMessages });
            }
            if (latest.outcome) break;
          }
        } catch (error) {
          if (signal.aborted) return;
          // Not the user's run, or no such run: following again would not help. No answer, a
          // server fault or a rate limit is tried again.
          if (error instanceof ApiRequestError && error.code !== undefined && !isServerFault(error.code) && error.code !== 'rate_limited') return;
          console.warn('Following the research run failed', error);
        }
        if (signal.aborted || latest.outcome) return;
        show(true);
        await wait(delay, signal);
        delay = Math.min(delay * 2, RESEARCH_FOLLOW.maxDelayMs);
      }
    })();
    return () => controller.abort();
  }, [researchId, queryClient]);

  const state = stateQuery.data;
  return {
    view: researchView(state, run),
    state,
    stateFailed: stateQuery.isError && state === undefined && run.seq === 0,
    reconnecting: current.reconnecting,
  };
}
