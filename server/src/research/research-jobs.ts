import type { DeepResearchEvent } from '@assistant/contracts';
import { FINAL_RESEARCH_STATUSES } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { RESEARCH_RUNS_CHANNEL, Wakeup, type Notifications } from '../db/notifications';
import type { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import type { SourceWindow } from '../grounding/source-windows';
import { describeStreamFailure } from '../inference/public-failure';
import type { ModelProvider } from '../inference/model-provider';
import { JobFailure } from '../jobs/job-queue';
import type { JobContext, JobHandler } from '../jobs/job-runner';
import type { Tool } from '../tools/tool';
import type { ModelJson } from '../inference/model-json';
import { CLARIFY_JSON_SCHEMA, PLAN_JSON_SCHEMA, clarifyMessages, planMessages, readClarifyAnswer, readPlanAnswer, reportMessages } from './research-prompts';
import type { ResearchRepository, ResearchRun, ResearchTask } from './research-repository';
import { runTask, type TaskLimits } from './run-task';

export const RESEARCH_PLAN_JOB = 'research-plan';
export const RESEARCH_EXECUTE_JOB = 'research-execute';

/** The settings of docs/deep-research.md (config.ts `research`). */
export interface ResearchLimits {
  /** Runs of one user working at once (waiting for the user does not count). */
  maxConcurrentPerUser: number;
  /** Tasks one plan may have. */
  maxTasks: number;
  /** Tool calls one task may make. */
  maxToolCallsPerTask: number;
  /** Tasks of one run working at once. */
  taskConcurrency: number;
  /** Claims of one research job (a restart is a new claim); past it the run fails with the reason. */
  maxAttempts: number;
  /** Tool rounds and time of one task's loop, and one call's timeout. */
  toolSteps: number;
  taskTimeMs: number;
  toolTimeoutMs: number;
  /** Longest one research job (planning; execution with the report) may take. */
  jobTimeoutMs: number;
}

export const DEFAULT_RESEARCH_LIMITS: ResearchLimits = {
  maxConcurrentPerUser: 2,
  maxTasks: 8,
  maxToolCallsPerTask: 6,
  taskConcurrency: 4,
  maxAttempts: 2,
  toolSteps: 4,
  taskTimeMs: 180_000,
  toolTimeoutMs: 30_000,
  jobTimeoutMs: 30 * 60_000,
};

export interface ResearchJobDeps {
  research: ResearchRepository;
  traces: GroundingTracesRepository;
  models: Pick<ModelProvider, 'complete' | 'streamChat' | 'defaultModel'>;
  /**
   * The tools of a run's tasks (built-in tools scoped to its collections, and the tools of its
   * MCP servers, listed when the execution starts; the signal stops the listing).
   */
  tools: (run: ResearchRun, signal: AbortSignal) => Tool[] | Promise<Tool[]>;
  limits: ResearchLimits;
  /** The owner's groups as of their last sign-in (the run outlives its request); none without a directory. */
  groupsOf?: ((sub: string) => Promise<readonly string[]>) | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * Wakes a working job when its run ends elsewhere (a cancel through any replica,
   * RESEARCH_RUNS_CHANNEL); it then also looks every CANCEL_SAFETY_POLL_MS on its own.
   */
  notifications?: Notifications | undefined;
  /** How often a working job looks whether its run was cancelled (from any replica) while no notifications come. */
  cancelPollMs?: number;
}

const CANCEL_SAFETY_POLL_MS = 5000;

const payloadSchema = z.object({ research_id: z.string() });

/** Why a run stopped because its user cancelled it. */
export const CANCELLED_REASON = 'The research was cancelled.';
export const INTERRUPTED_REASON = 'The research was interrupted too often (the server restarted) and has stopped; start it again.';
export const INTERRUPTED_IN_REPORT = 'The server restarted while the report was being written; start the research again.';
export const ALL_TASKS_FAILED = 'Every task of the research failed; no report could be written.';
export const PLAN_UNREADABLE = 'The model did not answer with a usable research plan.';

class Cancelled extends Error {
  constructor() {
    super(CANCELLED_REASON);
  }
}

/** Runs working in this process: a cancel here aborts at once (other replicas are notified, or poll). */
const local = new Map<string, AbortController>();
export function abortLocalResearch(id: string): void {
  local.get(id)?.abort(new Cancelled());
}

/**
 * The research jobs for the JobRunner (main.ts registers them): `research-plan` (clarification
 * decision, then the plan) and `research-execute` (the tasks, then the report). A run that
 * waits for its user has no job; each answer of the user enqueues the next one.
 */
export function researchJobHandlers(deps: ResearchJobDeps): Record<string, JobHandler> {
  return {
    [RESEARCH_PLAN_JOB]: { timeoutMs: deps.limits.jobTimeoutMs, run: (job) => guarded(deps, job, plan) },
    [RESEARCH_EXECUTE_JOB]: { timeoutMs: deps.limits.jobTimeoutMs, run: (job) => guarded(deps, job, execute) },
  };
}

type Step = (deps: ResearchJobDeps, run: ResearchRun, signal: AbortSignal) => Promise<void>;

/**
 * A step with the rules every research job shares: a run that is over is left alone; past
 * maxAttempts claims the run fails with the reason; a cancel (here or on another replica) aborts
 * the model calls and tools; a failure ends the run as failed with a sentence for the user; a
 * stopping runner leaves the run to the next claim (restart: resumed).
 */
async function guarded(deps: ResearchJobDeps, job: JobContext, step: Step): Promise<unknown> {
  const { research_id: id } = payloadSchema.parse(job.payload);
  const run = await deps.research.get(id);
  if (!run || (FINAL_RESEARCH_STATUSES as readonly string[]).includes(run.status)) return { skipped: true };
  if (job.attempt > deps.limits.maxAttempts) {
    await deps.research.finish(id, 'failed', { error: INTERRUPTED_REASON });
    return { failed: INTERRUPTED_REASON };
  }
  const controller = new AbortController();
  local.set(id, controller);
  const signal = AbortSignal.any([job.signal, controller.signal]);
  const watching = new AbortController();
  const wakeup = new Wakeup(deps.notifications, RESEARCH_RUNS_CHANNEL, id);
  void (async () => {
    const wait = { pollMs: deps.cancelPollMs ?? 1000, safetyMs: CANCEL_SAFETY_POLL_MS, signal: watching.signal };
    while (!watching.signal.aborted) {
      await wakeup.wait(wait);
      if (watching.signal.aborted) return;
      const current = await deps.research.get(id).catch(() => null);
      if (current?.status === 'cancelled') controller.abort(new Cancelled());
    }
  })();
  try {
    await step(deps, run, signal);
    return { research_id: id };
  } catch (error) {
    if (controller.signal.aborted) return { cancelled: true };
    // The runner stops (or lost the claim): the run stays as it is for the next claim.
    if (job.signal.aborted && !(job.signal.reason instanceof JobFailure)) throw error;
    const failure = job.signal.reason instanceof JobFailure ? job.signal.reason : error;
    const message = failure instanceof JobFailure ? failure.message : describeStreamFailure(failure, 'The research').message;
    if (!(failure instanceof JobFailure)) deps.log.warn({ researchId: id, reason: failure instanceof Error ? failure.message : String(failure) }, 'research failed');
    await deps.research.finish(id, 'failed', { error: message });
    return { failed: message };
  } finally {
    watching.abort();
    wakeup.close();
    if (local.get(id) === controller) local.delete(id);
  }
}

async function modelOf(deps: ResearchJobDeps, run: ResearchRun): Promise<string> {
  if (run.model) return run.model;
  const model = await deps.models.defaultModel();
  if (!model) throw new JobFailure('No language model is reachable');
  await deps.research.update(run.id, { model });
  return model;
}

/** A structured answer of the model, read leniently; what was left out, or why nothing could be read, is logged (reasons only). */
async function structured<T>(
  deps: ResearchJobDeps,
  request: Parameters<ResearchJobDeps['models']['complete']>[0],
  read: (text: string) => ModelJson<T>,
  what: string,
): Promise<T | undefined> {
  const answer = read(await deps.models.complete(request));
  if (!answer.ok) deps.log.warn({ problem: answer.problem }, `research: the model's ${what} could not be read`);
  else if (answer.dropped.total > 0) deps.log.warn({ dropped: answer.dropped.toJSON() }, `research: parts of the model's ${what} were left out`);
  return answer.ok ? answer.value : undefined;
}

/** Clarification (once, when the model finds the request ambiguous), then the plan; the run then waits for approval. */
const plan: Step = async (deps, run, signal) => {
  const model = await modelOf(deps, run);
  const id = run.id;
  if (!run.clarificationQuestion) {
    const decision = await structured(deps, { model, messages: clarifyMessages(run), jsonSchema: CLARIFY_JSON_SCHEMA, signal }, readClarifyAnswer, 'clarification');
    const question = decision?.needs_clarification ? decision.question.trim() : '';
    if (question) {
      await deps.research.update(id, { stage: 'clarification', clarificationQuestion: question });
      await deps.research.append({ research_id: id, stage: 'clarification', content: question });
      await deps.research.transition(id, ['running'], { status: 'awaiting_clarification' });
      return;
    }
  }
  const answer = await structured(
    deps,
    { model, messages: planMessages(run, deps.limits.maxTasks), jsonSchema: PLAN_JSON_SCHEMA, signal },
    (text) => readPlanAnswer(text, deps.limits.maxTasks),
    'plan',
  );
  if (!answer) throw new JobFailure(PLAN_UNREADABLE);
  const tasks: ResearchTask[] = answer.tasks.map((task, i) => ({ task_id: `task-${i + 1}`, content: task.content, status: 'pending', tool_calls: [] }));
  await deps.research.update(id, { stage: 'planning', title: answer.title, tasks });
  await deps.research.append({ research_id: id, stage: 'planning', title: answer.title, plan: tasks.map(({ task_id, content }) => ({ task_id, content })) });
  await deps.research.transition(id, ['running'], { status: 'awaiting_approval' });
};

/** The task's findings and windows renumbered to the run's sources: [n] of the task becomes [offset + position + 1]. */
export function renumber(findings: string, windows: readonly SourceWindow[], offset: number): { findings: string; windows: SourceWindow[] } {
  const ordered = [...windows].sort((a, b) => a.index - b.index);
  const map = new Map(ordered.map((window, position) => [window.index + 1, offset + position + 1]));
  const text = findings.replace(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g, (_all, list: string) => {
    const numbers = list.split(',').flatMap((n) => {
      const mapped = map.get(Number(n.trim()));
      return mapped === undefined ? [] : [mapped];
    });
    return numbers.length > 0 ? `[${numbers.join(', ')}]` : '';
  });
  return { findings: text, windows: ordered.map((window, position) => ({ ...window, index: offset + position })) };
}

/** Execution (tasks in parallel, bounded), then generation (the report, streamed), then end. */
const execute: Step = async (deps, run, signal) => {
  const id = run.id;
  if (run.stage === 'generation') throw new JobFailure(INTERRUPTED_IN_REPORT);
  const model = await modelOf(deps, run);
  const tasks = run.tasks.map((task) => ({ ...task }));
  let sources = [...run.sources];
  // Resumed after a restart: done tasks stay done; the others run again from the start.
  const open = tasks.filter((task) => task.status !== 'done');
  await deps.research.update(id, { stage: 'execution' });
  for (const task of open) task.status = 'pending';
  await deps.research.appendAll(open.map((task) => ({ research_id: id, stage: 'execution' as const, task_id: task.task_id, task_status: 'pending' as const })));
  // The state is saved in the order of the changes, without holding up the tasks (the events are
  // what a client follows); the last save is awaited before the report.
  let saving: Promise<void> = Promise.resolve();
  let saveFailed: unknown;
  const save = () => {
    const snapshot = { tasks: tasks.map((task) => ({ ...task })), sources: [...sources] };
    saving = saving.then(() => deps.research.update(id, snapshot)).catch((error: unknown) => {
      saveFailed ??= error;
    });
  };
  save();
  const limits: TaskLimits = {
    maxToolCalls: deps.limits.maxToolCallsPerTask,
    maxSteps: deps.limits.toolSteps,
    loopTimeMs: deps.limits.taskTimeMs,
    toolTimeoutMs: deps.limits.toolTimeoutMs,
  };
  const tools = await deps.tools(run, signal);
  const groups = (await deps.groupsOf?.(run.owner)) ?? [];
  const work = async (task: ResearchTask) => {
    const emit = async (event: Partial<Extract<DeepResearchEvent, { stage: 'execution' }>> & { task_status: ResearchTask['status'] }) => {
      // Kept in the state too (saved with the next change of the run).
      task.status = event.task_status;
      await deps.research.append({ research_id: id, stage: 'execution', task_id: task.task_id, ...event });
    };
    task.status = 'begin';
    save();
    await emit({ task_status: 'begin' });
    try {
      const result = await runTask({ models: deps.models, model, run, task, groups, tools, limits, signal, log: deps.log, emit });
      // Numbered when the task is done: the run's sources count on from the tasks done before.
      const numbered = renumber(result.findings, result.windows, sources.length);
      sources = [...sources, ...numbered.windows];
      Object.assign(task, { status: 'done', findings: numbered.findings, tool_calls: result.toolCalls });
      save();
      await emit({ task_status: 'done' });
    } catch (error) {
      if (signal.aborted) throw error;
      const message = describeStreamFailure(error, 'The task').message;
      deps.log.warn({ researchId: id, taskId: task.task_id, reason: error instanceof Error ? error.message : String(error) }, 'research task failed');
      Object.assign(task, { status: 'failed', error: message });
      save();
      await emit({ task_status: 'failed' });
    }
  };
  await pool(open, Math.max(1, deps.limits.taskConcurrency), work, signal);
  await saving;
  if (saveFailed) throw saveFailed;
  if (signal.aborted) throw signal.reason as Error;
  if (!tasks.some((task) => task.status === 'done')) throw new JobFailure(ALL_TASKS_FAILED);

  await deps.research.update(id, { stage: 'generation' });
  const current = { ...run, tasks, sources };
  const stream = await deps.models.streamChat({ model, messages: reportMessages(current, tasks, sources), signal });
  let report = '';
  let pending = '';
  let flushedAt = Date.now();
  const flush = async () => {
    if (!pending) return;
    const content = pending;
    pending = '';
    flushedAt = Date.now();
    await deps.research.append({ research_id: id, stage: 'generation', content });
  };
  for await (const delta of stream) {
    if (delta.channel !== 'answer') continue;
    report += delta.text;
    pending += delta.text;
    // Pieces of a few words: fewer rows than one per token, still live for a reader.
    if (pending.length >= 120 || Date.now() - flushedAt >= 150) await flush();
  }
  if (signal.aborted) throw signal.reason as Error;
  await flush();
  // The report's grounding trace: its [n] are the run's sources, so the sources endpoints of a
  // chat message (or of QA, for a run outside a conversation) work for it.
  const traceId = await deps.traces.create({
    owner: run.owner,
    kind: run.conversationId ? 'chat' : 'qa',
    question: run.question,
    windows: sources,
    model,
    conversationId: run.conversationId,
    messageId: run.assistantMessageId,
  });
  await deps.traces.complete(traceId, report);
  await deps.research.update(id, { report, traceId });
  // A run from chat: the report is its answer's text (history, search, a reload), written before
  // `end` so a client that sees the end and reloads finds it. Taken back if a cancel came first.
  const answered = await deps.research.writeAnswer(run, report);
  if (!(await deps.research.finish(id, 'completed')) && answered) await deps.research.writeAnswer(run, '');
};

/** Runs `work` over `items`, at most `concurrency` at once; stops taking new ones once aborted. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>, signal: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal.aborted) {
      const item = items[next++]!;
      await work(item);
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}
