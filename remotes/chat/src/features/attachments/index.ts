// The attachments feature's public surface: what the conversation view uses.
export { AttachButton } from './components/attach-button';
export { AttachmentChips } from './components/attachment-chips';
export { QuestionAttachments } from './components/question-attachments';
export { useAttachments, type Attachments } from './hooks/use-attachments';
export type { AttachmentItem } from './model/attachment-item';
