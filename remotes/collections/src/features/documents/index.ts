// The documents feature's public surface for the other features of this remote (the search opens
// its hits in the same preview dialog).
export { FilePreviewDialog, type FilePreviewDialogProps, type PreviewFile } from './components/file-preview';
