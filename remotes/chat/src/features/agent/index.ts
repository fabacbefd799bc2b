// The agent feature's public surface: the agent a conversation is with (docs/agents.md).
export { useAgentQuery } from './api/get-agent';
export { AgentIntro, type AgentIntroProps } from './components/agent-intro';
