// The agents feature's public surface: what the routes and the agent form use.
export { useAgentVersionQuery } from './api/get-agent-version';
export { useAgentVersionsQuery, type AgentVersionSummary } from './api/get-agent-versions';
export { useCreateAgent } from './api/create-agent';
export { AgentConflictError, useUpdateAgent } from './api/update-agent';
export { AgentsPanel } from './components/agents-panel';
export { describeAgentError } from './model/describe-agent-error';
