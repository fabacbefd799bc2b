import type { ConversationSnapshot } from '@assistant/contracts';
import { ApiRequestError, useQuery } from '@assistant/platform';
import { sharedConversationQuery } from '../api/get-shared-conversation';

export type SharedConversationState =
  | { status: 'loading' }
  /** Never shared with the user, no longer shared (revoked), or a wrong link: the server says the same for all. */
  | { status: 'not-found' }
  | { status: 'failed'; retry(): void }
  | { status: 'ready'; snapshot: ConversationSnapshot };

/** The snapshot of a shared conversation, as the page shows it. */
export function useSharedConversation(id: string): SharedConversationState {
  const query = useQuery(sharedConversationQuery(id));
  if (query.data) return { status: 'ready', snapshot: query.data };
  if (query.error instanceof ApiRequestError && query.error.code === 'not_found') return { status: 'not-found' };
  if (query.isError) return { status: 'failed', retry: () => void query.refetch() };
  return { status: 'loading' };
}
