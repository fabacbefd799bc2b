import type { DeepResearchEvent } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { SourceWindow } from '../grounding/source-windows';
import type { ModelProvider } from '../inference/model-provider';
import { startToolLoop } from '../tools/tool-loop';
import { ToolError, type Tool } from '../tools/tool';
import { taskMessages } from './research-prompts';
import { toolResultText } from './tool-result-text';
import type { ResearchRun, ResearchTask } from './research-repository';

/** What each known tool does, in words for the user (the execution event's `capability`). */
const CAPABILITIES: Record<string, string> = {
  search_documents: 'document search',
  read_document_page: 'document reading',
  web_search: 'web search',
};
/** An MCP server's tool is named `<server-slug>__<tool>` (mcp/mcp-tools.ts): its capability names the server. */
const MCP_TOOL_NAME = /^([a-z0-9-]+)__./;
export const capabilityOf = (toolName: string) => {
  const server = MCP_TOOL_NAME.exec(toolName)?.[1];
  return CAPABILITIES[toolName] ?? (server ? `tool server ${server}` : 'tool');
};

export interface TaskLimits {
  maxToolCalls: number;
  maxSteps: number;
  loopTimeMs: number;
  toolTimeoutMs: number;
}

export interface TaskRunInput {
  models: Pick<ModelProvider, 'streamChat'>;
  model: string;
  run: ResearchRun;
  task: ResearchTask;
  /** The owner's groups as the directory last saw them (the run outlives its request). */
  groups: readonly string[];
  tools: readonly Tool[];
  limits: TaskLimits;
  signal: AbortSignal;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Appends an execution event of this task. */
  emit: (event: Omit<Extract<DeepResearchEvent, { stage: 'execution' }>, 'research_id' | 'stage' | 'task_id'>) => Promise<void>;
}

export interface TaskRunResult {
  /** The model's findings, citing [n] in this task's own numbering (window index + 1). */
  findings: string;
  windows: SourceWindow[];
  toolCalls: ResearchTask['tool_calls'];
}

/** The tools, each call counted: past `max` calls of this task a call is a tool error the model is told. */
function countedTools(tools: readonly Tool[], max: number): Tool[] {
  let calls = 0;
  return tools.map((tool) => ({
    ...tool,
    run: (args, ctx) => {
      calls += 1;
      if (calls > max) return Promise.reject(new ToolError(`A research task may call tools at most ${max} times; answer from what was found.`));
      return tool.run(args, ctx);
    },
  }));
}

/**
 * One plan task: the shared tool loop (tools/tool-loop.ts) with the built-in tools (and the run's
 * MCP servers' tools), bounded in
 * steps, time and calls; each tool call is an `in_progress` execution event with its tool,
 * capability, call id and arguments, and another under the same call id when it ended, with its
 * result text or its error. A failing call is told to the model and kept in the task's state; the
 * task goes on.
 */
export async function runTask(input: TaskRunInput): Promise<TaskRunResult> {
  const { limits } = input;
  const loop = await startToolLoop({
    models: input.models,
    request: { model: input.model, messages: taskMessages(input.run, input.task) },
    tools: countedTools(input.tools, limits.maxToolCalls),
    context: { owner: input.run.owner, isAdmin: false, groups: input.groups, conversationId: input.run.conversationId ?? undefined },
    signal: input.signal,
    log: input.log,
    maxSteps: limits.maxSteps,
    timeMs: limits.loopTimeMs,
    toolTimeoutMs: limits.toolTimeoutMs,
  });
  let findings = '';
  const toolCalls: ResearchTask['tool_calls'] = [];
  for await (const delta of loop.deltas) {
    if (delta.channel === 'answer') findings += delta.text;
    if (delta.channel !== 'tool') continue;
    const event = delta.event;
    const call = { task_status: 'in_progress' as const, tool_name: event.name, capability: capabilityOf(event.name), tool_call_id: event.call_id };
    if (event.type === 'begin') {
      const argsJson = JSON.stringify(event.args ?? {});
      toolCalls.push({ tool_call_id: event.call_id, tool_name: event.name, args_json: argsJson });
      await input.emit({ ...call, args_json: argsJson });
      continue;
    }
    // The call ended: told again under its id, with what it returned or why it failed.
    const known = toolCalls.find((c) => c.tool_call_id === event.call_id);
    if (event.type === 'error') {
      if (known) known.error = event.message;
      await input.emit({ ...call, tool_error: event.message });
    } else {
      const result = toolResultText(event.content);
      if (known) known.result = result;
      await input.emit({ ...call, tool_result: result });
    }
  }
  if (input.signal.aborted) throw input.signal.reason as Error;
  return { findings: findings.trim(), windows: loop.windows, toolCalls };
}
