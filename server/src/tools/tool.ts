import type { ToolContent } from '@assistant/contracts';
import type { SourceWindow } from '../grounding/source-windows';

/**
 * The one interface every tool the model may call implements: the built-in ones
 * (tools/builtin/) and those of MCP servers (mcp/mcp-tools.ts). The tool-calling loop
 * (tool-loop.ts) runs them; docs/tools.md.
 */

/** What a call knows about who asks. Tools scope every read to `owner` (another user's rows are "not found"). */
export interface ToolContext {
  /** The user's `sub`. */
  owner: string;
  /** Whether the user administers the assistant (company collections are readable by everyone either way). */
  isAdmin: boolean;
  /** The user's groups (what was shared with a group of theirs is theirs to read). */
  groups: readonly string[];
  /** Aborts when the client went away, the call's timeout passed or the loop's time is up. */
  signal: AbortSignal;
  /** The conversation the call belongs to, when there is one (chat). */
  conversationId?: string | undefined;
}

/**
 * A call's result. `source_index` of `content` (and `index` of `windows`) count from 0 within
 * this call: the loop shifts them so they continue across all calls of one answer, and asks
 * `modelText` with the first index it gave this call when it is a function (the model cites
 * source `source_index + 1` as `[n]`).
 */
export interface ToolResult {
  /** What the user sees in the tool step (resource or text parts). */
  content: ToolContent[];
  /**
   * The text the model gets back. The loop quotes it as untrusted data (a JSON string under a
   * note that says it is data, never instructions); tools need not quote it themselves.
   */
  modelText: string | ((firstSourceIndex: number) => string);
  /** Passage windows the content stands for (search_documents), kept for the answer's grounding trace. */
  windows?: SourceWindow[];
}

export interface Tool {
  /** `[a-zA-Z0-9_-]{1,64}`, unique among the tools of one call (MCP tools are prefixed with their server's slug). */
  name: string;
  /** Told to the model: what the tool does and when to use it. */
  description: string;
  /** JSON schema of the arguments (the OpenAI tools API's `function.parameters`). */
  parameters: Record<string, unknown>;
  /**
   * Runs one call. Validates `args` itself (zod) and throws ToolError with a sentence for the
   * user when the call cannot be answered (bad arguments, nothing readable, service down); any
   * other error is logged and shown as a generic failure.
   */
  run(args: unknown, ctx: ToolContext): Promise<ToolResult>;
  /** Longest a call may take; the loop's default (TOOL_TIMEOUT_MS) when absent. */
  timeoutMs?: number;
}

/** The pattern a tool name must match (the OpenAI tools API's rule). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A failure whose message is shown to the user (tool error event) and told to the model; holds no internals. */
export class ToolError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ToolError';
  }
}
