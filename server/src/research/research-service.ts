import type { ResearchPlanApproval, ResearchState } from '@assistant/contracts';
import type { Database } from '../db/database';
import { RESEARCH_EVENTS_CHANNEL, Wakeup, type Notifications } from '../db/notifications';
import type { JobQueue } from '../jobs/job-queue';
import { readableCollectionIds } from '../tools/builtin/search-documents';
import { CANCELLED_REASON, RESEARCH_EXECUTE_JOB, RESEARCH_PLAN_JOB, abortLocalResearch, type ResearchLimits } from './research-jobs';
import type { ResearchRepository, ResearchRun, ResearchTask, StoredEvent } from './research-repository';

/** A refusal the routes answer with its status and sentence (400 bad plan, 404, 409 wrong state, 429 limit). */
export class ResearchRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
    this.name = 'ResearchRefusal';
  }
}

export const NOT_FOUND_RESEARCH = 'No such research';

export interface ResearchServiceDeps {
  db: Database;
  research: ResearchRepository;
  jobs: JobQueue;
  /** Tells the job runner that work waits (main.ts passes the runner's nudge). */
  nudge: () => void;
  limits: Pick<ResearchLimits, 'maxConcurrentPerUser' | 'maxTasks'>;
  /**
   * Wakes a follower when its run's event is stored by any process (RESEARCH_EVENTS_CHANNEL).
   * Without it, or while its connection is lost, followers poll every followPollMs.
   */
  notifications?: Notifications | undefined;
  /** How often a follower looks for new events while no notifications come (short polling works from any replica). */
  followPollMs?: number;
  /** How often a follower looks on its own while notifications come (one gone missing). */
  followSafetyPollMs?: number;
}

export interface StartResearch {
  owner: string;
  /**
   * The owner's groups (the request's token): the run reads the collections they reach. A run
   * outlives its request, so its tasks read as the owner's groups of their last sign-in, without
   * the administrators' exception (a company collection restricted to other groups stays out).
   */
  groups: readonly string[];
  question: string;
  conversationId?: string | undefined;
  collections?: readonly string[] | undefined;
  /** Set by the chat route: the messages of the exchange that started the run. */
  userMessageId?: string | undefined;
  assistantMessageId?: string | undefined;
  /** The MCP servers whose tools the tasks get (the message's server_ids; the chat route checks the gate). */
  serverIds?: readonly string[] | undefined;
  /** The model to work with (the chat message's pick); absent: the endpoint's default. */
  model?: string | undefined;
}

/** The chat exchange that answers a clarifying question: the run moves on to these messages. */
export interface ClarificationMessages {
  userMessageId: string;
  assistantMessageId: string;
}

/**
 * What the routes (and the chat route) do with a research run: start it, answer its clarifying
 * question, approve its plan, cancel it, read its state and follow its events. The work itself is
 * done by the research jobs (research-jobs.ts).
 */
export class ResearchService {
  constructor(private readonly deps: ResearchServiceDeps) {}

  /** Starts a run: stored, `start` event appended, the planning job enqueued. Answers its research_id. */
  async start(input: StartResearch): Promise<string> {
    if (input.conversationId) {
      const conversation = await this.deps.db
        .selectFrom('conversations')
        .select('id')
        .where('id', '=', input.conversationId)
        .where('owner_id', '=', input.owner)
        .executeTakeFirst();
      if (!conversation) throw new ResearchRefusal(404, 'No such conversation');
    }
    if (input.collections && input.collections.length > 0) {
      // Only collections the user may read (another user's is "no such collection", like a missing one).
      const context = { owner: input.owner, isAdmin: false, groups: input.groups, conversationId: input.conversationId };
      const readable = new Set(await readableCollectionIds(this.deps.db, context, input.collections));
      if (input.collections.some((collection) => !readable.has(collection))) throw new ResearchRefusal(404, 'No such collection');
    }
    await this.checkConcurrency(input.owner);
    const id = await this.deps.research.create({
      owner: input.owner,
      question: input.question,
      conversationId: input.conversationId,
      collections: input.collections,
      userMessageId: input.userMessageId,
      assistantMessageId: input.assistantMessageId,
      serverIds: input.serverIds,
      model: input.model,
    });
    await this.deps.research.append({ research_id: id, stage: 'start' });
    await this.enqueue(id, RESEARCH_PLAN_JOB, input.owner);
    return id;
  }

