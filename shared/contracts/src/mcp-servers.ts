import { z } from 'zod';
import { isoDateTimeSchema, MESSAGES, uuidSchema } from './common';

/**
 * The company's MCP (Model Context Protocol) tool servers: administrators register them under
 * /api/admin/mcp-servers, users pick them for a conversation (`server_ids` of the message payload)
 * from GET /api/mcp-servers. Only the server talks to an MCP server (docs/mcp.md).
 */

/** Longest display name of a tool server. */
export const MCP_SERVER_NAME_MAX_LENGTH = 80;
/** Longest URL of a tool server's streamable HTTP endpoint. */
export const MCP_SERVER_URL_MAX_LENGTH = 2048;
/** Longest bearer token sent to a tool server. */
export const MCP_BEARER_TOKEN_MAX_LENGTH = 4096;
/** Most tool servers one portal registers. */
export const MCP_MAX_SERVERS = 50;
/** Most tools of one server that are listed and offered to the model; more are left out. */
export const MCP_MAX_TOOLS_PER_SERVER = 64;
/** Longest tool name and description shown or given to the model; longer ones are cut. */
export const MCP_TOOL_NAME_MAX_LENGTH = 64;
export const MCP_TOOL_DESCRIPTION_MAX_LENGTH = 1024;

/** A tool server's endpoint: an absolute http or https URL without user info. */
export const mcpServerUrlSchema = z
  .url({ protocol: /^https?$/, message: MESSAGES.url })
  .max(MCP_SERVER_URL_MAX_LENGTH, `Must not be longer than ${MCP_SERVER_URL_MAX_LENGTH} characters`)
  .refine((url) => {
    // zod runs this even after the URL check failed: an unparsable value is that check's to report.
    if (!URL.canParse(url)) return true;
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '';
  }, 'Must not contain a user name or password; use the bearer token');

export const mcpServerNameSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.empty)
  .max(MCP_SERVER_NAME_MAX_LENGTH, `Must not be longer than ${MCP_SERVER_NAME_MAX_LENGTH} characters`);

/** A registration as administrators see it. The bearer token is never returned, only whether there is one. */
export const mcpServerSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  url: z.string(),
  has_auth: z.boolean(),
  created_at: isoDateTimeSchema,
});
export type McpServer = z.infer<typeof mcpServerSchema>;

/** GET /api/admin/mcp-servers */
export const mcpServerListResponseSchema = z.object({ servers: z.array(mcpServerSchema) });
export type McpServerListResponse = z.infer<typeof mcpServerListResponseSchema>;

/** POST /api/admin/mcp-servers. An empty token counts as none. */
export const createMcpServerRequestSchema = z.strictObject({
  name: mcpServerNameSchema,
  url: mcpServerUrlSchema,
  bearer_token: z
    .string()
    .trim()
    .max(MCP_BEARER_TOKEN_MAX_LENGTH, `Must not be longer than ${MCP_BEARER_TOKEN_MAX_LENGTH} characters`)
    .regex(/^[\x21-\x7e]*$/, 'Must be printable characters without spaces')
    .optional()
    .transform((token) => (token ? token : undefined)),
});
export type CreateMcpServerRequest = z.infer<typeof createMcpServerRequestSchema>;
export type CreateMcpServerRequestInput = z.input<typeof createMcpServerRequestSchema>;

/** Path parameters of /api/admin/mcp-servers/{id} and .../{id}/test. */
export const mcpServerIdParamsSchema = z.object({ id: uuidSchema });

export const mcpToolSummarySchema = z.object({ name: z.string(), description: z.string() });
export type McpToolSummary = z.infer<typeof mcpToolSummarySchema>;

/**
 * POST /api/admin/mcp-servers/{id}/test: the tools the server lists (at most
 * MCP_MAX_TOOLS_PER_SERVER). When the tool server cannot be reached or refuses, the answer is
 * 502 `upstream_failed`; when it does not answer in time, 504 `upstream_timeout`; the message
 * says why, for the administrator.
 */
export const mcpServerTestResponseSchema = z.object({ tools: z.array(mcpToolSummarySchema) });
export type McpServerTestResponse = z.infer<typeof mcpServerTestResponseSchema>;

/** GET /api/mcp-servers: what a user may pick for a conversation (id and name only). */
export const mcpServerChoiceSchema = z.object({ id: uuidSchema, name: z.string() });
export const userMcpServerListResponseSchema = z.object({ servers: z.array(mcpServerChoiceSchema) });
export type UserMcpServerListResponse = z.infer<typeof userMcpServerListResponseSchema>;
