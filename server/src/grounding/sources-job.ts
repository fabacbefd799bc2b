import { z } from 'zod';
import type { Database } from '../db/database';
import { GroundingTracesRepository, type GroundingTrace, type StoredSources } from '../db/repositories/grounding-traces-repository';
import type { ModelProvider } from '../inference/model-provider';
import { JobFailure, type JobQueue, type JobState } from '../jobs/job-queue';
import type { JobHandler } from '../jobs/job-runner';
import { JudgeError, judgeWindows, toInContextSources, toQaSources } from './judge-sources';

/** The job kind of a trace's source computation. */
export const SOURCES_JOB_KIND = 'sources';

/** One job per trace: triggering twice finds the first. */
export function sourcesJobKey(traceId: string): string {
  return `sources:${traceId}`;
}

const payloadSchema = z.object({ traceId: z.uuid() });

/** Why a trace has no sources, in words its user may read (GET answers them with `sources_failed`). */
export const SOURCES_FAILURES = {
  gone: 'The answer is no longer there',
  incomplete: 'The answer is not complete, so its sources cannot be judged',
  noPassages: 'No passages were found for this answer, so it has no sources',
  judge: 'The language model could not judge the sources; try again later',
} as const;

/** Longest run of one source computation: a few judge calls (JUDGE_BATCH_CHARACTERS each, up to two tries of 2 minutes). */
export const SOURCES_JOB_TIMEOUT_MS = 10 * 60_000;

type Log = { warn(obj: object, msg: string): void };

/**
 * The `sources` job: judges the windows of the trace's answer with the model (judge-sources.ts),
 * maps the judgement to QA and in-context sources, both checked against their contracts, and
 * stores them on the trace. A trace of another user is "gone" (the job's owner is the trace's).
 * Without a model, or when its judgement does not hold, the job fails: nothing is made up.
 */
export function sourcesJobHandler(deps: { db: Database; models: ModelProvider; portalOrigin: string; log?: Log }): JobHandler {
  const traces = new GroundingTracesRepository(deps.db);
  return {
    timeoutMs: SOURCES_JOB_TIMEOUT_MS,
    async run(job) {
      const payload = payloadSchema.parse(job.payload);
      const trace = job.owner ? await traces.find(payload.traceId, job.owner) : null;
      if (!trace) throw new JobFailure(SOURCES_FAILURES.gone);
      if (trace.answer === null) throw new JobFailure(SOURCES_FAILURES.incomplete);
      if (trace.windows.length === 0) throw new JobFailure(SOURCES_FAILURES.noPassages);
      let judgements;
      try {
        judgements = await judgeWindows(deps.models, {
          model: trace.model,
          question: trace.question,
          answer: trace.answer,
          windows: trace.windows,
          signal: job.signal,
          ...(deps.log ? { log: deps.log } : {}),
        });
      } catch (error) {
        if (error instanceof JudgeError) {
          deps.log?.warn({ traceId: trace.id, reason: error.message }, 'grounding: the sources could not be judged');
          throw new JobFailure(SOURCES_FAILURES.judge);
        }
        throw error;
      }
      const sources: StoredSources = {
        qa: toQaSources(trace.id, judgements, deps.portalOrigin),
        in_context: toInContextSources(trace.id, judgements, { portalOrigin: deps.portalOrigin, question: trace.question }),
      };
      await traces.saveSources(trace.id, sources);
      return { traceId: trace.id };
    },
  };
}

/**
 * Starts computing a trace's sources (POST .../sources): enqueues its job once; a job that failed
 * is put back to pending, so a user can try again after the model was away. Answers the state.
 */
export async function requestSources(jobs: JobQueue, trace: GroundingTrace, nudge: () => void): Promise<'pending' | 'running' | 'completed'> {
  if (trace.sources) return 'completed';
  const key = sourcesJobKey(trace.id);
  const { id, created } = await jobs.enqueue(SOURCES_JOB_KIND, { traceId: trace.id }, { owner: trace.owner, key });
  let status: JobState['status'] = 'pending';
  if (!created) {
    const state = await jobs.getByKey(key, trace.owner);
    status = state?.status ?? 'pending';
    if (status === 'failed') {
      await jobs.retry(id);
      status = 'pending';
    }
  }
  if (status === 'pending') nudge();
  return status;
}

/** What GET .../sources answers: the sources, "not ready" (409), or why they failed (422). */
export type SourcesState = { ready: StoredSources } | { notReady: true } | { failed: string };

export async function sourcesState(jobs: JobQueue, trace: GroundingTrace): Promise<SourcesState> {
  if (trace.sources) return { ready: trace.sources };
  const state = await jobs.getByKey(sourcesJobKey(trace.id), trace.owner);
  if (!state || state.status === 'pending' || state.status === 'running') return { notReady: true };
  // A completed job always stored its sources first; without them something went wrong.
  return { failed: state.status === 'failed' && state.error ? state.error : SOURCES_FAILURES.judge };
}
