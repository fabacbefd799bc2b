import { randomUUID } from 'node:crypto';
import {
  FINAL_RESEARCH_STATUSES,
  deepResearchEventSchema,
  researchPlanTaskSchema,
  sourceSegmentSchema,
  taskStatusSchema,
  type DeepResearchEvent,
  type DeepResearchStage,
  type ResearchStatus,
} from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/database';
import { RESEARCH_EVENTS_CHANNEL, RESEARCH_RUNS_CHANNEL } from '../db/notifications';
import type { ResearchRunsTable } from '../db/schema';
import type { SourceWindow } from '../grounding/source-windows';

/** One tool call of a task, as the run's state keeps it. */
const toolCallSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  args_json: z.string(),
  /** Set when the call failed (the task goes on without its result). */
  error: z.string().optional(),
  /** What the call returned, as the task list shows it (tool-result-text.ts). */
  result: z.string().optional(),
});

/** A plan task with what became of it (stored in research_runs.plan). */
const taskSchema = researchPlanTaskSchema.extend({
  status: taskStatusSchema,
  /** The task's findings: the model's text, its [n] already numbered across the run. */
  findings: z.string().optional(),
  error: z.string().optional(),
  tool_calls: z.array(toolCallSchema).default([]),
});
export type ResearchTask = z.infer<typeof taskSchema>;

const windowSchema = z.object({
  index: z.number().int().min(0),
  fileId: z.string(),
  collectionId: z.string(),
  fileName: z.string(),
  mediaType: z.string(),
  totalPages: z.number().int().positive().optional(),
  segments: z.array(sourceSegmentSchema),
  text: z.string(),
  score: z.number(),
});

