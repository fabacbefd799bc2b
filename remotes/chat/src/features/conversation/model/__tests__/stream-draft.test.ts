import type { StreamEvent } from '@assistant/contracts';
import { errorKeyForCode, errorKeyForFailure } from '../describe-send-error';
import { applyStreamEvent, emptyDraft, type StreamDraft } from '../stream-draft';
import { ApiRequestError } from '@assistant/platform';

const U = '11111111-1111-4111-8111-111111111111';
const A = '22222222-2222-4222-8222-222222222222';
const run = (events: StreamEvent[]): StreamDraft => events.reduce(applyStreamEvent, emptyDraft);
const text = (stream_id: string, type: 'begin' | 'append' | 'end', extra: object = {}): StreamEvent => ({ kind: 'stream_text', event: { stream_id, type, ...extra } }) as StreamEvent;

describe('a streamed answer', () => {
  it('keeps the research run the message event names, so the pending answer shows the run at once', () => {
    const R = '33333333-3333-4333-8333-333333333333';
    const draft = run([{ kind: 'message', conversation_id: U, user_message_id: U, assistant_message_id: A, research_id: R }, { kind: 'deep_research', event: { research_id: R, stage: 'start' } }]);
    expect(draft).toMatchObject({ assistantMessageId: A, researchId: R, answer: '', phase: 'streaming' });
  });

  it('collects ids, reasoning and answer per channel, then ends on done', () => {
    const draft = run([
      { kind: 'message', conversation_id: U, user_message_id: U, assistant_message_id: A },
      text('r', 'begin', { channel: 'reasoning' }),
      text('r', 'append', { delta: 'Think ' }),
      text('r', 'append', { delta: 'first.' }),
      text('r', 'end'),
      text('a', 'begin'),
      text('a', 'append', { delta: 'Hello ' }),
      { kind: 'intent', event: { payload: { trace_id: A }, intent_response: { greeting: true, chitchat: false, question: false, clarification: false, unclear: false, summary: false } } },
      text('a', 'append', { delta: 'world' }),
      text('a', 'end'),
      { kind: 'done' },
      text('a', 'append', { delta: 'ignored after done' }),
    ]);
    expect(draft).toEqual({ userMessageId: U, assistantMessageId: A, reasoning: 'Think first.', answer: 'Hello world', toolEvents: [], traceId: A, channels: {}, phase: 'done', error: undefined });
  });

  it('collects the tool events in order (the retrieval before the answer)', () => {
    const begin: StreamEvent = { kind: 'tool', event: { call_id: 'c1', name: 'search_documents', type: 'begin' } };
    const end: StreamEvent = { kind: 'tool', event: { call_id: 'c1', name: 'search_documents', type: 'end', content: [{ type: 'text', text: 'x', source_index: 0 }] } };
    const draft = run([begin, end, text('a', 'append', { delta: 'Answer' })]);
    expect(draft.toolEvents).toEqual([begin.event, end.event]);
    expect(draft.answer).toBe('Answer');
  });

  it('keeps what arrived and the code on error', () => {
    const draft = run([text('a', 'begin', { channel: 'answer' }), text('a', 'append', { delta: 'Half' }), { kind: 'error', code: 'upstream_failed', message: 'The model failed' }]);
    expect(draft).toMatchObject({ answer: 'Half', phase: 'error', error: { code: 'upstream_failed', message: 'The model failed' } });
  });

  it('puts an append of a stream never opened in the answer, and leaves the draft alone for nothing new', () => {
    expect(run([text('x', 'append', { delta: 'stray' })]).answer).toBe('stray');
    const empty = applyStreamEvent(emptyDraft, text('x', 'append', { delta: '' }));
    expect(empty).toBe(emptyDraft);
  });

  it('reads error codes and failures as texts to show', () => {
    expect(errorKeyForCode('rate_limited')).toBe('rate_limited');
    expect(errorKeyForCode('answer_too_long')).toBe('answer_too_long');
    expect(errorKeyForCode('something_new')).toBe('internal');
    expect(errorKeyForFailure(new ApiRequestError('down', { status: 503 }))).toBe('model_unavailable');
    expect(errorKeyForFailure(new ApiRequestError('slow', { timedOut: true }))).toBe('timeout');
    expect(errorKeyForFailure(new ApiRequestError('offline'))).toBe('network');
    expect(errorKeyForFailure(new Error('what'))).toBe('internal');
    // The body's code decides, not the status: a gateway that timed out upstream (502 + upstream_timeout).
    const body = (code: string, statusCode: number) => ({ statusCode, error: 'x', message: 'x', code });
    expect(errorKeyForFailure(new ApiRequestError('late', { status: 502, body: body('upstream_timeout', 502) }))).toBe('timeout');
    expect(errorKeyForFailure(new ApiRequestError('long', { status: 413, body: body('payload_too_large', 413) }))).toBe('input_too_long');
  });
});
