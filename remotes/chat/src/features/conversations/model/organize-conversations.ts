import type { Conversation } from '@assistant/contracts';

export interface OrganizedConversations {
  /** Pinned and not archived, the latest pin first. */
  pinned: Conversation[];
  /** Neither pinned nor archived: the date groups. */
  others: Conversation[];
  /** Archived (pinned or not), as the list had them: out of the list, in "Archived chats". */
  archived: Conversation[];
}

/** When a conversation was pinned, for the order (a pin without its time counts as the oldest). */
const pinTime = (conversation: Conversation) => (conversation.pinned_at ? Date.parse(conversation.pinned_at) : 0);

/** The list's parts: the pinned group at the top, the rest by date, the archived ones apart. */
export function organizeConversations(conversations: readonly Conversation[]): OrganizedConversations {
  const archived = conversations.filter((conversation) => conversation.archived);
  const kept = conversations.filter((conversation) => !conversation.archived);
  return {
    pinned: kept.filter((conversation) => conversation.pinned).sort((a, b) => pinTime(b) - pinTime(a)),
    others: kept.filter((conversation) => !conversation.pinned),
    archived,
  };
}
