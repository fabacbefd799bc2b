import type { ToolContent } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { TOOL_NAME_PATTERN, ToolError, type Tool, type ToolContext, type ToolResult } from '../tools/tool';
import { callMcpTool, listMcpTools, MCP_CALL_TIMEOUT_MS, MCP_LIST_TIMEOUT_MS, McpUnavailableError, type McpCallResult, type McpToolInfo } from './mcp-client';
import { mcpToolsEnabled } from './mcp-gate';
import { McpServersRepository, type McpServerConnection } from './mcp-servers-repository';

/** What mcpTools needs besides the server ids. */
export interface McpToolsContext {
  db: Database;
  /** The user's `sub` (logged with each left-out server). */
  owner: string;
  /** The request's signal: listing stops when the client goes away. */
  signal: AbortSignal;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Overrides for tests. */
  listTimeoutMs?: number;
  callTimeoutMs?: number;
}

/**
 * The tools of the MCP servers a user picked for a message (the payload's `server_ids`), as Tools
 * of the tool-calling loop. Empty unless the feature set is BETA. Unknown ids are ignored. The
 * servers are asked for their tools at the same time; a server that fails or is slow to list is
 * left out with a logged reason, so the answer goes on without it. Each tool is named
 * `<server-slug>__<tool>` (unique, OpenAI's name rule) and calls only its own server.
 */
export async function mcpTools(serverIds: readonly string[], ctx: McpToolsContext): Promise<Tool[]> {
  if (serverIds.length === 0) return [];
  if (!(await mcpToolsEnabled(new SettingsRepository(ctx.db)))) return [];
  const servers = await new McpServersRepository(ctx.db).connections(serverIds);
  const listed = await Promise.all(
    servers.map(async (server) => {
      try {
        return { server, tools: await listMcpTools(server, { signal: ctx.signal, timeoutMs: ctx.listTimeoutMs ?? MCP_LIST_TIMEOUT_MS }) };
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        ctx.log.warn({ server: server.id, name: server.name, owner: ctx.owner, reason: error instanceof Error ? error.message : String(error) }, 'MCP server left out: its tools could not be listed');
        return { server, tools: [] };
      }
    }),
  );
  const names = new Set<string>();
  return listed.flatMap(({ server, tools }) =>
    tools.map((tool) => {
      const name = uniqueName(`${slugOf(server.name)}__${tool.name}`, names);
      return wrap(server, tool, name, ctx.callTimeoutMs ?? MCP_CALL_TIMEOUT_MS, ctx.log);
    }),
  );
}

function wrap(server: McpServerConnection, tool: McpToolInfo, name: string, timeoutMs: number, log: Pick<FastifyBaseLogger, 'warn'>): Tool {
  return {
    name,
    description: `${tool.description || tool.name} (tool server "${server.name}")`,
    parameters: tool.inputSchema,
    // A little longer than the call's own deadline, so the call's readable timeout error wins.
    timeoutMs: timeoutMs + 1000,
    async run(args: unknown, ctx: ToolContext): Promise<ToolResult> {
      if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
        throw new ToolError(`The arguments for ${name} must be an object.`);
      }
      let result: McpCallResult;
      try {
        result = await callMcpTool(server, tool.name, (args ?? {}) as Record<string, unknown>, { signal: ctx.signal, timeoutMs });
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        if (!(error instanceof McpUnavailableError)) throw error;
        log.warn({ server: server.id, tool: tool.name, reason: error.message }, 'MCP tool call failed');
        throw new ToolError(
          error.kind === 'timeout'
            ? `The tool server "${server.name}" did not answer in time.`
            : `The tool server "${server.name}" did not answer.`,
          { cause: error },
        );
      }
      if (result.isError) {
        const reason = result.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ').slice(0, 500);
        throw new ToolError(`The tool ${tool.name} of "${server.name}" reported an error${reason ? `: ${reason}` : '.'}`);
      }
      return toolResult(result);
    },
  };
}

/** The user sees each part (text, or the resource's name); the model gets the text of all of them. */
function toolResult(result: McpCallResult): ToolResult {
  const content: ToolContent[] = result.parts.map((part, index) =>
    part.type === 'text'
      ? { type: 'text', text: part.text, source_index: index }
      : { type: 'resource', resource: { uri: part.uri, mimeType: part.mimeType, metadata: part.title ? { title: part.title } : {} }, source_index: index },
  );
  const modelText = result.parts
    .map((part) => (part.type === 'text' ? part.text : [`Resource ${part.uri} (${part.mimeType})${part.title ? `: ${part.title}` : ''}`, part.text].filter(Boolean).join('\n')))
    .join('\n\n');
  return { content, modelText: modelText || '(The tool returned nothing.)' };
}

/** A server's name as a tool-name prefix: lower-case ASCII letters, digits and '-', at most 24 characters. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return slug || 'mcp';
}

/** `wanted` made to fit TOOL_NAME_PATTERN and unique among `taken` (a number appended when needed). */
function uniqueName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  let name = base;
  for (let n = 2; taken.has(name); n += 1) {
    const suffix = `_${n}`;
    name = base.slice(0, 64 - suffix.length) + suffix;
  }
  if (!TOOL_NAME_PATTERN.test(name)) throw new Error(`Tool name ${name} breaks the name rule`);
  taken.add(name);
  return name;
}
