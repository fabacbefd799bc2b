import { managesAgent, type AgentsRepository } from '../../agents/agents-repository';
import type { ShareableKind } from '../shareable-kind';

export const COMPANY_AGENT_NOT_SHARED = 'A company agent is everyone’s already; unpublish it to share it with people and groups';

/**
 * Agents (docs/agents.md "Sharing"): a personal agent's owner shares it with people, groups or the
 * company, to use (chat, copy) or to edit (save new versions); editors neither delete nor share
 * it. A company agent is everyone's: its administrators may only stop old shares.
 */
export function agentKind(agents: AgentsRepository): ShareableKind {
  return {
    kind: 'agent',
    roles: ['view', 'edit'],
    async findManageable(viewer, id) {
      const agent = await agents.find(viewer, id);
      if (!agent || !managesAgent(agent, viewer)) return undefined;
      return { id: agent.id, name: agent.name, ownerSub: agent.visibility === 'company' ? null : agent.ownerId };
    },
    nameOf: (ids) => agents.namesOf(ids),
    refuse: (item, update) => (item.ownerSub === null && update.shares.length > 0 ? COMPANY_AGENT_NOT_SHARED : undefined),
  };
}
