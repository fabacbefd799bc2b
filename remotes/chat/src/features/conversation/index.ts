// The conversation feature's public surface for other features: the parts of an answer (the
// shared conversation shows them as the conversation does). The chat page composes its files directly.
export { AnswerMeta, AnswerReasoning } from './components/answer-parts';
export { ToolStep } from './components/tool-step';
export { foundDocuments, toolCallsOf } from './model/tool-calls';
// How a new conversation comes into being (the temporary chat creates its own in memory).
export type { ConversationCreation } from './hooks/use-conversation';
