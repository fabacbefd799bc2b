import {
  AGENT_ICONS,
  AGENT_VARIABLES,
  agentCollectionIdsSchema,
  agentDescriptionSchema,
  agentIconSchema,
  agentInstructionsSchema,
  agentNameSchema,
  agentServerIdsSchema,
  agentStarterPromptsSchema,
  agentTemperatureSchema,
  agentToolsSchema,
  unknownAgentVariables,
  type Agent,
  type AgentDraft,
  type AgentIcon,
  type AgentTool,
  type CreateAgentRequestInput,
} from '@assistant/contracts';
import type { TFunction } from 'i18next';

/** One starter prompt as the form holds it: `key` keeps its input (and focus) while the list is reordered. */
export interface StarterPromptEntry {
  key: string;
  text: string;
}

/** What the agent form holds: text as typed; an empty model or temperature means "the default". */
export interface AgentFormValues {
  name: string;
  description: string;
  instructions: string;
  model_id: string;
  temperature: string;
  starter_prompts: StarterPromptEntry[];
  collection_ids: string[];
  tools: AgentTool[];
  server_ids: string[];
  icon: AgentIcon;
}

/** The form's fields in screen order: the first with an error gets the focus on submit. */
export const FIELD_ORDER = [
  'name',
  'description',
  'icon',
  'instructions',
  'model_id',
  'temperature',
  'starter_prompts',
  'collection_ids',
  'tools',
  'server_ids',
] as const;
export type AgentFormField = (typeof FIELD_ORDER)[number];

/**
 * The messages of the form, by field: `name`, ..., and `starter_prompts.<index>` for one starter
 * prompt (the list as a whole under `starter_prompts`).
 */
export type FieldErrors = Partial<Record<string, string>>;

let promptCounter = 0;
export function promptEntry(text = ''): StarterPromptEntry {
  promptCounter += 1;
  return { key: `p${promptCounter}`, text };
}

export function emptyValues(): AgentFormValues {
  return {
    name: '',
    description: '',
    instructions: '',
    model_id: '',
    temperature: '',
    starter_prompts: [],
    collection_ids: [],
    tools: [],
    server_ids: [],
    icon: AGENT_ICONS[0],
  };
}

export function valuesFromAgent(agent: Agent): AgentFormValues {
  return {
    name: agent.name,
    description: agent.description,
    instructions: agent.instructions,
    model_id: agent.model_id ?? '',
    temperature: agent.temperature === undefined ? '' : String(agent.temperature),
    starter_prompts: agent.starter_prompts.map((text) => promptEntry(text)),
    collection_ids: [...agent.collection_ids],
    tools: [...agent.tools],
    server_ids: [...agent.server_ids],
    icon: agent.icon,
  };
}

/**
 * The form filled with a proposal of POST skills/generate-agent: its texts, icon and temperature;
 * knowledge and tools as it detected them (none where it found no need). The model stays the
 * user's choice.
 */
export function valuesFromDraft(draft: AgentDraft, current: AgentFormValues): AgentFormValues {
  return {
    ...current,
    name: draft.name,
    description: draft.description,
    instructions: draft.instructions,
    temperature: draft.temperature === undefined ? current.temperature : String(draft.temperature),
    starter_prompts: draft.starter_prompts.map((text) => promptEntry(text)),
    collection_ids: draft.needs_knowledge ? [...draft.suggested_collection_ids] : [],
    tools: draft.needs_tools ? [...draft.suggested_tools] : [],
    server_ids: draft.needs_tools ? [...draft.suggested_server_ids] : [],
    icon: draft.icon,
  };
}

/** The temperature as typed ("0,7" too): undefined when empty, NaN when it is no number. */
export function parseTemperature(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^-?(\d*\.?\d+|\d+\.)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The request body of POST /api/agents (PUT adds base_version). Check with validateValues first. */
export function toRequest(values: AgentFormValues): CreateAgentRequestInput {
  const temperature = parseTemperature(values.temperature);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    instructions: values.instructions.trim(),
    ...(values.model_id ? { model_id: values.model_id } : {}),
    ...(temperature === undefined ? {} : { temperature }),
    starter_prompts: values.starter_prompts.map((entry) => entry.text.trim()),
    collection_ids: values.collection_ids,
    tools: values.tools,
    server_ids: values.server_ids,
    icon: values.icon,
  };
}

