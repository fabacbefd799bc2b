// The agents feature's public surface: what the routes and the agent form use.
export { useAgentQuery } from './api/get-agent';
export { useCreateAgent } from './api/create-agent';
export { AgentConflictError, useUpdateAgent } from './api/update-agent';
export { AgentIcon } from './components/agent-icon';
export { AgentsPanel } from './components/agents-panel';
export { describeAgentError } from './model/describe-agent-error';
