import type { ChatDelta } from '../inference/model-provider';

/**
 * The deltas, unchanged, calling `start` once the first one has been relayed (the consumer asked
 * for the next), on the next turn of the event loop, after the first token's bytes were written:
 * the side calls (intent, title) started then do not compete with the answer's first token at
 * the model endpoint nor on this event loop. The caller also calls `start` (idempotent) when the
 * answer ended, for an answer that had no piece at all.
 */
export async function* afterFirstPiece<D = ChatDelta>(deltas: AsyncIterable<D>, start: () => void): AsyncGenerator<D> {
  let scheduled = false;
  for await (const delta of deltas) {
    yield delta;
    if (!scheduled) {
      scheduled = true;
      setImmediate(start);
    }
  }
}

/** `fn` run at most once, however often the result is called. */
export function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
