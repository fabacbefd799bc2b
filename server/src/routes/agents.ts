import {
  AGENT_ERRORS,
  AGENT_NAME_MAX_LENGTH,
  agentConflictSchema,
  agentExportSchema,
  agentIdParamsSchema,
  agentImportResponseSchema,
  agentListResponseSchema,
  agentSchema,
  agentShareCheckRequestSchema,
  agentShareCheckResponseSchema,
  agentVersionListResponseSchema,
  agentVersionParamsSchema,
  agentVersionSchema,
  agentVisibilityRequestSchema,
  copyName,
  createAgentRequestSchema,
  updateAgentRequestSchema,
  validationFailure,
  type Agent,
} from '@assistant/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkAgentReferences, readableCollections, type FieldIssue } from '../agents/agent-references';
import { exportAgent, planImport } from '../agents/agent-export';
import type { AgentShareCheck } from '../agents/agent-share-check';
import { managesAgent, publicAgent, type AgentDefinition, type AgentsRepository, type StoredAgent } from '../agents/agents-repository';
import type { Viewer } from '../auth/principal';
import { requireAdministrator } from '../auth/auth-hook';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import { exportAttachment } from '../http/export-attachment';
import { errorBody, sendError, sendRefusal } from '../http/send-error';
import type { ModelProvider } from '../inference/model-provider';
import type { McpServersRepository } from '../mcp/mcp-servers-repository';
import { errorResponses } from '../http/error-responses';
import { noContentResponse } from '../http/declared-responses';
import type { SharingLookup } from '../sharing/shareable-kind';

export interface AgentRoutesOptions {
  agents: AgentsRepository;
  collections: CollectionsRepository;
  servers: McpServersRepository;
  models: Pick<ModelProvider, 'models'>;
  /** How listed agents reach their viewer (SharesRepository.sharingOf). */
  sharingOf: SharingLookup;
  /** Which of an agent's collections the draft share targets may not read. */
  shareCheck: AgentShareCheck;
}

function refuseFields(reply: FastifyReply, issues: FieldIssue[]) {
  const failure = validationFailure('body', issues);
  return sendError(reply, 400, failure.message, { code: failure.code, issues: failure.issues });
}

/** The agents as the API answers them, each with how it reaches the viewer (the list and a single agent). */
async function withSharing(sharingOf: SharingLookup, list: readonly StoredAgent[], viewer: Viewer): Promise<Agent[]> {
  const found = await sharingOf('agent', list.map((agent) => ({ id: agent.id, ownerSub: agent.visibility === 'company' ? null : agent.ownerId })), viewer);
  return list.map((agent) => ({ ...publicAgent(agent), sharing: found.get(agent.id) }));
}

/**
 * An issue at a collection the agent holds already: a save keeps those even when the saver may not
 * read them (an editor keeps the owner's knowledge; the agent answers each user only from what
 * they may read), but adds none the saver may not read.
 */
function keepsCollection(issue: FieldIssue, definition: AgentDefinition, current: StoredAgent): boolean {
  const [field, index] = issue.path;
  return field === 'collection_ids' && typeof index === 'number' && current.collection_ids.includes(definition.collection_ids[index] ?? '');
}

/**
 * Agents (docs/agents.md; contract agents.ts). Every call goes through the agent access rule: a
 * user reads their personal agents, those shared with them (or a group of theirs, or the company)
 * and the company's; any other agent is a 404 not_found on every call, like a missing one. The
 * owner and edit recipients save a personal agent, administrators a company one (403 forbidden for
 * others); only the owner (administrators, a company agent) deletes it. A save is a new version
 * based on `base_version`: a stale base is a 409 with the current agent. Collections must be ones
 * the user may read (or ones the agent has already), tool servers registered and the model on
 * offer: 400 validation_failed with an issue at the field otherwise.
 */
