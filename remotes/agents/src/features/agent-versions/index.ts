// The agent versions feature's public surface: what the routes use.
export { AgentVersions } from './components/agent-versions';
