import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { APP_NAME, APP_VERSION, MCP_MAX_TOOLS_PER_SERVER, MCP_TOOL_DESCRIPTION_MAX_LENGTH, MCP_TOOL_NAME_MAX_LENGTH } from '@assistant/contracts';
import type { McpServerConnection } from './mcp-servers-repository';

/**
 * The one place the server talks to an MCP server (streamable HTTP, @modelcontextprotocol/sdk).
 * Everything that comes back is untrusted: every answer's size is bounded, only text is kept, and
 * the bearer token goes to the registered URL alone (no redirect is followed with it).
 */

/**
 * The SDK, loaded at the first call: it costs about 0.3 s of CPU to load, paid otherwise by every
 * server start and test process, most of which never meet an MCP server.
 */
async function loadSdk() {
  const [client, auth, http] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/auth.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return { Client: client.Client, UnauthorizedError: auth.UnauthorizedError, ...http };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;
let sdk: Promise<Sdk> | undefined;

/** Longest wait for a server to list its tools (connect included). */
export const MCP_LIST_TIMEOUT_MS = 10_000;
/** Longest wait for one tool call (connect included). */
export const MCP_CALL_TIMEOUT_MS = 30_000;
/** Most bytes of one HTTP answer of an MCP server; a longer one fails the request. */
export const MCP_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
/** Largest JSON schema of a tool's arguments (as JSON text) given to the model; tools with larger ones are left out. */
export const MCP_MAX_SCHEMA_CHARACTERS = 16_000;
/** Most characters of one tool result's text kept (all parts together). */
export const MCP_MAX_RESULT_CHARACTERS = 20_000;

/** Why an MCP server could not be used: `timeout` (did not answer in time) or `failed` (refused, unreachable, invalid). */
export class McpUnavailableError extends Error {
  constructor(
    readonly kind: 'timeout' | 'failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'McpUnavailableError';
  }
}

/** A tool as an MCP server lists it, bounded and checked. */
export interface McpToolInfo {
  name: string;
  description: string;
  /** JSON schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
}

/** One part of a tool's result, text only. */
export type McpResultPart =
  | { type: 'text'; text: string }
  | { type: 'resource'; uri: string; mimeType: string; title: string | undefined; text: string | undefined };

export interface McpCallResult {
  parts: McpResultPart[];
  /** The tool said the call failed (MCP `isError`); the parts say why. */
  isError: boolean;
}

interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/** Lists a server's tools (at most MCP_MAX_TOOLS_PER_SERVER; tools with bad names or oversized schemas left out). */
export async function listMcpTools(server: McpServerConnection, options: CallOptions = {}): Promise<McpToolInfo[]> {
  return withClient(server, options.timeoutMs ?? MCP_LIST_TIMEOUT_MS, options.signal, async (client, signal) => {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    // Paged lists are followed until enough tools are found; a server that pages forever hits the timeout.
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { signal, timeout: options.timeoutMs ?? MCP_LIST_TIMEOUT_MS });
      for (const tool of page.tools) {
        const checked = checkedTool(tool);
        if (checked) tools.push(checked);
        if (tools.length >= MCP_MAX_TOOLS_PER_SERVER) return tools;
      }
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  });
}

/** Calls one tool; its result is reduced to bounded text parts. */
export async function callMcpTool(
  server: McpServerConnection,
  name: string,
  args: Record<string, unknown>,
  options: CallOptions = {},
): Promise<McpCallResult> {
  const timeoutMs = options.timeoutMs ?? MCP_CALL_TIMEOUT_MS;
  return withClient(server, timeoutMs, options.signal, async (client, signal) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { signal, timeout: timeoutMs });
    return { parts: resultParts(result), isError: result.isError === true };
  });
}

/** Connects, runs `work`, and always closes the connection; every failure becomes McpUnavailableError. */
async function withClient<T>(
  server: McpServerConnection,
  timeoutMs: number,
  outer: AbortSignal | undefined,
  work: (client: Client, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { Client, StreamableHTTPClientTransport, ...errors } = await (sdk ??= loadSdk());
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    // The token is for this URL only: a redirect elsewhere is refused rather than followed with it.
    requestInit: { redirect: 'error', headers: server.bearerToken ? { authorization: `Bearer ${server.bearerToken}` } : {} },
    fetch: boundedFetch(MCP_MAX_RESPONSE_BYTES),
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
  });
  const client = new Client({ name: APP_NAME, version: APP_VERSION });
  // A protocol or transport error after the answer (e.g. the optional notification stream) is not the call's failure.
  client.onerror = () => {};
  try {
    const aborted = new Promise<never>((_resolve, reject) => {
      const fail = () => reject(signal.reason);
      if (signal.aborted) fail();
      else signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => {});
    return await Promise.race([client.connect(transport, { signal, timeout: timeoutMs }).then(() => work(client, signal)), aborted]);
  } catch (error) {
    if (outer?.aborted) throw outer.reason ?? error;
    if (deadline.aborted || isTimeout(error)) {
      throw new McpUnavailableError('timeout', `did not answer within ${Math.round(timeoutMs / 1000)} s`, { cause: error });
    }
    throw new McpUnavailableError('failed', describe(error, errors), { cause: error });
  } finally {
    await client.close().catch(() => {});
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || /timed? ?out/i.test(error.message));
}