/** What the form reads of a zod issue of the contract's schemas (zod is the contract's dependency, not this remote's). */
interface Issue {
  code: string;
  message: string;
  path: PropertyKey[];
  origin?: string;
  maximum?: unknown;
}
interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
}

/** One issue of a contract schema in the interface language (the contract's own text where none fits). */
export function issueText(issue: Issue, t: TFunction): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'number' ? t('form.errors.belowZero') : t('form.errors.empty');
    case 'too_big':
      if (issue.origin === 'array') return t('form.errors.tooMany', { max: Number(issue.maximum) });
      if (issue.origin === 'number') return t('form.errors.tooHigh', { max: Number(issue.maximum) });
      return t('form.errors.tooLong', { max: Number(issue.maximum) });
    case 'invalid_type':
      return t('form.errors.notNumber');
    case 'custom':
      if (issue.message.startsWith('Must not repeat')) return t('form.errors.repeated');
      return issue.message;
    default:
      return issue.message;
  }
}

/**
 * The form checked field by field with the contract's schemas (the same the server applies),
 * each message at its field; an empty object when the form can be saved.
 */
export function validateValues(values: AgentFormValues, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  const check = (field: string, schema: FieldSchema, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const key = issue.path.length > 0 ? `${field}.${issue.path.map(String).join('.')}` : field;
      errors[key] ??= issueText(issue, t);
    }
  };
  check('name', agentNameSchema, values.name);
  check('description', agentDescriptionSchema, values.description);
  check('icon', agentIconSchema, values.icon);
  const unknown = unknownAgentVariables(values.instructions);
  if (unknown.length > 0) {
    errors.instructions = t('form.errors.unknownVariable', {
      count: unknown.length,
      names: unknown.map((name) => `{{${name}}}`).join(', '),
      allowed: AGENT_VARIABLES.map((name) => `{{${name}}}`).join(', '),
    });
  } else {
    check('instructions', agentInstructionsSchema, values.instructions);
  }
  const temperature = parseTemperature(values.temperature);
  if (temperature !== undefined && Number.isNaN(temperature)) errors.temperature = t('form.errors.notNumber');
  else if (temperature !== undefined) check('temperature', agentTemperatureSchema, temperature);
  check('starter_prompts', agentStarterPromptsSchema, values.starter_prompts.map((entry) => entry.text));
  check('collection_ids', agentCollectionIdsSchema, values.collection_ids);
  check('tools', agentToolsSchema, values.tools);
  check('server_ids', agentServerIdsSchema, values.server_ids);
  return errors;
}

/**
 * The field messages of a 400 from the server (`issues` with paths such as ["body", "collection_ids", 0]),
 * in the server's words; issues without a field of the form are left out.
 */
export function serverFieldErrors(issues: readonly { path: readonly (string | number)[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  const fields = new Set<string>(FIELD_ORDER);
  for (const issue of issues) {
    const path = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
    const field = String(path[0] ?? '');
    if (!fields.has(field)) continue;
    // One prompt has its own input; a collection or server is a checkbox of its group.
    const key = field === 'starter_prompts' && path.length > 1 ? `${field}.${String(path[1])}` : field;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The first field (in screen order) with a message, and the prompt index for a starter prompt. */
export function firstInvalid(errors: FieldErrors): { field: AgentFormField; index?: number } | undefined {
  for (const field of FIELD_ORDER) {
    if (errors[field]) return { field };
    if (field === 'starter_prompts') {
      const indexes = Object.keys(errors)
        .filter((key) => key.startsWith('starter_prompts.') && errors[key])
        .map((key) => Number(key.split('.')[1]))
        .sort((a, b) => a - b);
      if (indexes.length > 0) return { field, index: indexes[0]! };
    }
  }
  return undefined;
}
