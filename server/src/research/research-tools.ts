import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { mcpTools } from '../mcp/mcp-tools';
import { builtinTools, type BuiltinToolServices } from '../tools/builtin/builtin-tools';
import type { Tool } from '../tools/tool';
import { DEFAULT_RESEARCH_LIMITS, type ResearchLimits } from './research-jobs';
import type { ResearchRun } from './research-repository';

/** Where the tools of a run's MCP servers come from (absent: a run gets the built-in tools only). */
export interface ResearchMcpServices {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The tools of a run's tasks: the built-in ones (document search limited to the run's collections
 * when it names any), and the tools of the MCP servers its chat message picked (`server_ids`).
 * mcpTools checks the feature set again (BETA only) when the execution starts, so a switch made
 * while the run waited for approval holds.
 */
export function researchTools(services: BuiltinToolServices, mcp?: ResearchMcpServices): (run: ResearchRun, signal: AbortSignal) => Promise<Tool[]> {
  return async (run, signal) => {
    const builtin = builtinTools(services, run.collections.length > 0 ? { collectionIds: run.collections } : undefined);
    if (!mcp || run.serverIds.length === 0) return builtin;
    return [...builtin, ...(await mcpTools(run.serverIds, { db: mcp.db, owner: run.owner, signal, log: mcp.log }))];
  };
}

/** The research limits of the server's configuration (RESEARCH_*, TOOL_TIMEOUT_SECONDS, TOOL_MAX_STEPS). */
export function researchLimitsFromConfig(config: Pick<ServerConfig, 'research' | 'tools'>): ResearchLimits {
  return {
    ...DEFAULT_RESEARCH_LIMITS,
    ...config.research,
    toolSteps: config.tools.maxSteps,
    toolTimeoutMs: config.tools.callTimeMs,
  };
}