  /**
   * The user's reply to the clarifying question: the same run goes on to planning. From chat, the
   * reply's messages become the run's exchange (its report goes into the new assistant message).
   */
  async answerClarification(id: string, owner: string, answer: string, messages?: ClarificationMessages): Promise<ResearchRun> {
    const run = await this.require(id, owner);
    if (run.status !== 'awaiting_clarification') throw new ResearchRefusal(409, 'This research is not waiting for an answer to a question');
    await this.checkConcurrency(owner);
    if (!(await this.deps.research.transition(id, ['awaiting_clarification'], { status: 'running' }))) {
      throw new ResearchRefusal(409, 'This research is not waiting for an answer to a question');
    }
    await this.deps.research.update(id, { clarificationAnswer: answer.trim(), ...(messages ?? {}) });
    await this.enqueue(id, RESEARCH_PLAN_JOB, owner);
    return (await this.deps.research.get(id))!;
  }

  /**
   * The plan as the user left it, approved: kept tasks name their task_id, new ones get one; the
   * approved plan is appended as a `planning` event, then the execution job is enqueued.
   */
  async approvePlan(id: string, owner: string, approval: ResearchPlanApproval): Promise<ResearchRun> {
    const run = await this.require(id, owner);
    if (run.status !== 'awaiting_approval') throw new ResearchRefusal(409, 'This research has no plan waiting for approval');
    const max = this.deps.limits.maxTasks;
    if (approval.plan.length > max) throw new ResearchRefusal(400, `A research plan may have at most ${max} tasks; remove ${approval.plan.length - max}.`);
    const known = new Set(run.tasks.map((task) => task.task_id));
    const unknown = approval.plan.find((task) => task.task_id !== undefined && !known.has(task.task_id));
    if (unknown) throw new ResearchRefusal(400, `The plan has no task ${unknown.task_id}; leave task_id out for a new task.`);
    let next = Math.max(0, ...run.tasks.map((task) => Number(/^task-(\d+)$/.exec(task.task_id)?.[1] ?? 0))) + 1;
    const tasks: ResearchTask[] = approval.plan.map((task) => ({ task_id: task.task_id ?? `task-${next++}`, content: task.content, status: 'pending', tool_calls: [] }));
    await this.checkConcurrency(owner);
    if (!(await this.deps.research.transition(id, ['awaiting_approval'], { status: 'running' }))) {
      throw new ResearchRefusal(409, 'This research has no plan waiting for approval');
    }
    await this.deps.research.update(id, { tasks });
    await this.deps.research.append({ research_id: id, stage: 'planning', title: run.title ?? '', plan: tasks.map(({ task_id, content }) => ({ task_id, content })) });
    await this.enqueue(id, RESEARCH_EXECUTE_JOB, owner);
    return (await this.deps.research.get(id))!;
  }

  /** Deletes a run that was just started, for a chat exchange that could not be stored (nothing of it is kept). */
  async discard(id: string, owner: string): Promise<void> {
    abortLocalResearch(id);
    await this.deps.research.remove(id, owner);
  }

  /** Cancels a run: over at once (`end` event); its job's model calls and tools are aborted. */
  async cancel(id: string, owner: string): Promise<ResearchRun> {
    await this.require(id, owner);
    if (!(await this.deps.research.finish(id, 'cancelled', { error: CANCELLED_REASON }))) throw new ResearchRefusal(409, 'This research is already over');
    abortLocalResearch(id);
    return (await this.deps.research.get(id))!;
  }

