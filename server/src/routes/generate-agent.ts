import { STREAM_ERROR_CODES, agentDraftSchema, generateAgentRequestSchema, type AgentTool } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DRAFT_JSON_SCHEMA, draftMessages, repairDraft, type DraftChoices } from '../agents/agent-draft-prompt';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import type { ModelProvider } from '../inference/model-provider';
import { upstreamFailureReply } from '../inference/public-failure';
import { UpstreamError, isAbortError } from '../inference/upstream';
import { mcpToolsEnabled } from '../mcp/mcp-gate';
import type { McpServersRepository } from '../mcp/mcp-servers-repository';

const NO_MODEL = `${STREAM_ERROR_CODES.model_unavailable}: proposing an agent needs a language model (OPENAI_BASE_URL, or a local Ollama)`;
export const DRAFT_UNREADABLE = 'Proposing the agent failed: the language model did not answer with a usable form; try again or describe the agent differently';

/** What the built-in tools do, as the model is told when it picks an agent's tools. */
const TOOL_DESCRIPTIONS: Record<AgentTool, string> = {
  search_documents: 'Searches the documents of the collections (knowledge) for passages.',
  read_document_page: 'Reads a page of a document that a search found.',
  web_search: 'Searches the web.',
};

export interface GenerateAgentOptions {
  models: ModelProvider;
  collections: CollectionsRepository;
  servers: McpServersRepository;
  settings: SettingsRepository;
  /** The built-in tools this server offers (none when CHAT_TOOLS is off; web_search only when configured). */
  tools: readonly AgentTool[];
}

/**
 * POST /api/skills/generate-agent (SPEC section 7; docs/agents.md): from a plain description the
 * model proposes the agent form (structured output), with the "agent workflow detection": whether
 * the agent needs knowledge and which of the user's readable collections fit, whether it needs
 * tools and which of those this server offers. The answer is repaired where the intent is clear
 * and checked with the contract's field schemas; an answer that cannot be a form is a 502
 * upstream_failed. Nothing is stored. 503 without a model, 502/504 when the model fails. Counted
 * against the user's model limits.
 */
export const generateAgentRoutes: FastifyPluginAsyncZod<GenerateAgentOptions> = async (app, { models, collections, servers, settings, tools }) => {
  app.post(
    '/skills/generate-agent',
    { schema: { body: generateAgentRequestSchema, response: { 200: agentDraftSchema } }, config: { modelLimits: true, usageFeature: 'agent_builder' } },
    async (request, reply) => {
      const viewer = request.viewer;
      const [offered, personal, company, serversOn] = await Promise.all([
        models.models(),
        collections.list(viewer, 'personal'),
        collections.list(viewer, 'company'),
        mcpToolsEnabled(settings).catch(() => false),
      ]);
      if (offered.length === 0) return sendError(reply, 503, NO_MODEL, { code: 'model_unavailable' });
      const choices: DraftChoices = {
        collections: [...personal, ...company].map(({ id, name }) => ({ id, name })),
        tools: tools.map((name) => ({ name, description: TOOL_DESCRIPTIONS[name] })),
        servers: serversOn ? (await servers.list()).map(({ id, name }) => ({ id, name })) : [],
      };
      const model = offered[0]!;
      const client = abortWhenClientLeaves(reply);
      let text: string;
      try {
        text = await models.complete({ model, messages: draftMessages(request.body, choices), jsonSchema: DRAFT_JSON_SCHEMA, signal: client.signal });
      } catch (error) {
        if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
        if (error instanceof UpstreamError) {
          const failure = upstreamFailureReply(error, 'Proposing the agent', 'the language model', { unreachableIs503: true, noModelMessage: NO_MODEL });
          request.log.warn({ model, reason: failure.reason, status: error.status, code: failure.code }, 'generate-agent: the model refused');
          return sendError(reply, failure.status, failure.message, { code: failure.code });
        }
        throw error;
      } finally {
        client.dispose();
      }
      const { draft, dropped } = repairDraft(text, choices);
      if (!draft) {
        request.log.warn({ model, characters: text.length, dropped: dropped.toJSON() }, 'generate-agent: the model answered no usable form');
        return sendError(reply, 502, DRAFT_UNREADABLE, { code: 'upstream_failed' });
      }
      if (dropped.total > 0) request.log.warn({ model, dropped: dropped.toJSON() }, 'generate-agent: parts of the proposed form were left out');
      return draft;
    },
  );
};
