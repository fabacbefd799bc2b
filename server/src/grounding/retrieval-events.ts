import { randomUUID } from 'node:crypto';
import type { ToolContent, ToolEvent } from '@assistant/contracts';
import type { SourceWindow } from './source-windows';

/** The name the retrieval step carries in the stream's tool events. */
export const RETRIEVAL_TOOL_NAME = 'search_documents';

/**
 * The windows as tool content: one resource per window, `source_index` its index (what [n-1] and
 * the in-context sources refer to). `uri` names the file for the server (`file:<id>`), never a
 * link. The document's title is not stored, so it is left out rather than made up.
 */
export function retrievalContent(windows: readonly SourceWindow[]): ToolContent[] {
  return windows.map((window) => ({
    type: 'resource',
    resource: {
      uri: `file:${window.fileId}`,
      mimeType: window.mediaType,
      metadata: { fileName: window.fileName, ...(window.totalPages ? { totalPages: window.totalPages } : {}) },
    },
    source_index: window.index,
  }));
}

/** The begin (with the query it searched for) and end events of one retrieval, tied together by a fresh call id. */
export function retrievalToolEvents(windows: readonly SourceWindow[], query: string, callId: string = randomUUID()): { begin: ToolEvent; end: ToolEvent } {
  return {
    begin: { call_id: callId, name: RETRIEVAL_TOOL_NAME, type: 'begin', args: { query } },
    end: { call_id: callId, name: RETRIEVAL_TOOL_NAME, type: 'end', content: retrievalContent(windows) },
  };
}
