import type { Message } from '@assistant/contracts';
import { useResearchStateQuery } from '../api/get-research-state';

/**
 * The research run the composer's next message answers: the branch's last answer is a run asking
 * its clarifying question (its state `awaiting_clarification`, and this answer is the run's
 * current one). undefined otherwise, also while the state loads.
 */
export function useResearchReply(lastMessage: Message | undefined, enabled: boolean): string | undefined {
  const researchId = enabled && lastMessage?.role === 'assistant' ? lastMessage.research_id : undefined;
  const { data: state } = useResearchStateQuery(researchId);
  if (!researchId || !state || state.status !== 'awaiting_clarification') return undefined;
  return state.assistant_message_id === null || state.assistant_message_id === lastMessage!.message_id ? researchId : undefined;
}
