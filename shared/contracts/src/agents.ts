import { z } from 'zod';
import { apiErrorSchema } from './api-error';
import { isoDateTimeSchema, MESSAGES, mustBeOneOf, positiveIntSchema, resourceIdSchema, uuidSchema, versionNumberSchema } from './common';
import { exportDocumentHead } from './export-document';
import { itemSharingSchema, MAX_SHARES_PER_ITEM, shareTargetSchema } from './sharing';

/**
 * Agents (SPEC section 2 routes /agents, /agents/new, /agents/{id}; section 3 message payload
 * `personality`; section 7 `POST skills/generate-agent`). The spec shows no agent calls; shapes,
 * limits and routes here are this project's (docs/agents.md):
 *
 * - GET /api/agents, POST /api/agents (201), GET|PUT|DELETE /api/agents/{id} (PUT: a new version
 *   based on `base_version`; stale: 409 with the current agent, agentConflictSchema),
 * - GET /api/agents/{id}/versions (newest first), GET /api/agents/{id}/versions/{version} (its fields),
 * - POST /api/agents/{id}/duplicate (201), GET /api/agents/{id}/export, POST /api/agents/import (201),
 * - PUT /api/admin/agents/{id}/visibility (administrators publish or unpublish),
 * - POST /api/agents/{id}/share-check (which of its collections the draft share targets cannot read),
 * - POST /api/skills/generate-agent (a proposed form; nothing stored).
 *
 * An agent is personal (its owner's, and whom the owner shares it with; anyone else gets a 404) or
 * company (published by an administrator: everyone reads it and chats with it, only administrators
 * change it: 403). A view share lets a colleague chat with it and copy it; an edit share also lets
 * them save new versions; only its owner (administrators, for a company agent) deletes and shares it.
 */

export const AGENT_NAME_MAX_LENGTH = 100;
export const AGENT_DESCRIPTION_MAX_LENGTH = 500;
export const AGENT_INSTRUCTIONS_MAX_LENGTH = 10_000;
export const AGENT_MAX_COLLECTIONS = 20;
export const AGENT_MAX_STARTER_PROMPTS = 6;
export const AGENT_STARTER_PROMPT_MAX_LENGTH = 200;
export const AGENT_MAX_SERVERS = 10;
export const AGENT_TEMPERATURE_MAX = 2;
/** Longest description POST skills/generate-agent takes. */
export const AGENT_GENERATE_DESCRIPTION_MAX_LENGTH = 2_000;

/**
 * The variables an agent's instructions may hold, written `{{date}}`: filled in when a message is
 * answered (date: today's date in the language of the message; user_name: the signed-in user's name).
 */
export const AGENT_VARIABLES = ['date', 'user_name'] as const;
export type AgentVariable = (typeof AGENT_VARIABLES)[number];
/** Finds `{{ name }}` in instructions (the name without the braces and spaces is group 1). */
export const AGENT_VARIABLE_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names of the unknown variables in a text, in order of appearance, each once. */
export function unknownAgentVariables(text: string): string[] {
  const known = new Set<string>(AGENT_VARIABLES);
  const unknown = [...text.matchAll(AGENT_VARIABLE_PATTERN)].map((match) => match[1] ?? '').filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

/** The icons an agent may show (names of the portal's icon set); the default is the first. */
export const AGENT_ICONS = [
  'bot',
  'sparkles',
  'book',
  'briefcase',
  'chart',
  'code',
  'calendar',
  'mail',
  'globe',
  'lightbulb',
  'scale',
  'shield',
  'users',
  'wrench',
  'graduation-cap',
  'heart',
] as const;
export const agentIconSchema = z.enum(AGENT_ICONS, { error: mustBeOneOf(AGENT_ICONS) });
export type AgentIcon = z.infer<typeof agentIconSchema>;

/** The server's built-in tools an agent may use (server/src/tools/builtin); MCP servers go in `server_ids`. */
export const AGENT_BUILTIN_TOOLS = ['search_documents', 'read_document_page', 'web_search'] as const;
export const agentToolSchema = z.enum(AGENT_BUILTIN_TOOLS, { error: mustBeOneOf(AGENT_BUILTIN_TOOLS) });
export type AgentTool = z.infer<typeof agentToolSchema>;

export const AGENT_VISIBILITIES = ['personal', 'company'] as const;
export const agentVisibilitySchema = z.enum(AGENT_VISIBILITIES, { error: mustBeOneOf(AGENT_VISIBILITIES) });
export type AgentVisibility = z.infer<typeof agentVisibilitySchema>;

const tooLong = (max: number) => `Must not be longer than ${max} characters`;

/** Adds one issue per repeated entry, at its index, so the form marks the repeated field. */
function noRepeats(what: string, normalize: (value: string) => string = (value) => value) {
  return (values: readonly string[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    values.forEach((value, index) => {
      const key = normalize(value);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `Must not repeat an earlier ${what}`, path: [index] });
      seen.add(key);
    });
  };
}

