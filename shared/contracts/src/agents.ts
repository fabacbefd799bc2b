import { z } from 'zod';
import { isoDateTimeSchema, resourceIdSchema, uuidSchema } from './common';

/**
 * Personal agents (SPEC section 2 routes /agents, /agents/new, /agents/{id}). The spec shows no
 * agent calls; shapes, limits and routes here are this project's (docs/contracts.md):
 * GET /api/agents, POST /api/agents, GET|PATCH|DELETE /api/agents/{id}.
 */

export const AGENT_NAME_MAX_LENGTH = 100;
export const AGENT_DESCRIPTION_MAX_LENGTH = 500;
export const AGENT_INSTRUCTIONS_MAX_LENGTH = 10_000;
export const AGENT_MAX_COLLECTIONS = 20;

const tooLong = (max: number) => `Must not be longer than ${max} characters`;

/** The request side trims names, so "  Helper " and "Helper" are the same agent name. */
const agentNameInput = z.string().trim().min(1, 'Must not be empty').max(AGENT_NAME_MAX_LENGTH, tooLong(AGENT_NAME_MAX_LENGTH));
const descriptionInput = z.string().trim().max(AGENT_DESCRIPTION_MAX_LENGTH, tooLong(AGENT_DESCRIPTION_MAX_LENGTH));
const instructionsInput = z
  .string()
  .trim()
  .min(1, 'Must not be empty')
  .max(AGENT_INSTRUCTIONS_MAX_LENGTH, tooLong(AGENT_INSTRUCTIONS_MAX_LENGTH));
const collectionIdsInput = z
  .array(resourceIdSchema)
  .max(AGENT_MAX_COLLECTIONS, `Must not hold more than ${AGENT_MAX_COLLECTIONS} collections`)
  .refine((ids) => new Set(ids).size === ids.length, 'Must not hold the same collection twice');

export const agentSchema = z.object({
  id: uuidSchema,
  name: z.string().min(1, 'Must not be empty').max(AGENT_NAME_MAX_LENGTH, tooLong(AGENT_NAME_MAX_LENGTH)),
  /** Shown in the agent list; may be empty. */
  description: z.string().max(AGENT_DESCRIPTION_MAX_LENGTH, tooLong(AGENT_DESCRIPTION_MAX_LENGTH)),
  /** The system instructions the agent adds to every conversation it is used in. */
  instructions: z.string().max(AGENT_INSTRUCTIONS_MAX_LENGTH, tooLong(AGENT_INSTRUCTIONS_MAX_LENGTH)),
  /** A language model id; absent: the default model. */
  model_id: resourceIdSchema.optional(),
  /** Ids of the collections the agent searches. */
  collection_ids: z.array(resourceIdSchema),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Agent = z.infer<typeof agentSchema>;

/** GET /api/agents: the user's own agents, by name. */
export const agentListResponseSchema = z.object({ agents: z.array(agentSchema) });
export type AgentListResponse = z.infer<typeof agentListResponseSchema>;

/** POST /api/agents. Unknown fields are refused so that a typo does not vanish silently. */
export const createAgentRequestSchema = z.strictObject({
  name: agentNameInput,
  description: descriptionInput.default(''),
  instructions: instructionsInput,
  model_id: resourceIdSchema.optional(),
  collection_ids: collectionIdsInput.default([]),
});
export type CreateAgentRequest = z.infer<typeof createAgentRequestSchema>;
export type CreateAgentRequestInput = z.input<typeof createAgentRequestSchema>;

/** PATCH /api/agents/{id}: any non-empty subset; model_id null goes back to the default model. */
export const updateAgentRequestSchema = z
  .strictObject({
    name: agentNameInput.optional(),
    description: descriptionInput.optional(),
    instructions: instructionsInput.optional(),
    model_id: resourceIdSchema.nullable().optional(),
    collection_ids: collectionIdsInput.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Name at least one field to change');
export type UpdateAgentRequest = z.infer<typeof updateAgentRequestSchema>;