export interface ResearchRun {
  id: string;
  owner: string;
  conversationId: string | null;
  userMessageId: string | null;
  assistantMessageId: string | null;
  question: string;
  collections: string[];
  /** The MCP servers whose tools the tasks are offered (the chat message's server_ids). */
  serverIds: string[];
  model: string | null;
  status: ResearchStatus;
  stage: DeepResearchStage;
  clarificationQuestion: string | null;
  clarificationAnswer: string | null;
  title: string | null;
  tasks: ResearchTask[];
  sources: SourceWindow[];
  report: string | null;
  traceId: string | null;
  jobId: string | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredEvent {
  seq: number;
  event: DeepResearchEvent;
  createdAt: Date;
}

const json = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

type Row = Selectable<ResearchRunsTable>;

// Stored JSON is read back through the shapes it was written in: a row that does not fit fails
// loudly instead of reaching a user half-formed.
function toRun(row: Row): ResearchRun {
  const plan = json(row.plan);
  return {
    id: row.id,
    owner: row.owner_id,
    conversationId: row.conversation_id,
    userMessageId: row.user_message_id,
    assistantMessageId: row.assistant_message_id,
    question: row.question,
    collections: z.array(z.string()).parse(json(row.collections)),
    serverIds: z.array(z.string()).parse(json(row.server_ids)),
    model: row.model,
    status: row.status,
    stage: row.stage,
    clarificationQuestion: row.clarification_question,
    clarificationAnswer: row.clarification_answer,
    title: row.title,
    tasks: plan === null || plan === undefined ? [] : z.array(taskSchema).parse(plan),
    sources: z.array(windowSchema).parse(json(row.sources)),
    report: row.report,
    traceId: row.trace_id,
    jobId: row.job_id,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NewResearchRun {
  owner: string;
  question: string;
  conversationId?: string | null | undefined;
  userMessageId?: string | null | undefined;
  assistantMessageId?: string | null | undefined;
  collections?: readonly string[] | undefined;
  serverIds?: readonly string[] | undefined;
  /** The model the run works with (the chat message's pick); absent: the endpoint's default, when the first job runs. */
  model?: string | undefined;
}

export interface ResearchPatch {
  status?: ResearchStatus;
  stage?: DeepResearchStage;
  model?: string | null;
  /** The chat exchange the run answers now (moved to the reply to its clarifying question). */
  userMessageId?: string | null;
  assistantMessageId?: string | null;
  clarificationQuestion?: string | null;
  clarificationAnswer?: string | null;
  title?: string | null;
  tasks?: readonly ResearchTask[];
  sources?: readonly SourceWindow[];
  report?: string | null;
  traceId?: string | null;
  jobId?: string | null;
  error?: string | null;
}

const FINAL = FINAL_RESEARCH_STATUSES as readonly string[];

/**
 * Research runs and their events (migration 0012). Every read for a user is scoped to the owner:
 * another user's run is null, like a missing one (a 404).
 *
 * Events get seq = last + 1 in one statement, and the appends of one run are chained in this
 * process, so a reader that reads `seq > n` in order never sees a later event before an earlier
 * one (no gap) and never reads one twice. Only one job works on a run at a time (its lease); an
 * append that still meets another replica's (a cancel) is retried on the key conflict. An event
 * of a run that is over is dropped: nothing follows its `end`. Each append notifies the run's
 * followers (RESEARCH_EVENTS_CHANNEL, the run's id) in its own statement, so the notification
 * comes only with a committed event.
 */
/** The append chains of this process, shared by every repository (the routes' and the jobs'). */
const chains = new Map<string, Promise<unknown>>();

export class ResearchRepository {
  constructor(private readonly db: Database) {}

  async create(run: NewResearchRun): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('research_runs')
      .values({
        id,
        owner_id: run.owner,
        conversation_id: run.conversationId ?? null,
        user_message_id: run.userMessageId ?? null,
        assistant_message_id: run.assistantMessageId ?? null,
        question: run.question,
        collections: JSON.stringify(run.collections ?? []),
        server_ids: JSON.stringify(run.serverIds ?? []),
        model: run.model ?? null,
        status: 'running',
        stage: 'start',
      })
      .execute();
    return id;
  }

  /** Deletes the owner's run and its events (a chat exchange that could not be stored after the run was made). */
  async remove(id: string, owner: string): Promise<void> {
    await this.db.deleteFrom('research_runs').where('id', '=', id).where('owner_id', '=', owner).execute();
  }

  /**
   * Writes `content` as the text of the run's current chat answer (its assistant message, status
   * complete): the report when the run completes, so the conversation's history, search and
   * message list hold it. Scoped to the run's owner and conversation; false when the run has no
   * such message.
   */
  async writeAnswer(run: Pick<ResearchRun, 'owner' | 'conversationId' | 'assistantMessageId'>, content: string): Promise<boolean> {
    if (!run.conversationId || !run.assistantMessageId) return false;
    const result = await this.db
      .updateTable('messages')
      .set({ content, status: 'complete', written_at: new Date() })
      .where('message_id', '=', run.assistantMessageId)
      .where('conversation_id', '=', run.conversationId)
      .where('conversation_id', 'in', this.db.selectFrom('conversations').select('id').where('owner_id', '=', run.owner))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The owner's run, or null (missing or another user's). */
  async find(id: string, owner: string): Promise<ResearchRun | null> {
    const row = await this.db.selectFrom('research_runs').selectAll().where('id', '=', id).where('owner_id', '=', owner).executeTakeFirst();
    return row ? toRun(row) : null;
  }

  /** Any run (the jobs; never for a user's request). */
  async get(id: string): Promise<ResearchRun | null> {
    const row = await this.db.selectFrom('research_runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRun(row) : null;
  }

  async update(id: string, patch: ResearchPatch): Promise<void> {
    await this.db
      .updateTable('research_runs')
      .set({
        ...(patch.status === undefined ? {} : { status: patch.status }),
        ...(patch.stage === undefined ? {} : { stage: patch.stage }),
        ...(patch.model === undefined ? {} : { model: patch.model }),
        ...(patch.userMessageId === undefined ? {} : { user_message_id: patch.userMessageId }),
        ...(patch.assistantMessageId === undefined ? {} : { assistant_message_id: patch.assistantMessageId }),
        ...(patch.clarificationQuestion === undefined ? {} : { clarification_question: patch.clarificationQuestion }),
        ...(patch.clarificationAnswer === undefined ? {} : { clarification_answer: patch.clarificationAnswer }),
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.tasks === undefined ? {} : { plan: JSON.stringify(patch.tasks) }),
        ...(patch.sources === undefined ? {} : { sources: JSON.stringify(patch.sources) }),
        ...(patch.report === undefined ? {} : { report: patch.report }),
        ...(patch.traceId === undefined ? {} : { trace_id: patch.traceId }),
        ...(patch.jobId === undefined ? {} : { job_id: patch.jobId }),
        ...(patch.error === undefined ? {} : { error: patch.error }),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Moves a run from one of `from` to `patch.status` in one statement; false when it was not in
   * one of them (someone else moved it first: a double approval, a cancel).
   */
  async transition(id: string, from: readonly ResearchStatus[], patch: ResearchPatch & { status: ResearchStatus }): Promise<boolean> {
    return this.chain(id, async () => {
      const result = await this.db
        .updateTable('research_runs')
        .set({ status: patch.status, updated_at: new Date(), ...(patch.error === undefined ? {} : { error: patch.error }), ...(patch.jobId === undefined ? {} : { job_id: patch.jobId }) })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /** Runs of the owner that work now (waiting for the user does not count). */
  async countRunning(owner: string): Promise<number> {
    const row = await this.db
      .selectFrom('research_runs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Appends a validated event (research_id and stage included) after the run's last one; answers
   * its seq, or undefined when the run is over (the event is dropped).
   */
  async append(event: DeepResearchEvent): Promise<number | undefined> {
    const checked = deepResearchEventSchema.parse(event);
    return this.chain(checked.research_id, () => this.insert(checked, false));
  }

  /** Appends several events in order, in one statement (the pending tasks of an execution). */
  async appendAll(events: readonly DeepResearchEvent[]): Promise<void> {
    if (events.length === 0) return;
    const checked = events.map((event) => deepResearchEventSchema.parse(event));
    const id = checked[0]!.research_id;
    if (checked.some((event) => event.research_id !== id)) throw new Error('appendAll takes the events of one run');
    await this.chain(id, async () => {
      await sql`
        insert into research_events (research_id, seq, event)
        select ${id}, coalesce((select max(seq) from research_events where research_id = ${id}), 0) + e.n, e.event
        from jsonb_array_elements(${JSON.stringify(checked)}::jsonb) with ordinality as e(event, n)
        where exists (select 1 from research_runs where id = ${id} and status not in ('completed', 'failed', 'cancelled'))
        returning pg_notify(${RESEARCH_EVENTS_CHANNEL}, research_id::text)`.execute(this.db);
    });
  }

  /**
   * Ends the run: its final status and the `end` event, in order after every event appended
   * before. False when the run was already over.
   */
  async finish(id: string, status: 'completed' | 'failed' | 'cancelled', patch: ResearchPatch = {}): Promise<boolean> {
    return this.chain(id, async () => {
      // The run's job, on whichever replica, wakes to stop at once (RESEARCH_RUNS_CHANNEL).
      const ended = await this.db
        .updateTable('research_runs')
        .set({ status, stage: 'end', updated_at: new Date(), ...(patch.error === undefined ? {} : { error: patch.error }) })
        .where('id', '=', id)
        .where('status', 'not in', FINAL as ResearchStatus[])
        .returning(sql<string>`pg_notify(${RESEARCH_RUNS_CHANNEL}, id::text)`.as('notified'))
        .execute();
      if (ended.length === 0) return false;
      await this.insert(deepResearchEventSchema.parse({ research_id: id, stage: 'end' }), true);
      return true;
    });
  }

  /** The run's events after `after`, in order (at most `limit`). */
  async eventsAfter(id: string, after: number, limit = 500): Promise<StoredEvent[]> {
    const rows = await this.db
      .selectFrom('research_events')
      .select(['seq', 'event', 'created_at'])
      .where('research_id', '=', id)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ seq: row.seq, event: deepResearchEventSchema.parse(json(row.event)), createdAt: row.created_at }));
  }

  /** The seq of the run's first event of `stage`; undefined when it has none. */
  async firstSeqOf(id: string, stage: DeepResearchStage): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('research_events')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .where('research_id', '=', id)
      .where(sql<string>`event->>'stage'`, '=', stage)
      .executeTakeFirst();
    return row?.seq === null || row?.seq === undefined ? undefined : Number(row.seq);
  }

  async lastSeq(id: string): Promise<number> {
    const row = await this.db
      .selectFrom('research_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('research_id', '=', id)
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  private async insert(event: DeepResearchEvent, force: boolean): Promise<number | undefined> {
    const id = event.research_id;
    for (let attempt = 0; ; attempt++) {
      try {
        const { rows } = await sql<{ seq: number }>`
          insert into research_events (research_id, seq, event)
          select ${id}, coalesce((select max(seq) from research_events where research_id = ${id}), 0) + 1, ${JSON.stringify(event)}::jsonb
          where ${force} or exists (select 1 from research_runs where id = ${id} and status not in ('completed', 'failed', 'cancelled'))
          returning seq, pg_notify(${RESEARCH_EVENTS_CHANNEL}, research_id::text)`.execute(this.db);
        return rows[0]?.seq;
      } catch (error) {
        // Another replica appended the same seq at the same moment: take the next one.
        if (attempt < 3 && /duplicate key|unique/i.test(error instanceof Error ? error.message : '')) continue;
        throw error;
      }
    }
  }

  /** Runs `step` after the steps queued before it for the same run (in this process). */
  private chain<T>(id: string, step: () => Promise<T>): Promise<T> {
    const previous = chains.get(id) ?? Promise.resolve();
    const next = previous.then(step, step);
    const settled = next.catch(() => undefined);
    chains.set(id, settled);
    void settled.then(() => {
      if (chains.get(id) === settled) chains.delete(id);
    });
    return next;
  }
}
