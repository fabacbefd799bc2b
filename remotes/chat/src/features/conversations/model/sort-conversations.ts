import type { Conversation } from '@assistant/contracts';

/** Most recently updated first (the list's order, also after a rename). */
export function sortConversations(list: readonly Conversation[]): Conversation[] {
  return [...list].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
}
