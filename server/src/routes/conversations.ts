import {
  CONVERSATION_ERRORS,
  conversationListResponseSchema,
  conversationNameQuerySchema,
  conversationRenameQuerySchema,
  conversationSchema,
  conversationSearchQuerySchema,
  conversationSearchResponseSchema,
  conversationSearchWords,
  conversationToolServersSchema,
  conversationUpdateSchema,
  messageListResponseSchema,
  messagePayloadSchema,
  uuidSchema,
  streamEventSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { prepareIds, relayExchange, startExchange, type ChatToolSettings, type GroundedStart, type GroundingServices, type PreparedExchange } from '../chat/answer-exchange';
import { resolveAnswerAgent } from '../agents/agent-chat';
import { answerDetailsRecorder, mayUseDeveloperMode, type DeveloperModeServices } from '../chat/answer-details';
import type { AgentsRepository } from '../agents/agents-repository';
import { resolveGroundingScope, withCollections } from '../chat/grounding-scope';
import { imageInput, imageRefusal, type ImageInput } from '../chat/image-attachments';
import { projectInstructionsNote } from '../chat/build-prompt';
import type { RawBuilder } from 'kysely';
import type { ConversationProject } from '../projects/projects-repository';
import { continueResearchExchange, reattachResearchExchange, startResearchExchange, streamResearchExchange, type ResearchExchange } from '../chat/research-exchange';
import { pickModel, replyWithStream, unsupported } from '../chat/stream-reply';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import { sendError, sendRefusal } from '../http/send-error';
import type { ModelProvider } from '../inference/model-provider';
import type { FileStorage } from '../ingestion/file-storage';
import type { ToolLoop } from '../tools/tool-loop';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { mcpToolsEnabled } from '../mcp/mcp-gate';
import type { McpServersRepository } from '../mcp/mcp-servers-repository';
import { mcpTools } from '../mcp/mcp-tools';
import { DEEP_RESEARCH_OFF, deepResearchEnabled, sendResearchRefusal } from '../research/research-gate';
import type { ResearchService } from '../research/research-service';
import { errorResponses } from '../http/error-responses';
import { noContentResponse, streamResponse } from '../http/declared-responses';
import type { SharingLookup } from '../sharing/shareable-kind';
import type { Viewer } from '../auth/principal';
import { setUsageFeature } from '../usage/usage-context';
import { exchangeMemory } from '../memory/exchange-memory';
import type { MemoriesRepository } from '../memory/memories-repository';
import { chatMemoryFrom, chatMemoryValue } from '../memory/memory-for-chat';

const conversationParamsSchema = z.object({ id: uuidSchema });

export interface ConversationServices {
  conversations: ConversationsRepository;
  models: ModelProvider;
  /** Where the attachments' bytes are (removed with their conversation). */
  storage: FileStorage;
  /** Which collections a message may be grounded in (those the user may read). */
  collections: CollectionsRepository;
  /** Retrieval, windows and traces of grounded answers. */
  grounding: GroundingServices;
  /** The built-in tools answers may call (CHAT_TOOLS on); absent: no tools. */
  tools?: ChatToolSettings | undefined;
  /** Deep research runs started and continued from a message (`deep_research`); absent: refused (501). */
  research?: ResearchService | undefined;
  /** Agents a conversation is with (`personality`, docs/agents.md); absent: refused (501). */
  agents?: AgentsRepository | undefined;
  /** The feature set (MCP tools) and flags (deep research), read on every message. */
  settings: SettingsRepository;
  /** The registered tool servers a conversation may pick. */
  mcpServers: McpServersRepository;
  /** Developer mode's details and kept events (docs/developer-mode.md); absent: none. */
  developer?: DeveloperModeServices | undefined;
  /** With whom each listed conversation's snapshot is shared (SharesRepository.sharingOf); absent: not said. */
  sharingOf?: SharingLookup | undefined;
  /** The user's memories (docs/memory.md): used and saved in their own chats; absent: no memory. */
  memories?: MemoriesRepository | undefined;
  /** Whether the viewer may put their conversation into a project (projects/may-file-into.ts). */
  mayFileInto: (viewer: Viewer, projectId: string, conversationId: string) => Promise<boolean>;
  /**
   * The project a conversation is in, when the viewer may read it: its instructions and files apply
   * (docs/projects.md). A SQL value read with the conversation's statement, and how to read it.
   */
  projectOf?: { value(viewer: Viewer, conversationId: string): RawBuilder<unknown>; from(value: unknown): ConversationProject | undefined } | undefined;
}


/**
 * Conversations (SPEC section 7): create (`POST /conversations?name=`), list, messages, rename
 * (`PATCH ?name=`), delete, and `POST /conversations/{id}/messages/v2`, which streams the answer as
 * JSON lines (docs/chat.md). Every conversation and message is its owner's alone: another user's
 * is a 404, like a missing one.
 */
export const conversationRoutes: FastifyPluginAsyncZod<ConversationServices> = async (
  app,
  { conversations, models, storage, collections, grounding, tools, research, agents, settings, mcpServers, developer, sharingOf, mayFileInto, projectOf, memories },
) => {
  app.post(
    '/conversations',
    { schema: { querystring: conversationNameQuerySchema, response: { 201: conversationSchema } } },
    async (request, reply) => {
      const created = await conversations.create(request.principal.sub, request.query.name);
      return reply.code(201).send(created);
    },
  );

  app.get('/conversations', { schema: { response: { 200: conversationListResponseSchema } } }, async (request) => {
    const list = await conversations.list(request.principal.sub);
    const sharing = sharingOf ? await sharingOf('conversation', list.map((conversation) => ({ id: conversation.id, ownerSub: request.viewer.sub })), request.viewer) : undefined;
    return { conversations: list.map((conversation) => ({ ...conversation, sharing: sharing?.get(conversation.id) })) };
  });

  // The user's conversations whose name or message text holds every word of q (docs/chat.md "Search").
  app.get(
    '/conversations/search',
    { schema: { querystring: conversationSearchQuerySchema, response: { 200: conversationSearchResponseSchema } } },
    async (request) => ({
      conversations: await conversations.search(request.principal.sub, conversationSearchWords(request.query.q)),
    }),
  );

  app.get(
    '/conversations/:id/messages',
    { schema: { params: conversationParamsSchema, response: { 200: messageListResponseSchema } } },
    async (request, reply) => {
      const [messages, agentId] = await Promise.all([
        conversations.messages(request.principal.sub, request.params.id),
        agents ? agents.conversationAgent(request.principal.sub, request.params.id) : undefined,
      ]);
      if (!messages) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
      // Developer details only for users who may have them (DEVELOPER_MODE_ROLE can change after an answer).
      const shown = mayUseDeveloperMode(request) ? messages : messages.map(({ details: _details, ...message }) => message);
      return { conversation_id: request.params.id, messages: shown, ...(agentId ? { agent_id: agentId } : {}) };
    },
  );

  // Rename (?name=), pin, archive, move into a project or out of it (the body; docs/chat-ui.md "Organize").
  app.patch(
    '/conversations/:id',
    {
      schema: {
        params: conversationParamsSchema,
        querystring: conversationRenameQuerySchema,
        // A rename sends no body (Fastify gives null).
        body: conversationUpdateSchema.nullish(),
        response: { 200: conversationSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const changes = { name: request.query.name, ...request.body };
      if (changes.name === undefined && !request.body) return sendError(reply, 400, 'Name a change: ?name= or a body');
      if (changes.project_id && !(await mayFileInto(request.viewer, changes.project_id, request.params.id))) return sendRefusal(reply, CONVERSATION_ERRORS.projectNotFound);
      const updated = await conversations.update(request.principal.sub, request.params.id, changes);
      return updated ?? sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
    },
  );

  app.delete('/conversations/:id', { schema: { params: conversationParamsSchema, response: noContentResponse } }, async (request, reply) => {
    const attachmentKeys = await conversations.delete(request.principal.sub, request.params.id);
    if (!attachmentKeys) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
    // The rows went with the conversation (foreign keys); the attachments' bytes go now.
    await Promise.all(attachmentKeys.map((key) => storage.remove(key)));
    request.log.info({ conversationId: request.params.id, attachments: attachmentKeys.length }, 'conversation deleted');
    return reply.code(204).send();
  });

  // The tool servers picked in the composer, kept per conversation (docs/chat-ui.md "Tools"): a
  // server removed since is left out; picking needs tools on and feature set BETA, like sending.
  app.get(
    '/conversations/:id/tool-servers',
    { schema: { params: conversationParamsSchema, response: { 200: conversationToolServersSchema } } },
    async (request, reply) => {
      const [picked, registered] = await Promise.all([conversations.toolServerIds(request.principal.sub, request.params.id), mcpServers.list()]);
      if (!picked) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
      return { server_ids: picked.filter((id) => registered.some((server) => server.id === id)) };
    },
  );

  app.put(
    '/conversations/:id/tool-servers',
    { schema: { params: conversationParamsSchema, body: conversationToolServersSchema, response: { 200: conversationToolServersSchema, ...errorResponses(501) } } },
    async (request, reply) => {
      const ids = request.body.server_ids;
      const [found, registered, enabled] = await Promise.all([
        conversations.find(request.principal.sub, request.params.id),
        ids.length > 0 ? mcpServers.list() : [],
        // Clearing the pick is always allowed.
        ids.length === 0 || (tools !== undefined && mcpToolsEnabled(settings)),
      ]);
      if (!found) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
      if (!enabled) return sendError(reply, 501, 'Tool servers are not available yet');
      if (ids.some((id) => !registered.some((server) => server.id === id))) return sendError(reply, 404, 'No such tool server', { code: 'not_found' });
      await conversations.setToolServerIds(request.principal.sub, request.params.id, ids);
      return { server_ids: ids };
    },
  );

  app.post(
    '/conversations/:id/messages/v2',
    { schema: { params: conversationParamsSchema, body: messagePayloadSchema, response: { ...streamResponse(streamEventSchema), ...errorResponses(403, 409, 501) } }, config: { modelLimits: true, usageFeature: 'chat' } },
    async (request, reply) => {
      const owner = request.principal.sub;
      const payload = request.body;
      // One query for the conversation, the parent, its branch and the message_id check, beside
      // the (cached) model list: the answer is asked for as early as possible.
      // Beside them, a grounded message's collections (readable?) and attachments (this
      // conversation's, processed?): refused with 404 / 409 before anything is stored.
      // Picked MCP servers (server_ids) are offered with the tools, in feature set BETA only (docs/tools.md).
      // Deep research needs the flag enableDeepResearch, read on every message like POST /research.
      // The agent the conversation is with (null: none; docs/agents.md), the project's instructions
      // and files, and memory (the flag, the user's switch and their memories; docs/memory.md)
      // come with the same statement: one round trip and one pooled connection per message.
      const withMemory = memories !== undefined && !payload.deep_research;
      const [prepared, offered, resolved, toolServersOn, researchOn] = await Promise.all([
        conversations.prepareExchange(owner, request.params.id, {
          parent: payload.parent_message_id,
          messageId: payload.message_id,
          alongside: {
            ...(projectOf ? { project: projectOf.value(request.viewer, request.params.id) } : {}),
            ...(withMemory ? { memory: chatMemoryValue(owner) } : {}),
          },
        }),
        models.models(),
        resolveGroundingScope({ collections, conversations }, request.viewer, request.params.id, payload),
        tools && payload.server_ids.length > 0
          ? mcpToolsEnabled(settings).catch((error: unknown) => {
              // No stored feature set (settings never seeded): MCP tools are off, as outside BETA.
              request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'chat: the feature set could not be read; no tool servers');
              return false;
            })
          : false,
        research && payload.deep_research ? deepResearchEnabled(settings) : false,
      ]);
      if (!prepared) return sendRefusal(reply, CONVERSATION_ERRORS.conversationNotFound);
      const project = projectOf?.from(prepared.alongside.project);
      const memoryState = withMemory ? chatMemoryFrom(prepared.alongside.memory) : undefined;
      const notYet = unsupported(payload, { grounding: true, toolServers: toolServersOn, deepResearch: research !== undefined, agents: agents !== undefined });
      if (notYet) return sendError(reply, 501, notYet);
      if (payload.deep_research && !researchOn) return sendError(reply, 403, DEEP_RESEARCH_OFF);
      if ('refusal' in resolved) return sendError(reply, resolved.refusal.status, resolved.refusal.message, { code: resolved.refusal.code });

      // The conversation's agent (docs/agents.md "Chat with an agent"): remembered from its first
      // message; its knowledge is searched (only collections the user may read now), its model,
      // temperature, instructions and tools apply.
      const agentResolved = agents
        ? await resolveAnswerAgent(
            { agents, collections },
            { viewer: request.viewer, userName: request.principal.name, current: prepared.agentId, payload, hasMessages: prepared.hasMessages },
          )
        : { answer: undefined, setAgent: undefined };
      if ('refusal' in agentResolved) return sendError(reply, agentResolved.refusal.status, agentResolved.refusal.message, { code: agentResolved.refusal.code });
      const agent = agentResolved.answer;
      // A conversation with an agent counts as the agents' usage.
      if (agent) setUsageFeature('agents');
      if (agent && payload.deep_research) return sendError(reply, 501, 'Deep research is not available in a conversation with an agent yet');
      if (agent?.unreadableCollectionIds.length) {
        request.log.info({ agentId: agent.agent.id, left_out: agent.unreadableCollectionIds }, 'chat: agent collections the user may not read are not searched');
      }
      const agentScope = agent && agent.collectionIds.length > 0
        ? {
            ...resolved.scope,
            collectionIds: [...new Set([...(resolved.scope?.collectionIds ?? []), ...agent.collectionIds])],
          }
        : resolved.scope;
      // A project's files are searched in each of its conversations (once it holds a processed one).
      const groundingScope = withCollections(agentScope, project?.searchableCollectionId ? [project.searchableCollectionId] : []);
      const serverIds = [...new Set([...(toolServersOn ? payload.server_ids : []), ...(agent?.serverIds ?? [])])];

      // Where the new message goes: absent parent = after the latest message; null = a new first message.
      const { conversation, parentId } = prepared;
      if (!prepared.parentFound) return sendRefusal(reply, CONVERSATION_ERRORS.messageNotFound);

      // A retried request with the same client-made message_id answers its stored question again.
      const { userMessageId, assistantMessageId } = prepareIds(payload);
      let existingUserMessage;
      if (payload.message_id !== undefined) {
        existingUserMessage = prepared.existing;
        const reusable =
          existingUserMessage?.role === 'user' &&
          existingUserMessage.content === payload.content &&
          existingUserMessage.parent_message_id === parentId;
        if (existingUserMessage ? !reusable : prepared.messageIdTaken) {
          return sendRefusal(reply, CONVERSATION_ERRORS.messageIdTaken);
        }
      }

      const picked = pickModel(offered, payload.reasoning_model_override ?? agent?.agent.model_id);
      if ('status' in picked) return sendError(reply, picked.status, picked.message, { code: picked.code });
      const { model } = picked;
      // The question's images go only to a model that accepts them (docs/chat.md "Images"), read before anything is stored.
      let images: ImageInput | undefined;
      if (resolved.images) {
        const refused = imageRefusal(resolved.images.images, model, await models.imageModels());
        if (refused) return sendError(reply, refused.status, refused.message, { code: refused.code, ...(refused.limit ? { limit: refused.limit } : {}) });
        images = await imageInput(storage, resolved.images.images, resolved.images.files);
      }

      if (research && payload.deep_research) {
        // Deep research (docs/deep-research.md "Starting a run from chat"): the run is the answer.
        const researchExchange: ResearchExchange = {
          owner,
          groups: request.viewer.groups,
          conversation,
          parentId,
          existingUserMessage,
          userMessageId,
          assistantMessageId,
          model,
          payload,
          isFirstExchange: !prepared.hasMessages,
          serverIds: toolServersOn ? payload.server_ids : [],
          attachments: resolved.scope?.attachments?.files,
        };
        let followed;
        try {
          // A retry of a question whose run exists follows that run: one run per message_id.
          followed =
            (existingUserMessage && (await reattachResearchExchange({ research, conversations }, researchExchange))) ||
            {
              exchange: researchExchange,
              started:
                payload.deep_research_id === undefined
                  ? await startResearchExchange({ research, conversations }, researchExchange)
                  : await continueResearchExchange({ research, conversations }, researchExchange, payload.deep_research_id),
            };
        } catch (error) {
          return sendResearchRefusal(reply, error);
        }
        if (followed.exchange !== researchExchange) request.log.info({ researchId: followed.started.researchId }, 'chat: a retried research message follows its run again');
        return streamResearchExchange(reply, { research, conversations, models, exchange: followed.exchange, started: followed.started, log: request.log });
      }

      // The user's own chat only: an agent's conversation neither uses nor saves memories. Saved
      // after every refusal above, so a refused message saves nothing.
      const memory = memories && memoryState && !agent ? await exchangeMemory(memories, memoryState, { owner, message: payload.content, log: request.log }) : undefined;
      const exchange: PreparedExchange = {
        owner,
        conversation,
        parentId,
        branch: prepared.branch,
        existingUserMessage,
        userMessageId,
        assistantMessageId,
        model,
        payload,
        isFirstExchange: !prepared.hasMessages,
        grounding: groundingScope,
        images,
        isAdmin: request.viewer.isAdmin,
        groups: request.viewer.groups,
        agent: agent && { systemNote: agent.systemNote, temperature: agent.agent.temperature, tools: agent.tools },
        projectNote: project && projectInstructionsNote(project.name, project.instructions),
        developer: answerDetailsRecorder(request, reply, developer, { model, conversationId: conversation.id, messageId: assistantMessageId, developerMode: payload.developer_mode === true }),
        memory,
      };
      if (agents && agentResolved.setAgent) await agents.setConversationAgent(owner, conversation.id, agentResolved.setAgent);

      let grounded: GroundedStart | undefined;
      let toolLoop: ToolLoop | undefined;
      return replyWithStream(request, reply, {
        model,
        start: async (signal) => {
          const toolServers = serverIds.length > 0 ? (toolSignal: AbortSignal) => mcpTools(serverIds, { db: grounding.db, owner, signal: toolSignal, log: request.log }) : undefined;
          const started = await startExchange(models, conversations, exchange, signal, { ...grounding, log: request.log, tools, toolServers });
          grounded = started.grounded;
          toolLoop = started.toolLoop;
          return started.deltas;
        },
        relay: (deltas, writer, signal) =>
          relayExchange({ models, conversations, exchange, deltas, writer, signal, log: request.log, grounded, traces: grounding.traces, toolLoop, db: grounding.db }),
      });
    },
  );
};
