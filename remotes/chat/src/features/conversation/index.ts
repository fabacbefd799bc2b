// The conversation feature's public surface for other features: the parts of an answer (the
// shared conversation shows them as the conversation does). The chat page composes its files directly.
export { AnswerMeta, AnswerReasoning } from './components/answer-parts';
export { ToolStep } from './components/tool-step';
export { foundDocuments, toolCallsOf } from './model/tool-calls';
// What an export of a conversation reads (features/export): the messages' query, grounded answers, an answer's text.
export { messagesQuery } from './api/get-messages';
export { isGrounded } from './model/tool-calls';
export { markdownToPlainText } from './model/plain-text';
// How a new conversation comes into being (the temporary chat creates its own in memory).
export type { ConversationCreation } from './hooks/use-conversation';
