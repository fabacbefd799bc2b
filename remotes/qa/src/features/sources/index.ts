// The sources feature's public surface: computing and polling an answer's sources, the panel, the preview.
export { useAnswerSources, type AnswerSourcesState } from './hooks/use-answer-sources';
export { SourcesPanel, type SourcesPanelProps } from './components/sources-panel';
export { SourcePreviewDialog, type SourcePreviewDialogProps } from './components/source-preview-dialog';
export { SOURCES_POLL_INTERVAL_MS } from './api/get-sources';