// The fields of the agent form, each with its own messages. The request side trims text.
export const agentNameSchema = z.string().trim().min(1, MESSAGES.empty).max(AGENT_NAME_MAX_LENGTH, tooLong(AGENT_NAME_MAX_LENGTH));
export const agentDescriptionSchema = z.string().trim().max(AGENT_DESCRIPTION_MAX_LENGTH, tooLong(AGENT_DESCRIPTION_MAX_LENGTH));
export const agentInstructionsSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.empty)
  .max(AGENT_INSTRUCTIONS_MAX_LENGTH, tooLong(AGENT_INSTRUCTIONS_MAX_LENGTH))
  .superRefine((text, ctx) => {
    for (const name of unknownAgentVariables(text)) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown variable {{${name}}}: use ${AGENT_VARIABLES.map((variable) => `{{${variable}}}`).join(' or ')}`,
      });
    }
  });
export const agentTemperatureSchema = z
  .number({ error: 'Must be a number' })
  .min(0, MESSAGES.belowZero)
  .max(AGENT_TEMPERATURE_MAX, `Must not be above ${AGENT_TEMPERATURE_MAX}`);
export const agentStarterPromptsSchema = z
  .array(z.string().trim().min(1, MESSAGES.empty).max(AGENT_STARTER_PROMPT_MAX_LENGTH, tooLong(AGENT_STARTER_PROMPT_MAX_LENGTH)))
  .max(AGENT_MAX_STARTER_PROMPTS, `Must not hold more than ${AGENT_MAX_STARTER_PROMPTS} starter prompts`)
  .superRefine(noRepeats('starter prompt', (value) => value.toLocaleLowerCase()));
export const agentCollectionIdsSchema = z
  .array(resourceIdSchema)
  .max(AGENT_MAX_COLLECTIONS, `Must not hold more than ${AGENT_MAX_COLLECTIONS} collections`)
  .superRefine(noRepeats('collection'));
export const agentToolsSchema = z.array(agentToolSchema).superRefine(noRepeats('tool'));
export const agentServerIdsSchema = z
  .array(uuidSchema)
  .max(AGENT_MAX_SERVERS, `Must not hold more than ${AGENT_MAX_SERVERS} tool servers`)
  .superRefine(noRepeats('tool server'));

/**
 * What the agent form holds (POST /api/agents; with base_version, PUT /api/agents/{id}). Unknown
 * fields are refused so that a typo does not vanish silently. The server also refuses (400, issue
 * at the field) collections the user may not read, tool servers that are not registered and a
 * model that is not on offer.
 */
export const agentFieldsShape = {
  name: agentNameSchema,
  description: agentDescriptionSchema.default(''),
  instructions: agentInstructionsSchema,
  /** A language model id; absent: the default model. */
  model_id: resourceIdSchema.optional(),
  /** Absent: the model's own default. */
  temperature: agentTemperatureSchema.optional(),
  /** Shown as chips in an empty conversation with the agent, in this order. */
  starter_prompts: agentStarterPromptsSchema.default([]),
  /** The agent's knowledge: collections (personal or company) searched for every answer. */
  collection_ids: agentCollectionIdsSchema.default([]),
  /** Built-in tools the model may call in the agent's conversations. */
  tools: agentToolsSchema.default([]),
  /** Registered MCP tool servers (GET /api/mcp-servers) whose tools the model may call. */
  server_ids: agentServerIdsSchema.default([]),
  icon: agentIconSchema.default(AGENT_ICONS[0]),
};

export const createAgentRequestSchema = z.strictObject(agentFieldsShape);
export type CreateAgentRequest = z.infer<typeof createAgentRequestSchema>;
export type CreateAgentRequestInput = z.input<typeof createAgentRequestSchema>;

/** PUT /api/agents/{id}: the whole form, and the version it was based on (optimistic concurrency). */
export const updateAgentRequestSchema = z.strictObject({ ...agentFieldsShape, base_version: versionNumberSchema });
export type UpdateAgentRequest = z.infer<typeof updateAgentRequestSchema>;
export type UpdateAgentRequestInput = z.input<typeof updateAgentRequestSchema>;

/** An agent as the API answers it. */
export const agentSchema = z.object({
  id: uuidSchema,
  name: z.string().min(1, MESSAGES.empty).max(AGENT_NAME_MAX_LENGTH, tooLong(AGENT_NAME_MAX_LENGTH)),
  /** Shown in the agent list; may be empty. */
  description: z.string().max(AGENT_DESCRIPTION_MAX_LENGTH, tooLong(AGENT_DESCRIPTION_MAX_LENGTH)),
  /** The instructions added to every conversation with the agent, variables unfilled. */
  instructions: z.string().max(AGENT_INSTRUCTIONS_MAX_LENGTH, tooLong(AGENT_INSTRUCTIONS_MAX_LENGTH)),
  model_id: resourceIdSchema.optional(),
  temperature: z.number().min(0).max(AGENT_TEMPERATURE_MAX).optional(),
  starter_prompts: z.array(z.string()),
  collection_ids: z.array(resourceIdSchema),
  tools: z.array(agentToolSchema),
  server_ids: z.array(uuidSchema),
  icon: agentIconSchema,
  /** The current version (from 1; each save adds one): send it back as base_version. */
  version: positiveIntSchema,
  visibility: agentVisibilitySchema,
  /**
   * Whether the viewer may save new versions: the owner and edit recipients of a personal agent,
   * administrators for a company one.
   */
  editable: z.boolean(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  /**
   * How it reaches the viewer (their own, or shared with them by whom) and, for its owner and
   * editors, with whom it is shared. `access: owner` is who deletes and shares it. Sent with the
   * list and a single agent.
   */
  sharing: itemSharingSchema.optional(),
});
export type Agent = z.infer<typeof agentSchema>;

/** GET /api/agents: the user's personal agents, those shared with them and the company's, by name. */
export const agentListResponseSchema = z.object({ agents: z.array(agentSchema) });
export type AgentListResponse = z.infer<typeof agentListResponseSchema>;

export const agentIdParamsSchema = z.object({ id: uuidSchema });

/** The 409 of PUT /api/agents/{id} when base_version is not the current version: the error and the current agent. */
export const agentConflictSchema = z.object({ ...apiErrorSchema.shape, current: agentSchema });
export type AgentConflict = z.infer<typeof agentConflictSchema>;

/**
 * GET /api/agents/{id}/versions: its stored versions (each save is one), newest first, with who
 * saved each (an editor's save is theirs; the name as the directory knows it, else their subject).
 */
export const agentVersionListResponseSchema = z.object({
  versions: z.array(
    z.object({
      version: positiveIntSchema,
      created_at: isoDateTimeSchema,
      author: z.object({ sub: z.string(), name: z.string() }),
    }),
  ),
});
export type AgentVersionListResponse = z.infer<typeof agentVersionListResponseSchema>;

/** What a save stores of an agent (a version's fields): the agent without id, version, visibility and dates. */
export const agentDefinitionSchema = agentSchema.pick({
  name: true,
  description: true,
  instructions: true,
  model_id: true,
  temperature: true,
  starter_prompts: true,
  collection_ids: true,
  tools: true,
  server_ids: true,
  icon: true,
});
export type AgentDefinitionFields = z.infer<typeof agentDefinitionSchema>;

export const agentVersionParamsSchema = z.object({ id: uuidSchema, version: z.coerce.number().pipe(versionNumberSchema) });

/**
 * GET /api/agents/{id}/versions/{version}: one stored version with the fields saved then (to compare
 * versions, or to restore one by saving its fields again: a new version).
 */
export const agentVersionSchema = agentDefinitionSchema.extend({ version: positiveIntSchema, created_at: isoDateTimeSchema });
export type AgentVersion = z.infer<typeof agentVersionSchema>;

/** PUT /api/admin/agents/{id}/visibility (administrators): publish for everyone, or back to personal. */
export const agentVisibilityRequestSchema = z.strictObject({ visibility: agentVisibilitySchema });
export type AgentVisibilityRequest = z.infer<typeof agentVisibilityRequestSchema>;

/**
 * POST /api/agents/{id}/share-check (its owner; administrators for a company agent): the share
 * targets the dialog is about to save. The answer names the agent's collections that some of them
 * may not read, since an agent answers a recipient only from collections the recipient may read.
 */
export const agentShareCheckRequestSchema = z.strictObject({
  targets: z.array(shareTargetSchema).max(MAX_SHARES_PER_ITEM, `At most ${MAX_SHARES_PER_ITEM} targets`),
});
export type AgentShareCheckRequest = z.infer<typeof agentShareCheckRequestSchema>;

export const agentShareCheckResponseSchema = z.object({
  /** Only collections some target cannot read (of those the caller may read), in the agent's order. */
  collections: z.array(
    z.object({
      id: resourceIdSchema,
      name: z.string(),
      /** The targets (as sent) that may not read it. */
      not_readable_by: z.array(shareTargetSchema),
      /** Whether the caller may share it (the owner of a personal collection). */
      can_share: z.boolean(),
    }),
  ),
});
export type AgentShareCheckResponse = z.infer<typeof agentShareCheckResponseSchema>;

/** The refusals of the agent calls. */
export const AGENT_ERRORS = {
  agentNotFound: { statusCode: 404, code: 'not_found', message: 'No such agent' },
  notEditable: {
    statusCode: 403,
    code: 'forbidden',
    message: 'You may not change this agent: its owner and colleagues it is shared with for editing do (administrators, a company agent)',
  },
  notDeletable: { statusCode: 403, code: 'forbidden', message: 'Only its owner deletes an agent (administrators, a company agent)' },
  staleVersion: { statusCode: 409, code: 'conflict', message: 'The agent has a newer version than the one this change is based on; reload it' },
  otherAgent: {
    statusCode: 409,
    code: 'conflict',
    message: 'This conversation belongs to another agent (or to none); start a new conversation to talk to this agent',
  },
} as const;

// --- Export and import ------------------------------------------------------------------------

export const AGENT_EXPORT_FORMAT = 'assistant-agent';
export const AGENT_EXPORT_FORMAT_VERSION = 1;

/**
 * GET /api/agents/{id}/export: the agent as a JSON document to keep or share; POST
 * /api/agents/import takes it back as a new personal agent. Collections are only those the
 * exporting user may read (with their names, so a reader sees what was meant); an importing user
 * gets those they may read themselves, the rest are dropped and reported.
 */
const { collection_ids: _collectionIds, ...exportedFieldsShape } = agentFieldsShape;

export const agentExportSchema = z.strictObject({
  ...exportDocumentHead(AGENT_EXPORT_FORMAT, AGENT_EXPORT_FORMAT_VERSION),
  agent: z.strictObject({
    ...exportedFieldsShape,
    collections: z
      .array(z.strictObject({ id: resourceIdSchema, name: z.string().max(255) }))
      .max(AGENT_MAX_COLLECTIONS, `Must not hold more than ${AGENT_MAX_COLLECTIONS} collections`)
      .default([]),
  }),
});
export type AgentExport = z.infer<typeof agentExportSchema>;
export type AgentExportInput = z.input<typeof agentExportSchema>;

/** POST /api/agents/import (201): the new agent, and what of the document it could not take. */
export const agentImportResponseSchema = z.object({
  agent: agentSchema,
  dropped: z.object({
    /** Collections the importing user may not read (or that do not exist). */
    collection_ids: z.array(resourceIdSchema),
    /** Tool servers not registered here. */
    server_ids: z.array(resourceIdSchema),
    /** A model not on offer here (the agent uses the default model). */
    model_id: resourceIdSchema.optional(),
  }),
});
export type AgentImportResponse = z.infer<typeof agentImportResponseSchema>;

// --- POST skills/generate-agent ---------------------------------------------------------------

export const generateAgentRequestSchema = z.strictObject({
  description: z
    .string()
    .trim()
    .min(1, MESSAGES.empty)
    .max(AGENT_GENERATE_DESCRIPTION_MAX_LENGTH, tooLong(AGENT_GENERATE_DESCRIPTION_MAX_LENGTH)),
  /** The language the proposed texts are written in; absent: the description's. */
  language: z.enum(['de', 'en'], { error: mustBeOneOf(['de', 'en']) }).optional(),
});
export type GenerateAgentRequest = z.infer<typeof generateAgentRequestSchema>;

/**
 * The answer of POST skills/generate-agent: the proposed form fields (the same field schemas as a
 * save) and the "agent workflow detection": whether the agent needs knowledge (and which of the
 * user's readable collections fit) and tools (and which). Nothing is stored; the user reviews the
 * form and saves it with POST /api/agents.
 */
export const agentDraftSchema = z.object({
  name: agentNameSchema,
  description: agentDescriptionSchema,
  instructions: agentInstructionsSchema,
  starter_prompts: agentStarterPromptsSchema,
  icon: agentIconSchema,
  temperature: agentTemperatureSchema.optional(),
  needs_knowledge: z.boolean(),
  /** Only collections the user may read. */
  suggested_collection_ids: agentCollectionIdsSchema,
  needs_tools: z.boolean(),
  suggested_tools: agentToolsSchema,
  /** Registered MCP servers that fit (empty outside feature set BETA). */
  suggested_server_ids: agentServerIdsSchema,
});
export type AgentDraft = z.infer<typeof agentDraftSchema>;
