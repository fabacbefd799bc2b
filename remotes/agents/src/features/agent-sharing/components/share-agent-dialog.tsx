import type { Agent } from '@assistant/contracts';
import { agentKeys, useShareDialog } from '@assistant/endpoints';
import { useQueryClient } from '@assistant/platform';
import { ShareDialog } from '@assistant/ui';
import { KnowledgeNotice } from './knowledge-notice';
import '../agent-sharing.css';

export interface ShareAgentDialogProps {
  agent: Pick<Agent, 'id' | 'name'>;
  onClose(): void;
}

/**
 * The UI kit's share dialog for an agent (docs/agents.md "Sharing"): people and groups get "can
 * view" (chat with it, copy it) or "can edit" (save new versions). While the list is edited, the
 * knowledge notice says which of the agent's collections the recipients may not read. Closing it
 * asks the agents again, so their "shared with" badges follow.
 */
export function ShareAgentDialog({ agent, onClose }: ShareAgentDialogProps) {
  const share = useShareDialog('agent', agent.id);
  const client = useQueryClient();
  const close = () => {
    void client.invalidateQueries({ queryKey: agentKeys.all });
    onClose();
  };
  return <ShareDialog {...share} open onClose={close} itemName={agent.name} owner="you" renderNotice={(draft) => <KnowledgeNotice agentId={agent.id} draft={draft} />} />;
}
