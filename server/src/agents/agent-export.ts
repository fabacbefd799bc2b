import { AGENT_EXPORT_FORMAT, AGENT_EXPORT_FORMAT_VERSION, type AgentExport } from '@assistant/contracts';
import type { Viewer } from '../auth/principal';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import { readableCollections, type AgentReferenceServices } from './agent-references';
import type { AgentDefinition, StoredAgent } from './agents-repository';

/**
 * The export document of an agent (contract agentExportSchema, format version 1): its form, with
 * only the collections the exporting user may read (never the id of a collection of another user
 * that a company agent might name), each with its name.
 */
export async function exportAgent(collections: CollectionsRepository, viewer: Viewer, agent: StoredAgent, now = new Date()): Promise<AgentExport> {
  const readable = await readableCollections(collections, viewer, agent.collection_ids);
  return {
    format: AGENT_EXPORT_FORMAT,
    format_version: AGENT_EXPORT_FORMAT_VERSION,
    exported_at: now.toISOString(),
    agent: {
      name: agent.name,
      description: agent.description,
      instructions: agent.instructions,
      ...(agent.model_id === undefined ? {} : { model_id: agent.model_id }),
      ...(agent.temperature === undefined ? {} : { temperature: agent.temperature }),
      starter_prompts: agent.starter_prompts,
      tools: agent.tools,
      server_ids: agent.server_ids,
      icon: agent.icon,
      collections: readable,
    },
  };
}

/** What an import takes of a document, and what it had to leave out. */
export interface ImportPlan {
  definition: AgentDefinition;
  dropped: { collection_ids: string[]; server_ids: string[]; model_id?: string };
}

/**
 * The new agent's form from an export document: collections the importing user may not read,
 * tool servers not registered here and a model not on offer are left out and reported.
 */
export async function planImport(services: AgentReferenceServices, viewer: Viewer, document: AgentExport): Promise<ImportPlan> {
  const { collections: wanted, model_id: model, ...fields } = document.agent;
  const wantedIds = wanted.map((collection) => collection.id);
  const [readable, servers, offered] = await Promise.all([
    readableCollections(services.collections, viewer, wantedIds),
    services.servers.connections(fields.server_ids),
    model === undefined ? Promise.resolve([]) : services.models(),
  ]);
  const readableIds = new Set(readable.map((collection) => collection.id));
  const serverIds = new Set(servers.map((server) => server.id));
  const keepModel = model !== undefined && offered.includes(model);
  return {
    definition: {
      ...fields,
      ...(keepModel ? { model_id: model } : {}),
      collection_ids: wantedIds.filter((id) => readableIds.has(id)),
      server_ids: fields.server_ids.filter((id) => serverIds.has(id)),
    },
    dropped: {
      collection_ids: wantedIds.filter((id) => !readableIds.has(id)),
      server_ids: fields.server_ids.filter((id) => !serverIds.has(id)),
      ...(model !== undefined && !keepModel ? { model_id: model } : {}),
    },
  };
}
