// The chat's keyboard shortcuts (docs/chat-ui.md "Keyboard shortcuts"): what the page and the conversation register.
export { useChatPageShortcuts, useCopyLastAnswerShortcut } from './hooks/use-chat-shortcuts';
