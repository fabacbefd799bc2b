import { z } from 'zod';
import { nonEmptyStringSchema, nonNegativeIntSchema, uuidSchema } from './common';
import { MESSAGE_MAX_CHARACTERS, MESSAGE_MAX_LIST_ENTRIES } from './conversations';
import { deepResearchStageSchema, researchPlanTaskSchema, taskStatusSchema } from './deep-research';

/**
 * The deep research API (docs/deep-research.md): start a run, answer its clarifying question,
 * approve its (edited) plan, cancel it, read its state and follow its events. The events
 * themselves are deep-research.ts, sent in the stream envelope.
 */

/** Most tasks any plan may hold; the server's own limit (RESEARCH_MAX_TASKS) is at most this. */
export const RESEARCH_MAX_TASKS_LIMIT = 20;
/** Longest text of one plan task. */
export const RESEARCH_TASK_MAX_CHARACTERS = 1000;

/** A run's life: working (`running`), waiting for the user, or over. */
export const RESEARCH_STATUSES = ['running', 'awaiting_clarification', 'awaiting_approval', 'completed', 'failed', 'cancelled'] as const;
export const researchStatusSchema = z.enum(RESEARCH_STATUSES);
export type ResearchStatus = z.infer<typeof researchStatusSchema>;
/** Statuses after which nothing changes any more. */
export const FINAL_RESEARCH_STATUSES: readonly ResearchStatus[] = ['completed', 'failed', 'cancelled'];

const questionSchema = z
  .string()
  .regex(/\S/, 'Must not be empty')
  .max(MESSAGE_MAX_CHARACTERS, `Must not be longer than ${MESSAGE_MAX_CHARACTERS} characters`);

/** POST /api/research (the chat route starts runs from a message with `deep_research: true`). */
export const startResearchRequestSchema = z.strictObject({
  question: questionSchema,
  conversation_id: uuidSchema.optional(),
  /** Collections the tasks' document search is limited to; absent or empty: all the user may read. */
  collections: z
    .array(nonEmptyStringSchema)
    .max(MESSAGE_MAX_LIST_ENTRIES, `Must not hold more than ${MESSAGE_MAX_LIST_ENTRIES} entries`)
    .optional(),
});
export type StartResearchRequest = z.infer<typeof startResearchRequestSchema>;

/** POST /api/research/{id}/clarification: the user's reply to the clarifying question. */
export const researchClarificationRequestSchema = z.strictObject({ answer: questionSchema });
export type ResearchClarificationRequest = z.infer<typeof researchClarificationRequestSchema>;

/** A task of an edited plan: a kept task names its task_id, an added one has none (the server gives it one). */
export const editedPlanTaskSchema = z.strictObject({
  task_id: nonEmptyStringSchema.optional(),
  content: z
    .string()
    .trim()
    .min(1, 'Must not be empty')
    .max(RESEARCH_TASK_MAX_CHARACTERS, `Must not be longer than ${RESEARCH_TASK_MAX_CHARACTERS} characters`),
});

/** POST /api/research/{id}/plan: the plan as the user left it (tasks changed, removed, added), approved. */
export const researchPlanApprovalSchema = z.strictObject({
  plan: z
    .array(editedPlanTaskSchema)
    .min(1, 'A plan needs at least one task')
    .max(RESEARCH_MAX_TASKS_LIMIT, `A plan may have at most ${RESEARCH_MAX_TASKS_LIMIT} tasks`)
    .refine((tasks) => {
      const ids = tasks.flatMap((task) => (task.task_id ? [task.task_id] : []));
      return new Set(ids).size === ids.length;
    }, 'Must not hold the same task_id twice'),
  approve: z.literal(true),
});
export type ResearchPlanApproval = z.infer<typeof researchPlanApprovalSchema>;

export const researchIdParamsSchema = z.object({ id: uuidSchema });

/** GET /api/research/{id}/events?after=<seq>: the stored events after this sequence number (0: all), then the live ones. */
export const researchEventsQuerySchema = z.object({ after: z.coerce.number().int().min(0).default(0) });

export const researchTaskStateSchema = researchPlanTaskSchema.extend({
  status: taskStatusSchema,
  /** Why the task failed, in words for the user. */
  error: z.string().optional(),
});

/** A source the report may cite as [n] (n = index + 1). */
export const researchSourceSchema = z.object({ index: nonNegativeIntSchema, file_name: z.string(), file_id: z.string(), pages: z.array(z.number().int()) });

/** GET /api/research/{id}: the run as it stands. */
export const researchStateSchema = z.object({
  research_id: uuidSchema,
  status: researchStatusSchema,
  stage: deepResearchStageSchema,
  question: z.string(),
  conversation_id: uuidSchema.nullable(),
  user_message_id: uuidSchema.nullable(),
  assistant_message_id: uuidSchema.nullable(),
  clarification: z.object({ question: z.string(), answer: z.string().nullable() }).nullable(),
  title: z.string().nullable(),
  tasks: z.array(researchTaskStateSchema),
  sources: z.array(researchSourceSchema),
  report: z.string().nullable(),
  /** The grounding trace of the report: its sources through the existing sources endpoints. */
  trace_id: uuidSchema.nullable(),
  error: z.string().nullable(),
  /** The sequence number of the last stored event (follow with ?after=). */
  last_seq: nonNegativeIntSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ResearchState = z.infer<typeof researchStateSchema>;
