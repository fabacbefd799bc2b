/**
 * The root of the chat's conversation keys (remotes/chat/src/query-keys.ts: the list, searches,
 * messages, files and sources all start with it). The chat's keys are its own; the shell only
 * needs the root, to ask every one of them again after deleting all the user's conversations.
 */
export const conversationKeysRoot = ['conversations'] as const;
