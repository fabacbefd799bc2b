import type { StreamChannel, StreamTextEvent } from '@assistant/contracts';

/** The text a streamed answer has written so far, per channel, and the text streams still open. */
export interface StreamText {
  answer: string;
  reasoning: string;
  /** Open text streams: stream_id to channel. */
  channels: Readonly<Record<string, StreamChannel>>;
}

export const emptyStreamText: StreamText = { answer: '', reasoning: '', channels: {} };

/**
 * `text` after one `stream_text` event: `begin` opens a stream on its channel (the answer unless
 * it says otherwise), `append` adds to its stream's channel, `end` closes it. An append of a stream
 * never opened goes to the answer rather than being lost. Pure; the same object when nothing
 * changes, and the other fields of a larger draft stay as they are.
 */
export function applyStreamText<T extends StreamText>(text: T, event: StreamTextEvent): T {
  switch (event.type) {
    case 'begin':
      return { ...text, channels: { ...text.channels, [event.stream_id]: event.channel ?? 'answer' } };
    case 'append': {
      if (event.delta === '') return text;
      const channel = text.channels[event.stream_id] ?? 'answer';
      return channel === 'reasoning' ? { ...text, reasoning: text.reasoning + event.delta } : { ...text, answer: text.answer + event.delta };
    }
    case 'end': {
      if (!(event.stream_id in text.channels)) return text;
      const { [event.stream_id]: _closed, ...open } = text.channels;
      return { ...text, channels: open };
    }
  }
}
