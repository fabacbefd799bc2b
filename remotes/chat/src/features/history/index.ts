// The history feature's public surface: what the other features and the page use.
export type { ChatHistory, ChatHistoryScope, ScopedChatHistory } from './chat-history';
export { useChatHistory, type UseChatHistory } from './use-chat-history';
// The browser-kept history itself (an import's round trip is tested against it).
export { createLocalHistory } from './local-history';
export { createTemporaryHistory } from './temporary-history';
export { localFailure } from './local-failure';
