import { STREAM_CONTENT_TYPE } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

/** Where a conversation's raw events are (GET /api/conversations/{id}/events.jsonl; docs/developer-mode.md). */
export const conversationEventsPath = (conversationId: string) => `conversations/${encodeURIComponent(conversationId)}/events.jsonl`;

/** The raw stream events of the conversation's answers given in developer mode, as JSON lines. */
export async function getConversationEvents(conversationId: string): Promise<Blob> {
  const response = await apiClients().api.request('GET', conversationEventsPath(conversationId), undefined, { accept: STREAM_CONTENT_TYPE });
  return new Blob([await response.text()], { type: STREAM_CONTENT_TYPE });
}