  /**
   * The owner's run (or a 404). A run whose job failed without the run knowing (the runner gave
   * up on it) is ended here as failed with the job's reason: nothing stays "running" forever.
   */
  async require(id: string, owner: string): Promise<ResearchRun> {
    const run = await this.deps.research.find(id, owner);
    if (!run) throw new ResearchRefusal(404, NOT_FOUND_RESEARCH);
    if (run.status === 'running' && run.jobId) {
      const job = await this.deps.jobs.get(run.jobId);
      if (job?.status === 'failed') {
        await this.deps.research.finish(id, 'failed', { error: job.error ?? 'The research job failed' });
        return (await this.deps.research.find(id, owner))!;
      }
    }
    return run;
  }

  /** Where the events after the user's reply to the clarifying question begin (the question's seq); 0 when it asked none. */
  async clarificationSeq(id: string, owner: string): Promise<number> {
    await this.require(id, owner);
    return (await this.deps.research.firstSeqOf(id, 'clarification')) ?? 0;
  }

  async state(id: string, owner: string): Promise<ResearchState> {
    const run = await this.require(id, owner);
    return toState(run, await this.deps.research.lastSeq(id));
  }

  /**
   * The run's events after `after`: the stored ones, then the new ones as they are stored, each
   * once and in order, until the `end` event or the signal (the client went away). Each look reads
   * the table after the last seq seen, so a follower on any replica sees events appended on
   * another; it looks when notified (subscribed before the first read, so none is missed), at the
   * safety interval while notifications come, and by short polling while they do not.
   */
  async *follow(id: string, after: number, signal: AbortSignal): AsyncGenerator<StoredEvent> {
    const wakeup = new Wakeup(this.deps.notifications, RESEARCH_EVENTS_CHANNEL, id);
    const wait = { pollMs: this.deps.followPollMs ?? 250, safetyMs: this.deps.followSafetyPollMs ?? 5000, signal };
    try {
      let last = after;
      while (!signal.aborted) {
        const events = await this.deps.research.eventsAfter(id, last);
        for (const stored of events) {
          last = stored.seq;
          yield stored;
          if (stored.event.stage === 'end') return;
        }
        if (events.length > 0) continue;
        await wakeup.wait(wait);
      }
    } finally {
      wakeup.close();
    }
  }

  private async checkConcurrency(owner: string): Promise<void> {
    const max = this.deps.limits.maxConcurrentPerUser;
    if (max > 0 && (await this.deps.research.countRunning(owner)) >= max) {
      throw new ResearchRefusal(429, `At most ${max} research runs may work at once; wait until one has finished or cancel one.`);
    }
  }

  private async enqueue(id: string, kind: string, owner: string): Promise<void> {
    const job = await this.deps.jobs.enqueue(kind, { research_id: id }, { owner });
    await this.deps.research.update(id, { jobId: job.id });
    this.deps.nudge();
  }
}

export function toState(run: ResearchRun, lastSeq: number): ResearchState {
  return {
    research_id: run.id,
    status: run.status,
    stage: run.stage,
    question: run.question,
    conversation_id: run.conversationId,
    user_message_id: run.userMessageId,
    assistant_message_id: run.assistantMessageId,
    clarification: run.clarificationQuestion ? { question: run.clarificationQuestion, answer: run.clarificationAnswer } : null,
    title: run.title,
    tasks: run.tasks.map((task) => ({ task_id: task.task_id, content: task.content, status: task.status, ...(task.error ? { error: task.error } : {}) })),
    sources: run.sources.map((source) => ({
      index: source.index,
      file_name: source.fileName,
      file_id: source.fileId,
      pages: [...new Set(source.segments.map((segment) => segment.page))],
    })),
    report: run.report,
    trace_id: run.traceId,
    error: run.error,
    last_seq: lastSeq,
    created_at: run.createdAt.toISOString(),
    updated_at: run.updatedAt.toISOString(),
  };
}
