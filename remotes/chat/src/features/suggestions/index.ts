// An empty conversation's suggestions from the user's apps (docs/chat-ui.md "Layout").
export { AppSuggestions } from './components/app-suggestions';
