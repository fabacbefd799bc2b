import { Markdown } from '@assistant/ui';
import { useResearchStateQuery } from '../api/get-research-state';
import { ResearchPanel } from './research-panel';

export interface ResearchAnswerProps {
  researchId: string;
  messageId: string;
  /** The answer's stored text: for an earlier answer of the run, its clarifying question. */
  content: string;
  conversationId: string | undefined;
  announce?: (text: string) => void;
}

/**
 * An answer that belongs to a research run: the run's current answer (its state's
 * assistant_message_id, or while the state loads) shows the run; an earlier one (it asked the
 * clarifying question, the reply got a new answer) shows its text like any answer.
 */
export function ResearchAnswer({ researchId, messageId, content, conversationId, announce }: ResearchAnswerProps) {
  const { data: state } = useResearchStateQuery(researchId);
  const current = !state || state.assistant_message_id === null || state.assistant_message_id === messageId;
  if (!current) return content !== '' ? <Markdown text={content} headingOffset={3} /> : null;
  return <ResearchPanel researchId={researchId} messageId={messageId} conversationId={conversationId} announce={announce} />;
}
