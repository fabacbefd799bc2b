// The temporary chat's public surface (docs/chat-ui.md "Temporary chat"): what the chat page inserts.
export { EndTemporaryChatDialog } from './components/end-temporary-chat-dialog';
export { TemporaryChatBanner } from './components/temporary-chat-banner';
export { TemporaryChatToggle } from './components/temporary-chat-toggle';
export { useTemporaryChat, type TemporaryChat } from './hooks/use-temporary-chat';
