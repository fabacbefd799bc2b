import { parseSourceUrl, type ToolContent, type ToolEvent } from '@assistant/contracts';

/** The name the server gives a grounded answer's retrieval step (docs/chat.md "Tool events"). */
export const RETRIEVAL_TOOL_NAME = 'search_documents';

/** Whether a call searched documents: the retrieval step, or any call that returned documents. */
export function isDocumentSearch(call: ToolCall): boolean {
  return call.name === RETRIEVAL_TOOL_NAME || call.content.some((part) => part.type === 'resource');
}

/** One tool call of an answer, from its begin, end and error events. */
export interface ToolCall {
  callId: string;
  name: string;
  /** running: begun, not ended yet (or the answer stopped before it ended). */
  status: 'running' | 'done' | 'failed';
  /** What an ended call returned (the found passages, each with its source_index). */
  content: readonly ToolContent[];
  /** Why a failed call failed (written for the user by the server). */
  message?: string;
}

/** The calls the events describe, in the order they began (an end or error without begin counts too). */
export function toolCallsOf(events: readonly ToolEvent[] | undefined): ToolCall[] {
  const calls = new Map<string, ToolCall>();
  for (const event of events ?? []) {
    const known = calls.get(event.call_id);
    const base: ToolCall = known ?? { callId: event.call_id, name: event.name, status: 'running', content: [] };
    if (event.type === 'begin') calls.set(event.call_id, base);
    else if (event.type === 'end') calls.set(event.call_id, { ...base, status: 'done', content: event.content });
    else calls.set(event.call_id, { ...base, status: 'failed', message: event.message });
  }
  return [...calls.values()];
}

/** A document a retrieval found (several passages of one document count once). */
export interface FoundDocument {
  key: string;
  name: string;
  mimeType: string;
  totalPages?: number;
  /** The source numbers of its passages as the answer cites them ([n] = source_index + 1). */
  citations: number[];
}

/**
 * The documents the calls found, in the order they first appear: one per file (the server's uri
 * `file:<id>`, or a source location naming the file; else the uri itself), named by title, file
 * name or, failing both, its uri.
 */
export function foundDocuments(calls: readonly ToolCall[]): FoundDocument[] {
  const documents = new Map<string, FoundDocument>();
  for (const call of calls) {
    for (const part of call.content) {
      if (part.type !== 'resource') continue;
      const { uri, mimeType, metadata } = part.resource;
      const key = parseSourceUrl(uri)?.fileId ?? uri;
      const known = documents.get(key);
      if (known) {
        known.citations.push(part.source_index + 1);
        continue;
      }
      const name = metadata.title?.trim() || metadata.fileName?.trim() || uri;
      documents.set(key, { key, name, mimeType, citations: [part.source_index + 1], ...(metadata.totalPages ? { totalPages: metadata.totalPages } : {}) });
    }
  }
  return [...documents.values()];
}

/** The media type of the document a source (by its index) came from, when the calls name it. */
export function mediaTypeOfSource(calls: readonly ToolCall[], sourceIndex: number): string | undefined {
  for (const call of calls) {
    for (const part of call.content) if (part.type === 'resource' && part.source_index === sourceIndex) return part.resource.mimeType || undefined;
  }
  return undefined;
}

/** Whether an answer was grounded in documents: a call ended with at least one found document. */
export function isGrounded(calls: readonly ToolCall[]): boolean {
  return calls.some((call) => call.status === 'done' && call.content.some((part) => part.type === 'resource'));
}
