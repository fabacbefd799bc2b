import type { RunToolCall } from './research-run';

/** The built-in tools whose calls are named in the interface language (the rest by their own name). */
const BUILTIN_TOOLS = ['search_documents', 'read_document_page', 'web_search'] as const;
type BuiltinTool = (typeof BUILTIN_TOOLS)[number];

/**
 * What a task's tool call says in its folded summary: a built-in tool by its localized key with the
 * argument a person recognises (the search words, the page), any other tool (an MCP server's) by
 * its name. The arguments are the model's and untrusted: only strings and numbers are taken, as text.
 */
export function toolCallSummary(call: Pick<RunToolCall, 'toolName' | 'argsJson'>): { key: `research.tools.${BuiltinTool}`; values: Record<string, string> } | undefined {
  if (!(BUILTIN_TOOLS as readonly string[]).includes(call.toolName)) return undefined;
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(call.argsJson ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
  } catch {
    // Arguments that are no JSON object: the summary goes without them.
  }
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return { key: `research.tools.${call.toolName as BuiltinTool}`, values: { query: text(args.query), page: text(args.page) } };
}
