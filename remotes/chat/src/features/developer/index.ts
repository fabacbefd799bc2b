// The developer feature's public surface (docs/developer-mode.md): an answer's details, the events download.
export { AnswerDetailsPanel } from './components/answer-details-panel';
export { useDownloadEvents } from './hooks/use-download-events';
