// The conversation feature's public surface for other features: an answer's tool steps (the
// shared conversation shows them as the conversation does). The chat page composes its files directly.
export { ToolStep } from './components/tool-step';
export { foundDocuments, toolCallsOf } from './model/tool-calls';
