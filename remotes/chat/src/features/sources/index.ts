// The sources feature's public surface: what an answer uses.
export { MessageSources } from './components/message-sources';
