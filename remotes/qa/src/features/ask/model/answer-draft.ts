import type { StreamEvent } from '@assistant/contracts';
import { applyStreamText, emptyStreamText, type StreamText } from '@assistant/platform';
import type { SourceDocument } from '../../../qa-exchange';

/**
 * What a streamed answer of POST qa/chat has delivered so far: the trace id (`intent`), the
 * documents the retrieval gave the model (`tool` end content, by source_index), the text per
 * channel (`stream_text`: the answer is shown, reasoning is not) and how it ended. `applyQaEvent`
 * is pure.
 */
export interface AnswerDraft extends StreamText {
  traceId: string | undefined;
  /** A short direct reply of the intent (a greeting), used when no answer text streams. */
  reply: string | undefined;
  documents: SourceDocument[];
  /** A retrieval call is running. */
  searching: boolean;
  phase: 'streaming' | 'done' | 'error';
  error: { code: string; message: string } | undefined;
}

export const emptyAnswerDraft: AnswerDraft = {
  ...emptyStreamText,
  traceId: undefined,
  reply: undefined,
  documents: [],
  searching: false,
  phase: 'streaming',
  error: undefined,
};

/** The draft after `event`; events after the end and unrelated ones change nothing. */
export function applyQaEvent(draft: AnswerDraft, event: StreamEvent): AnswerDraft {
  if (draft.phase !== 'streaming') return draft;
  switch (event.kind) {
    case 'intent': {
      const { trace_id, reply, answer } = event.event.payload;
      return { ...draft, traceId: trace_id, reply: reply ?? answer ?? draft.reply };
    }
    case 'tool': {
      const tool = event.event;
      if (tool.type === 'begin') return { ...draft, searching: true };
      if (tool.type === 'error') return { ...draft, searching: false };
      const documents = [...draft.documents];
      for (const content of tool.content) {
        if (content.type !== 'resource') continue;
        const { mimeType, metadata } = content.resource;
        const document: SourceDocument = { sourceIndex: content.source_index, mediaType: mimeType };
        if (metadata.fileName) document.fileName = metadata.fileName;
        if (metadata.title) document.title = metadata.title;
        if (metadata.totalPages) document.totalPages = metadata.totalPages;
        const at = documents.findIndex((known) => known.sourceIndex === content.source_index);
        if (at >= 0) documents[at] = document;
        else documents.push(document);
      }
      documents.sort((a, b) => a.sourceIndex - b.sourceIndex);
      return { ...draft, searching: false, documents };
    }
    case 'stream_text':
      return applyStreamText(draft, event.event);
    case 'done':
      return { ...draft, searching: false, phase: 'done', answer: draft.answer || draft.reply || '' };
    case 'error':
      return { ...draft, searching: false, phase: 'error', error: { code: event.code, message: event.message } };
    default:
      return draft;
  }
}
