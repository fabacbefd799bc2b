// The ask feature's public surface: the question box, the streamed answer and its citations.
export { QuestionForm, type QuestionFormProps } from './components/question-form';
export { AnswerView, type AnswerViewProps } from './components/answer-view';
export { useAskQuestion, type LiveExchange } from './hooks/use-ask-question';
export { sourceAnchor } from './model/citation-links';
