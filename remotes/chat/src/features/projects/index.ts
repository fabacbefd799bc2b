// The projects feature's public surface (docs/projects.md): what the page, the side list and the routes use.
export { ConversationProjectActions } from './components/conversation-project-actions';
export { ConversationProjectLink } from './components/conversation-project-link';
export { ProjectPage } from './components/project-page';
export { ProjectsSection } from './components/projects-section';
export { useNewChatProject } from './hooks/use-new-chat-project';
