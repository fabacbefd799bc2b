import type { Viewer } from '../auth/principal';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { McpServersRepository } from '../mcp/mcp-servers-repository';
import type { AgentDefinition } from './agents-repository';

/** One refused field of the form, as in a 400 validation_failed (path inside the body). */
export interface FieldIssue {
  path: Array<string | number>;
  message: string;
  code: string;
}

export const UNREADABLE_COLLECTION = 'No such collection, or not one you may read';
export const UNKNOWN_SERVER = 'No such tool server';
export const UNKNOWN_MODEL = 'Not a language model on offer';

export interface AgentReferenceServices {
  collections: CollectionsRepository;
  servers: McpServersRepository;
  /** The language models on offer (ModelProvider.models). */
  models: () => Promise<string[]>;
}

/**
 * The agent's collections the viewer may read (the collection rule: an agent shared with someone
 * searches only what they may read themselves), in the agent's order; the others are left out.
 */
export async function readableCollections(collections: CollectionsRepository, viewer: Viewer, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
  return collections.readable(ids, viewer);
}

/**
 * What the contract cannot check about a form: every collection is one the viewer may read, every
 * tool server is registered, the model is on offer (when the endpoint lists any: an endpoint that
 * is down does not make saving impossible). Answers one issue per refused entry, at its field.
 */
export async function checkAgentReferences(services: AgentReferenceServices, viewer: Viewer, definition: AgentDefinition): Promise<FieldIssue[]> {
  const [readable, servers, offered] = await Promise.all([
    readableCollections(services.collections, viewer, definition.collection_ids),
    services.servers.connections(definition.server_ids),
    definition.model_id === undefined ? Promise.resolve([]) : services.models(),
  ]);
  const readableIds = new Set(readable.map((collection) => collection.id));
  const serverIds = new Set(servers.map((server) => server.id));
  const issues: FieldIssue[] = [];
  definition.collection_ids.forEach((id, index) => {
    if (!readableIds.has(id)) issues.push({ path: ['collection_ids', index], message: UNREADABLE_COLLECTION, code: 'custom' });
  });
  definition.server_ids.forEach((id, index) => {
    if (!serverIds.has(id)) issues.push({ path: ['server_ids', index], message: UNKNOWN_SERVER, code: 'custom' });
  });
  if (definition.model_id !== undefined && offered.length > 0 && !offered.includes(definition.model_id)) {
    issues.push({ path: ['model_id'], message: UNKNOWN_MODEL, code: 'custom' });
  }
  return issues;
}
