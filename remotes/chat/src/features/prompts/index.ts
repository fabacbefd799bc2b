// The prompt library (docs/prompts.md): what the composer and the page route use.
export { PromptPicker } from './components/prompt-picker';
export { PromptVariablesHint } from './components/prompt-variables-hint';
export { usePromptPicker } from './hooks/use-prompt-picker';
export { PromptLibrary } from './components/prompt-library';
export { promptHandoffState } from './model/prompt-handoff';
