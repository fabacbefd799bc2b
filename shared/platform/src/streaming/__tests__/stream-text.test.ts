import type { StreamTextEvent } from '@assistant/contracts';
import { applyStreamText, emptyStreamText, type StreamText } from '../stream-text';

const run = (events: StreamTextEvent[], from: StreamText = emptyStreamText) => events.reduce(applyStreamText, from);

describe('applyStreamText', () => {
  it('writes each stream to its channel, the answer when the begin names none', () => {
    const text = run([
      { stream_id: 'r', type: 'begin', channel: 'reasoning' },
      { stream_id: 'r', type: 'append', delta: 'Erst ' },
      { stream_id: 'a', type: 'begin' },
      { stream_id: 'a', type: 'append', delta: 'Hallo ' },
      { stream_id: 'r', type: 'append', delta: 'denken.' },
      { stream_id: 'a', type: 'append', delta: 'Welt' },
    ]);
    expect(text).toEqual({ answer: 'Hallo Welt', reasoning: 'Erst denken.', channels: { r: 'reasoning', a: 'answer' } });
  });

  it('closes a stream on end, and gives an append of a stream never opened to the answer', () => {
    const text = run([{ stream_id: 'r', type: 'begin', channel: 'reasoning' }, { stream_id: 'r', type: 'end' }, { stream_id: 'x', type: 'append', delta: 'Rest' }]);
    expect(text).toEqual({ answer: 'Rest', reasoning: '', channels: {} });
  });

  it('keeps the other fields of a larger draft, and the same object when nothing changes', () => {
    const draft = { ...emptyStreamText, traceId: 't1' };
    expect(applyStreamText(draft, { stream_id: 'a', type: 'append', delta: 'Ja' })).toEqual({ ...draft, answer: 'Ja' });
    expect(applyStreamText(draft, { stream_id: 'a', type: 'append', delta: '' })).toBe(draft);
    expect(applyStreamText(draft, { stream_id: 'a', type: 'end' })).toBe(draft);
  });
});
