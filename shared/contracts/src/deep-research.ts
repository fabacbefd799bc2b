import { z } from 'zod';
import { mustBeOneOf, nonEmptyStringSchema, unknownDiscriminator } from './common';

/**
 * Deep research events (SPEC section 3 "Deep research events", states in section 4). A research
 * run goes start -> (clarification ->) planning -> execution... -> generation... -> end; every
 * event names its run (`research_id`) and its stage, which is the discriminator.
 */

export const DEEP_RESEARCH_STAGES = ['start', 'clarification', 'planning', 'execution', 'generation', 'end'] as const;
export const deepResearchStageSchema = z.enum(DEEP_RESEARCH_STAGES, { error: mustBeOneOf(DEEP_RESEARCH_STAGES) });
export type DeepResearchStage = z.infer<typeof deepResearchStageSchema>;

export const TASK_STATUSES = ['pending', 'begin', 'in_progress', 'done', 'failed'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES, { error: mustBeOneOf(TASK_STATUSES) });
export type TaskStatus = z.infer<typeof taskStatusSchema>;

const researchId = { research_id: nonEmptyStringSchema };

export const deepResearchStartEventSchema = z.object({ ...researchId, stage: z.literal('start') });

/** The assistant asks the user something before planning; the user's reply continues the run. */
export const deepResearchClarificationEventSchema = z.object({
  ...researchId,
  stage: z.literal('clarification'),
  content: z.string(),
});

export const researchPlanTaskSchema = z.object({ task_id: nonEmptyStringSchema, content: z.string() });
export type ResearchPlanTask = z.infer<typeof researchPlanTaskSchema>;

export const deepResearchPlanningEventSchema = z.object({
  ...researchId,
  stage: z.literal('planning'),
  title: z.string(),
  plan: z.array(researchPlanTaskSchema),
});

/** `args_json` must be a JSON text (the tool's arguments as the model wrote them). */
const jsonTextSchema = z.string().refine((text) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}, 'Must be JSON text');

/** Longest result text one tool call's execution event carries (the server cuts it, ending with "…"). */
export const RESEARCH_TOOL_RESULT_MAX_CHARACTERS = 2000;

/**
 * Progress of one plan task. The tool fields are present once the task calls a tool; a task still
 * pending has none. A call is told twice with the same `tool_call_id`: when it starts, and when it
 * ended with `tool_result` (what it returned, as text for people; '' when it found nothing) or
 * `tool_error` (why it failed, written for the user).
 */
export const deepResearchExecutionEventSchema = z.object({
  ...researchId,
  stage: z.literal('execution'),
  task_id: nonEmptyStringSchema,
  task_status: taskStatusSchema,
  tool_name: z.string().optional(),
  /** What the tool does, in words for the user (for example "web search"). */
  capability: z.string().optional(),
  tool_call_id: z.string().optional(),
  args_json: jsonTextSchema.optional(),
  tool_result: z.string().max(RESEARCH_TOOL_RESULT_MAX_CHARACTERS + 1).optional(),
  tool_error: z.string().optional(),
});

/** A piece of the final report, appended in order. */
export const deepResearchGenerationEventSchema = z.object({
  ...researchId,
  stage: z.literal('generation'),
  content: z.string(),
});

export const deepResearchEndEventSchema = z.object({ ...researchId, stage: z.literal('end') });

export const deepResearchEventSchema = z.discriminatedUnion(
  'stage',
  [
    deepResearchStartEventSchema,
    deepResearchClarificationEventSchema,
    deepResearchPlanningEventSchema,
    deepResearchExecutionEventSchema,
    deepResearchGenerationEventSchema,
    deepResearchEndEventSchema,
  ],
  unknownDiscriminator(DEEP_RESEARCH_STAGES),
);
export type DeepResearchEvent = z.infer<typeof deepResearchEventSchema>;
