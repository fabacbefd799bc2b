import type { Agent } from '@assistant/contracts';
import { FIELD_ORDER, toRequest, type AgentFormField, type AgentFormValues } from './agent-form-values';

/** The fields of an agent that make a version: what a save stores and a comparison shows. */
export type AgentFields = Pick<
  Agent,
  'name' | 'description' | 'instructions' | 'model_id' | 'temperature' | 'starter_prompts' | 'collection_ids' | 'tools' | 'server_ids' | 'icon'
>;

/** The form's values as the fields a save would store (texts trimmed, the defaults filled in). */
export function fieldsFromValues(values: AgentFormValues): AgentFields {
  const request = toRequest(values);
  return {
    name: request.name,
    description: request.description ?? '',
    instructions: request.instructions,
    ...(request.model_id === undefined ? {} : { model_id: request.model_id }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    starter_prompts: request.starter_prompts ?? [],
    collection_ids: request.collection_ids ?? [],
    tools: request.tools ?? [],
    server_ids: request.server_ids ?? [],
    icon: request.icon ?? values.icon,
  };
}

/** Just the fields of an agent or a version (without id, version, dates). */
export function fieldsOf(agent: AgentFields): AgentFields {
  const { name, description, instructions, model_id, temperature, starter_prompts, collection_ids, tools, server_ids, icon } = agent;
  return {
    name,
    description,
    instructions,
    ...(model_id === undefined ? {} : { model_id }),
    ...(temperature === undefined ? {} : { temperature }),
    starter_prompts,
    collection_ids,
    tools,
    server_ids,
    icon,
  };
}

/** Whether two sets of fields would store the same agent. */
export function sameFields(a: AgentFields, b: AgentFields): boolean {
  return JSON.stringify(fieldsOf(a)) === JSON.stringify(fieldsOf(b));
}

/** One field as text, as a person reads it (names for ids, one list entry a line). */
export type FieldTexts = Record<AgentFormField, string>;

/** The fields whose texts differ, in screen order. */
export function changedFields(before: FieldTexts, after: FieldTexts): AgentFormField[] {
  return FIELD_ORDER.filter((field) => before[field] !== after[field]);
}
