import { conversationKeysRoot } from '@assistant/endpoints';
import type { ChatHistoryScope } from './features/history';

/**
 * The query keys of the server data only this remote reads (docs/platform.md "server state"); the
 * keys of what other remotes read too (QA resources, tool servers, agents) are those of
 * `@assistant/endpoints`. In one place:
 * every key starts with the resource, so a change invalidates all that depends on it with one
 * prefix. Conversations and their messages carry the history's scope (server, or this browser's
 * for one user: features/history), so one history's data never shows in the other.
 */
export const conversationKeys = {
  /** The root, shared: the shell asks every conversation query again after deleting all the user's conversations. */
  all: conversationKeysRoot,
  /** Both histories' lists (a share changes what a list says of the conversation). */
  lists: ['conversations', 'list'] as const,
  list: (scope: ChatHistoryScope) => ['conversations', 'list', scope] as const,
  /** The messages of every conversation (a research run that ended changed its answer's text). */
  allMessages: ['conversations', 'messages'] as const,
  messages: (scope: ChatHistoryScope, conversationId: string) => ['conversations', 'messages', scope, conversationId] as const,
  /** Every search of one history (invalidated together when its list changed). */
  searches: (scope: ChatHistoryScope) => ['conversations', 'search', scope] as const,
  /** One search: its words as searched (lower case, each once, in order). */
  search: (scope: ChatHistoryScope, words: readonly string[]) => ['conversations', 'search', scope, words.join(' ')] as const,
  /** The files uploaded into a conversation (the server's history only: the browser-kept one has none). */
  files: (conversationId: string) => ['conversations', 'files', conversationId] as const,
  /** The bytes of an image a question was sent with (features/images; the server's history only). */
  image: (fileId: string) => ['conversations', 'image', fileId] as const,
  /** The in-context sources of one answer (the server's history only). */
  sources: (conversationId: string, messageId: string) => ['conversations', 'sources', conversationId, messageId] as const,
};

/** Read aloud's server side (features/voice): whether a text-to-speech model is configured. */
export const speechKeys = {
  config: ['speech', 'config'] as const,
};

/**
 * Shared conversations' snapshots (docs/chat.md "Sharing a conversation"): always the server's,
 * whichever history the user keeps, so they carry no scope.
 */
export const sharedConversationKeys = {
  all: ['shared-conversations'] as const,
  one: (id: string) => ['shared-conversations', id] as const,
};

/**
 * Deep research runs (docs/deep-research.md): a run's state (GET research/{id}), shared by the
 * panel that shows the run and the composer that answers its clarifying question.
 */
export const researchKeys = {
  all: ['research'] as const,
  state: (researchId: string) => ['research', 'state', researchId] as const,
};

/**
 * The canvases of a conversation (docs/canvas.md), kept where its history is kept (the scope):
 * a canvas's current document, its versions and one version's text.
 */
export const canvasKeys = {
  all: ['canvases'] as const,
  list: (scope: ChatHistoryScope, conversationId: string) => ['canvases', 'list', scope, conversationId] as const,
  document: (scope: ChatHistoryScope, canvasId: string) => ['canvases', 'document', scope, canvasId] as const,
  versions: (scope: ChatHistoryScope, canvasId: string) => ['canvases', 'versions', scope, canvasId] as const,
  version: (scope: ChatHistoryScope, canvasId: string, version: number) => ['canvases', 'version', scope, canvasId, version] as const,
};

/**
 * The prompt library (docs/prompts.md): the user's prompts and those shared with them. One list
 * feeds both the page and the composer's `/` picker; every change invalidates it.
 */
export const promptKeys = {
  all: ['prompts'] as const,
  list: () => ['prompts', 'list'] as const,
};

/**
 * Projects (docs/projects.md): always the server's (the browser-kept history has none). A
 * project's conversations are the user's own list, filtered by `project_id`.
 */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => ['projects', 'list'] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  files: (id: string) => ['projects', 'files', id] as const,
};
