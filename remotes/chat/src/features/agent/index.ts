// The agent feature's public surface: the agent a conversation is with (docs/agents.md).
export { AgentIntro, type AgentIntroProps } from './components/agent-intro';
