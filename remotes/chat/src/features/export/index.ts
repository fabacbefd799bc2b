// The export feature's public surface: a conversation's "Export…" entry and the list's import.
export { ConversationExportAction } from './components/conversation-export-action';
export { ImportConversations } from './components/import-conversations';
