// The agent sharing feature's public surface: the list and the agent's page open its dialog.
export { ShareAgentDialog } from './components/share-agent-dialog';
