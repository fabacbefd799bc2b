import { apiClients } from '@assistant/platform';

const sourcesPath = (conversationId: string, messageId: string) =>
  `conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/sources`;

/**
 * POST /api/conversations/{id}/messages/{messageId}/sources: starts computing the answer's
 * in-context sources (SPEC section 7). Asking twice starts nothing new.
 */
export function triggerMessageSources(conversationId: string, messageId: string): Promise<void> {
  return apiClients().api.postVoid(sourcesPath(conversationId, messageId));
}

export { sourcesPath };
