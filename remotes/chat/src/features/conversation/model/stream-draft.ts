import type { AnswerDetails, StreamEvent, ToolEvent } from '@assistant/contracts';
import { applyStreamText, emptyStreamText, type StreamText } from '@assistant/platform';

/**
 * What one streamed answer has delivered so far (docs/chat.md "Sending a message"): the stored
 * ids, the text per channel (answer, reasoning, the open streams), and how it ended.
 * `applyStreamEvent` is pure; the hook keeps the newest draft in a ref and shows it at most once
 * per frame.
 */
export interface StreamDraft extends StreamText {
  /** From the `message` event; undefined until the server stored both messages. */
  userMessageId: string | undefined;
  assistantMessageId: string | undefined;
  /** From the `message` event when the answer is a deep research run: the answer shows the run at once. */
  researchId: string | undefined;
  /** The tool events (a grounded answer's retrieval), in order; the answer's `tool_events` once stored. */
  toolEvents: readonly ToolEvent[];
  /** The intent event's trace id: set when the answer is grounded (its sources can be asked for). */
  traceId: string | undefined;
  /** Developer mode's details of the answer (the `details` event; only for users who may have them). */
  details: AnswerDetails | undefined;
  /** `streaming` until a `done` or `error` event. */
  phase: 'streaming' | 'done' | 'error';
  error: { code: string; message: string } | undefined;
}

export const emptyDraft: StreamDraft = {
  ...emptyStreamText,
  userMessageId: undefined,
  assistantMessageId: undefined,
  researchId: undefined,
  toolEvents: [],
  traceId: undefined,
  details: undefined,
  phase: 'streaming',
  error: undefined,
};

/** The draft after `event`. Events after the end, and unknown or unrelated events, change nothing. */
export function applyStreamEvent(draft: StreamDraft, event: StreamEvent): StreamDraft {
  if (draft.phase !== 'streaming') return draft;
  switch (event.kind) {
    case 'message':
      return {
        ...draft,
        userMessageId: event.user_message_id,
        assistantMessageId: event.assistant_message_id,
        ...(event.research_id !== undefined ? { researchId: event.research_id } : {}),
      };
    case 'stream_text':
      return applyStreamText(draft, event.event);
    case 'tool':
      return { ...draft, toolEvents: [...draft.toolEvents, event.event] };
    case 'intent':
      return draft.traceId === event.event.payload.trace_id ? draft : { ...draft, traceId: event.event.payload.trace_id };
    case 'details':
      return { ...draft, details: event.details };
    case 'done':
      return { ...draft, channels: {}, phase: 'done' };
    case 'error':
      return { ...draft, channels: {}, phase: 'error', error: { code: event.code, message: event.message } };
    default:
      return draft;
  }
}