/** A short reason for an administrator's eyes, without the server's own answer text or a token. */
function describe(error: unknown, { StreamableHTTPError, UnauthorizedError }: Pick<Sdk, 'StreamableHTTPError' | 'UnauthorizedError'>): string {
  if (error instanceof StreamableHTTPError && typeof error.code === 'number' && error.code > 0) {
    if (error.code === 401 || error.code === 403) return `it refused the bearer token (HTTP ${error.code})`;
    return `it answered HTTP ${error.code}`;
  }
  if (error instanceof UnauthorizedError) return 'it asks for a bearer token (HTTP 401)';
  let message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  if (/fetch failed/i.test(message) && cause) message = `${message} (${cause})`;
  return message.replace(/Bearer\s+\S+/gi, 'Bearer …').slice(0, 300) || 'unknown error';
}

/** fetch whose answer body fails once it passes `maxBytes`, so a server cannot flood the process. */
function boundedFetch(maxBytes: number): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (!response.body) return response;
    const declared = Number(response.headers.get('content-length'));
    if (declared > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    let seen = 0;
    const limited = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(new Error(`the answer is larger than ${maxBytes} bytes`));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

const TOOL_NAME = /^[A-Za-z0-9_.-]+$/;

function checkedTool(tool: { name: unknown; description?: unknown; title?: unknown; inputSchema: unknown }): McpToolInfo | undefined {
  if (typeof tool.name !== 'string' || tool.name.length > MCP_TOOL_NAME_MAX_LENGTH || !TOOL_NAME.test(tool.name)) return undefined;
  const schema = tool.inputSchema;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  if (JSON.stringify(schema).length > MCP_MAX_SCHEMA_CHARACTERS) return undefined;
  const described = typeof tool.description === 'string' ? tool.description : typeof tool.title === 'string' ? tool.title : '';
  return {
    name: tool.name,
    description: oneLine(described).slice(0, MCP_TOOL_DESCRIPTION_MAX_LENGTH),
    inputSchema: { ...(schema as Record<string, unknown>), type: 'object' },
  };
}

function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters of an untrusted text are dropped on purpose
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** Text and resources of a call's result, within MCP_MAX_RESULT_CHARACTERS; images and audio are named, not kept. */
function resultParts(result: Record<string, unknown>): McpResultPart[] {
  const parts: McpResultPart[] = [];
  let budget = MCP_MAX_RESULT_CHARACTERS;
  const take = (text: string): string => {
    const kept = text.slice(0, Math.max(0, budget));
    budget -= kept.length;
    return kept.length < text.length ? `${kept} […]` : kept;
  };
  const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  for (const item of content) {
    if (budget <= 0) break;
    if (!item || typeof item !== 'object') continue;
    const part = item as Record<string, unknown>;
    if (part.type === 'text' && typeof part.text === 'string') {
      parts.push({ type: 'text', text: take(part.text) });
    } else if (part.type === 'resource' && part.resource && typeof part.resource === 'object') {
      const resource = part.resource as Record<string, unknown>;
      if (typeof resource.uri !== 'string' || !resource.uri) continue;
      parts.push({
        type: 'resource',
        uri: resource.uri.slice(0, 2048),
        mimeType: typeof resource.mimeType === 'string' ? resource.mimeType.slice(0, 255) : 'text/plain',
        title: typeof resource.title === 'string' ? oneLine(resource.title).slice(0, 255) : undefined,
        // Binary resources (blob) are not read: text only.
        text: typeof resource.text === 'string' ? take(resource.text) : undefined,
      });
    } else if (part.type === 'resource_link' && typeof part.uri === 'string' && part.uri) {
      parts.push({
        type: 'resource',
        uri: part.uri.slice(0, 2048),
        mimeType: typeof part.mimeType === 'string' ? part.mimeType.slice(0, 255) : 'application/octet-stream',
        title: typeof part.title === 'string' ? oneLine(part.title).slice(0, 255) : typeof part.name === 'string' ? oneLine(part.name).slice(0, 255) : undefined,
        text: undefined,
      });
    } else if (part.type === 'image' || part.type === 'audio') {
      parts.push({ type: 'text', text: take(`[${part.type} left out]`) });
    }
  }
  if (parts.length === 0 && result.structuredContent && typeof result.structuredContent === 'object') {
    parts.push({ type: 'text', text: take(JSON.stringify(result.structuredContent)) });
  }
  return parts;
}