export const agentRoutes: FastifyPluginAsyncZod<AgentRoutesOptions> = async (app, { agents, collections, servers, models, sharingOf, shareCheck }) => {
  const references = { collections, servers, models: () => models.models() };
  /** Every agent the API answers carries how it reaches the viewer, so a client's cached copy never loses it. */
  const answer = async (agent: StoredAgent, viewer: Viewer): Promise<Agent> => (await withSharing(sharingOf, [agent], viewer))[0]!;

  app.get('/agents', { schema: { response: { 200: agentListResponseSchema } } }, async (request) => ({
    agents: await withSharing(sharingOf, await agents.list(request.viewer), request.viewer),
  }));

  app.post('/agents', { schema: { body: createAgentRequestSchema, response: { 201: agentSchema } } }, async (request, reply) => {
    const viewer = request.viewer;
    const issues = await checkAgentReferences(references, viewer, request.body);
    if (issues.length > 0) return refuseFields(reply, issues);
    const created = await agents.create(viewer, request.body);
    request.log.info({ agentId: created.id }, 'agent created');
    return reply.code(201).send(await answer(created, viewer));
  });

  app.get('/agents/:id', { schema: { params: agentIdParamsSchema, response: { 200: agentSchema } } }, async (request, reply) => {
    const agent = await agents.find(request.viewer, request.params.id);
    if (!agent) return sendRefusal(reply, AGENT_ERRORS.agentNotFound);
    return answer(agent, request.viewer);
  });

  app.get('/agents/:id/versions', { schema: { params: agentIdParamsSchema, response: { 200: agentVersionListResponseSchema } } }, async (request, reply) => {
    const versions = await agents.versions(request.viewer, request.params.id);
    return versions ? { versions } : sendRefusal(reply, AGENT_ERRORS.agentNotFound);
  });

  app.get('/agents/:id/versions/:version', { schema: { params: agentVersionParamsSchema, response: { 200: agentVersionSchema } } }, async (request, reply) => {
    const version = await agents.version(request.viewer, request.params.id, request.params.version);
    return version ?? sendRefusal(reply, AGENT_ERRORS.agentNotFound);
  });

  app.put(
    '/agents/:id',
    { schema: { params: agentIdParamsSchema, body: updateAgentRequestSchema, response: { 200: agentSchema, 409: agentConflictSchema, ...errorResponses(403) } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const { base_version: baseVersion, ...definition } = request.body;
      // One the user may read and change: before the form is judged.
      const existing = await agents.find(viewer, request.params.id);
      if (!existing) return sendRefusal(reply, AGENT_ERRORS.agentNotFound);
      if (!existing.editable) return sendRefusal(reply, AGENT_ERRORS.notEditable);
      const issues = (await checkAgentReferences(references, viewer, definition)).filter((issue) => !keepsCollection(issue, definition, existing));
      if (issues.length > 0) return refuseFields(reply, issues);
      const saved = await agents.update(viewer, request.params.id, definition, baseVersion);
      if (typeof saved === 'string') return sendRefusal(reply, AGENT_ERRORS[saved]);
      if ('stale' in saved) {
        const { statusCode, code, message } = AGENT_ERRORS.staleVersion;
        return reply.code(statusCode).send({ ...errorBody(statusCode, message, { code }), current: await answer(saved.stale, viewer) });
      }
      request.log.info({ agentId: saved.id, version: saved.version }, 'agent saved');
      return answer(saved, viewer);
    },
  );

  app.delete('/agents/:id', { schema: { params: agentIdParamsSchema, response: { ...noContentResponse, ...errorResponses(403) } } }, async (request, reply) => {
    const deleted = await agents.delete(request.viewer, request.params.id);
    if (deleted !== true) return sendRefusal(reply, AGENT_ERRORS[deleted]);
    request.log.info({ agentId: request.params.id }, 'agent deleted');
    return reply.code(204).send();
  });

  // A personal copy of any agent the user may read (their own, a shared or a company one);
  // collections the user may not read (its author's personal ones) are left out.
  app.post('/agents/:id/duplicate', { schema: { params: agentIdParamsSchema, response: { 201: agentSchema } } }, async (request, reply) => {
    const viewer = request.viewer;
    const source = await agents.find(viewer, request.params.id);
    if (!source) return sendRefusal(reply, AGENT_ERRORS.agentNotFound);
    const readable = await readableCollections(collections, viewer, source.collection_ids);
    const definition: AgentDefinition = {
      name: copyName(source.name, ' (copy)', AGENT_NAME_MAX_LENGTH),
      description: source.description,
      instructions: source.instructions,
      ...(source.model_id === undefined ? {} : { model_id: source.model_id }),
      ...(source.temperature === undefined ? {} : { temperature: source.temperature }),
      starter_prompts: source.starter_prompts,
      collection_ids: readable.map((collection) => collection.id),
      tools: source.tools,
      server_ids: source.server_ids,
      icon: source.icon,
    };
    const created = await agents.create(viewer, definition);
    request.log.info({ agentId: created.id, from: source.id }, 'agent duplicated');
    return reply.code(201).send(await answer(created, viewer));
  });

  app.get('/agents/:id/export', { schema: { params: agentIdParamsSchema, response: { 200: agentExportSchema } } }, async (request, reply) => {
    const viewer = request.viewer;
    const agent = await agents.find(viewer, request.params.id);
    if (!agent) return sendRefusal(reply, AGENT_ERRORS.agentNotFound);
    reply.header('content-disposition', exportAttachment(agent.name, 'agent', '.agent.json'));
    return exportAgent(collections, viewer, agent);
  });

  app.post('/agents/import', { schema: { body: agentExportSchema, response: { 201: agentImportResponseSchema } } }, async (request, reply) => {
    const viewer = request.viewer;
    const plan = await planImport(references, viewer, request.body);
    const created = await agents.create(viewer, plan.definition);
    request.log.info({ agentId: created.id, dropped: plan.dropped }, 'agent imported');
    return reply.code(201).send({ agent: await answer(created, viewer), dropped: plan.dropped });
  });

  // Before the share dialog saves: which of the agent's collections the draft targets may not read
  // (its owner; administrators for a company agent, as for its sharing).
  app.post(
    '/agents/:id/share-check',
    { schema: { params: agentIdParamsSchema, body: agentShareCheckRequestSchema, response: { 200: agentShareCheckResponseSchema } } },
    async (request, reply) => {
      const viewer = request.viewer;
      const agent = await agents.find(viewer, request.params.id);
      if (!agent || !managesAgent(agent, viewer)) return sendRefusal(reply, AGENT_ERRORS.agentNotFound);
      return { collections: await shareCheck.check(viewer, agent.collection_ids, request.body.targets) };
    },
  );

  // Administrators publish an agent for everyone, or take it back to its owner's personal agents.
  await app.register(async (admin) => {
    admin.addHook('onRequest', requireAdministrator);
    admin.withTypeProvider<ZodTypeProvider>().put(
      '/admin/agents/:id/visibility',
      { schema: { params: agentIdParamsSchema, body: agentVisibilityRequestSchema, response: { 200: agentSchema } } },
      async (request, reply) => {
        const changed = await agents.setVisibility(request.viewer, request.params.id, request.body.visibility);
        if (typeof changed === 'string') return sendRefusal(reply, AGENT_ERRORS[changed]);
        request.log.info({ agentId: changed.id, visibility: changed.visibility, by: request.principal.sub }, 'agent visibility changed');
        return answer(changed, request.viewer);
      },
    );
  });
};
