// The sharing feature's public surface: the open conversation's "Share", and the shared conversation's page.
export { ShareConversationButton } from './components/share-conversation-button';
export { SharedConversationView } from './components/shared-conversation-view';
