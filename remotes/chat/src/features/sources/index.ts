// The sources feature's public surface: what an answer uses, and a shared answer's stored sources.
export { MessageSources } from './components/message-sources';
export { SnapshotSources } from './components/snapshot-sources';
export { getMessageSources } from './api/get-message-sources';
