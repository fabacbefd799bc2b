import type { ServerConfig } from '../config';
import { builtinTools, type BuiltinToolServices } from '../tools/builtin/builtin-tools';
import type { Tool } from '../tools/tool';
import { DEFAULT_RESEARCH_LIMITS, type ResearchLimits } from './research-jobs';
import type { ResearchRun } from './research-repository';

/** The tools of a run's tasks: the built-in ones, document search limited to the run's collections when it names any. */
export function researchTools(services: BuiltinToolServices): (run: ResearchRun) => Tool[] {
  return (run) => builtinTools(services, run.collections.length > 0 ? { collectionIds: run.collections } : undefined);
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
