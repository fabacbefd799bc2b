import {
  createMcpServerRequestSchema,
  MCP_MAX_SERVERS,
  mcpServerIdParamsSchema,
  mcpServerListResponseSchema,
  mcpServerSchema,
  mcpServerTestResponseSchema,
  userMcpServerListResponseSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdministrator } from '../auth/auth-hook';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import { listMcpTools, MCP_LIST_TIMEOUT_MS, McpUnavailableError } from '../mcp/mcp-client';
import { mcpToolsEnabled } from '../mcp/mcp-gate';
import type { McpServersRepository } from '../mcp/mcp-servers-repository';
import { errorResponses } from '../http/error-responses';
import { noContentResponse } from '../http/declared-responses';

export interface McpServerRoutesOptions {
  servers: McpServersRepository;
  settings: SettingsRepository;
  /** How long "test" waits for a server's tool list (tests shorten it). */
  listTimeoutMs?: number;
}

/**
 * The company's MCP tool servers (docs/mcp.md). Administrators list, register, test and remove
 * them under /admin/mcp-servers (403 for everyone else, before the body is read); a registration's
 * bearer token is stored and never returned. Every signed-in user gets GET /mcp-servers, the ids
 * and names to pick for a conversation: empty unless the feature set is BETA (MCP tools are
 * BETA-only). The browser never talks to an MCP server; this server does.
 */
export const mcpServerRoutes: FastifyPluginAsyncZod<McpServerRoutesOptions> = async (app, { servers, settings, listTimeoutMs }) => {
  app.get('/mcp-servers', { schema: { response: { 200: userMcpServerListResponseSchema } } }, async () => {
    if (!(await mcpToolsEnabled(settings))) return { servers: [] };
    return { servers: (await servers.list()).map(({ id, name }) => ({ id, name })) };
  });

  await app.register(
    async (plugin) => {
      const admin = plugin.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', requireAdministrator);

      admin.get('/', { schema: { response: { 200: mcpServerListResponseSchema } } }, async () => ({ servers: await servers.list() }));

      admin.post('/', { schema: { body: createMcpServerRequestSchema, response: { 201: mcpServerSchema, ...errorResponses(409) } } }, async (request, reply) => {
        const existing = await servers.list();
        if (existing.length >= MCP_MAX_SERVERS) {
          return sendError(reply, 409, `At most ${MCP_MAX_SERVERS} tool servers can be registered; remove one first`, { code: 'conflict' });
        }
        const name = request.body.name.toLocaleLowerCase();
        if (existing.some((server) => server.name.toLocaleLowerCase() === name)) {
          return sendError(reply, 409, 'A tool server with this name is registered already', { code: 'conflict' });
        }
        const created = await servers.create(request.body, request.principal.sub);
        request.log.info({ by: request.principal.sub, server: created.id, has_auth: created.has_auth }, 'MCP server registered');
        return reply.code(201).send(created);
      });

      admin.delete('/:id', { schema: { params: mcpServerIdParamsSchema, response: noContentResponse } }, async (request, reply) => {
        if (!(await servers.delete(request.params.id, request.principal.sub))) return sendError(reply, 404, 'No such tool server');
        request.log.info({ by: request.principal.sub, server: request.params.id }, 'MCP server removed');
        return reply.code(204).send();
      });

      admin.post(
        '/:id/test',
        { schema: { params: mcpServerIdParamsSchema, response: { 200: mcpServerTestResponseSchema } } },
        async (request, reply) => {
          const server = await servers.connection(request.params.id);
          if (!server) return sendError(reply, 404, 'No such tool server');
          // Stops when the administrator's browser goes away.
          const client = abortWhenClientLeaves(reply);
          try {
            const tools = await listMcpTools(server, { signal: client.signal, timeoutMs: listTimeoutMs ?? MCP_LIST_TIMEOUT_MS });
            return { tools: tools.map(({ name, description }) => ({ name, description })) };
          } catch (error) {
            if (client.signal.aborted) return sendError(reply, 499, 'The client closed the request');
            if (!(error instanceof McpUnavailableError)) throw error;
            request.log.info({ server: server.id, reason: error.message }, 'MCP server test failed');
            return error.kind === 'timeout'
              ? sendError(reply, 504, `The tool server ${error.message}`, { code: 'upstream_timeout' })
              : sendError(reply, 502, `The tool server could not be reached or refused: ${error.message}`, { code: 'upstream_failed' });
          } finally {
            client.dispose();
          }
        },
      );
    },
    { prefix: '/admin/mcp-servers' },
  );
};
