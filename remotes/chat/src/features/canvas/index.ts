// The canvas feature's public surface: the panel the chat page shows beside the conversation,
// the opener the answers and the composer use, and the store kept where the history is kept.
export { CanvasPanel, type CanvasPanelProps, type CanvasPanelTarget } from './components/canvas-panel';
export { CanvasMenu } from './components/canvas-menu';
export { CanvasOpenerProvider, useCanvasOpener, type CanvasOpener, type CanvasOpenRequest, type OpenCanvas } from './hooks/canvas-opener';
export { titleFromMarkdown } from './model/canvas-files';
export { useCanvasStore, type ScopedCanvasStore } from './store/use-canvas-store';
export { takeCanvasHandoff } from './model/canvas-handoff';
