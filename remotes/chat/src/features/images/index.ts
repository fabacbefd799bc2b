// The images feature's public surface: what the attachments and the conversation view use.
export { ImageThumbnail } from './components/image-thumbnail';
export { QuestionImages } from './components/question-images';
export { useImagePaste } from './hooks/use-image-paste';
export { useImageRules } from './hooks/use-image-rules';
export { IMAGE_MAX_MB, imagesOf } from './model/image-support';
