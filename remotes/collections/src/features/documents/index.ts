// The documents feature's public surface for the other features of this remote (the search opens
// its hits in the same preview dialog; the document libraries word an ingestion failure and a
// size as the documents list does).
export { FilePreviewDialog, type FilePreviewDialogProps, type PreviewFile } from './components/file-preview';
export { dataCodeText } from './components/data-code-text';
export { formatFileSize } from './model/format-size';
