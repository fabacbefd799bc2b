import type { StreamEvent } from '@assistant/contracts';
import { applyQaEvent, emptyAnswerDraft, type AnswerDraft } from '../answer-draft';

const run = (events: StreamEvent[], from: AnswerDraft = emptyAnswerDraft) => events.reduce(applyQaEvent, from);
const intent = (payload: Record<string, unknown>): StreamEvent => ({
  kind: 'intent',
  event: {
    payload: { trace_id: 't1', ...payload },
    intent_response: { greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false },
  },
});

describe('applyQaEvent', () => {
  it('collects the trace id, the retrieved documents by source_index and the answer channel only', () => {
    const draft = run([
      intent({}),
      { kind: 'tool', event: { call_id: 'c', name: 'search_documents', type: 'begin' } },
      {
        kind: 'tool',
        event: {
          call_id: 'c',
          name: 'search_documents',
          type: 'end',
          content: [
            { type: 'resource', resource: { uri: 'file:b', mimeType: 'text/plain', metadata: { fileName: 'b.txt' } }, source_index: 1 },
            { type: 'resource', resource: { uri: 'file:a', mimeType: 'application/pdf', metadata: { fileName: 'a.pdf', totalPages: 2 } }, source_index: 0 },
            { type: 'text', text: 'ignored', source_index: 2 },
          ],
        },
      },
      { kind: 'stream_text', event: { stream_id: 'r', type: 'begin', channel: 'reasoning' } },
      { kind: 'stream_text', event: { stream_id: 'r', type: 'append', delta: 'thinking' } },
      { kind: 'stream_text', event: { stream_id: 'a', type: 'begin' } },
      { kind: 'stream_text', event: { stream_id: 'a', type: 'append', delta: 'Yes ' } },
      { kind: 'stream_text', event: { stream_id: 'a', type: 'append', delta: '[1].' } },
      { kind: 'stream_text', event: { stream_id: 'a', type: 'end' } },
      { kind: 'done' },
    ]);
    expect(draft).toMatchObject({ traceId: 't1', answer: 'Yes [1].', phase: 'done', searching: false });
    expect(draft.documents).toEqual([
      { sourceIndex: 0, mediaType: 'application/pdf', fileName: 'a.pdf', totalPages: 2 },
      { sourceIndex: 1, mediaType: 'text/plain', fileName: 'b.txt' },
    ]);
  });

  it('uses the intent’s direct reply when no answer text streams, and ignores events after the end', () => {
    const done = run([intent({ reply: 'Hello!' }), { kind: 'done' }]);
    expect(done.answer).toBe('Hello!');
    expect(applyQaEvent(done, { kind: 'stream_text', event: { stream_id: 'a', type: 'begin' } })).toBe(done);
  });

  it('ends with the error event’s code', () => {
    const failed = run([intent({}), { kind: 'error', code: 'model_unavailable', message: 'No model' }]);
    expect(failed).toMatchObject({ phase: 'error', error: { code: 'model_unavailable', message: 'No model' } });
  });
});
