import type { ScopedChatHistory } from './chat-history';
import { createLocalHistory } from './local-history';
import { memoryRecords } from './local-records';
import { withScope } from './use-chat-history';

/**
 * A temporary chat's history (docs/chat-ui.md "Temporary chat"): the browser-kept history's rules
 * (the question placed in the tree, the branch sent to the stateless POST chat/stream, the name
 * taken from the first question, no title call) over this tab's memory instead of IndexedDB, and
 * each question marked `temporary` for the server. Every call makes a new, empty one; nothing of
 * it is left once it is dropped or the tab closes.
 */
export function createTemporaryHistory(): ScopedChatHistory {
  const chat = crypto.randomUUID();
  return withScope(createLocalHistory({ userSub: chat, records: memoryRecords(), temporary: true }), { kind: 'temporary', chat });
}
