import { PassThrough } from 'node:stream';
import type { StreamEvent } from '@assistant/contracts';

/** Bytes held between the producer and the socket before `send` waits. */
export const WRITER_HIGH_WATER_MARK = 16 * 1024;

/**
 * The JSON-lines body of a streamed answer, with backpressure: `send` adds one line and, when
 * more than WRITER_HIGH_WATER_MARK bytes wait for a slow client, resolves only once they drained
 * (the stream is piped into the response, which pauses it while the socket is full). So the
 * producer stops reading the model while the client does not read, and the server holds a few
 * dozen kilobytes per answer, not the whole answer. `send` never throws and resolves at once
 * when the client has gone away (`signal`) or the stream closed.
 *
 * Lines are batched: all lines sent in one turn of the event loop go out in one write (flushed
 * with setImmediate, after the turn's I/O callbacks and promise jobs; in order), so a model chunk
 * that makes several events (begin, append, a tool line) costs one chunk on the socket, not one
 * each. `end()` writes what is still pending first.
 */
export class NdjsonWriter {
  readonly stream = new PassThrough({ highWaterMark: WRITER_HIGH_WATER_MARK });
  private pending = '';
  private flushScheduled = false;

  constructor(private readonly signal: AbortSignal) {
    // A write after the client left is dropped, never an unhandled error.
    this.stream.on('error', () => {});
  }

  get open(): boolean {
    return !this.signal.aborted && !this.stream.destroyed && !this.stream.writableEnded;
  }

  async send(event: StreamEvent): Promise<void> {
    if (!this.open) return;
    this.pending += `${JSON.stringify(event)}\n`;
    if (!this.stream.writableNeedDrain && this.pending.length + this.stream.writableLength < WRITER_HIGH_WATER_MARK) {
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
      return;
    }
    // Full: what is pending goes now, and the producer waits until the client has read it.
    if (this.flush()) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        this.signal.removeEventListener('abort', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
      this.signal.addEventListener('abort', done, { once: true });
      if (!this.open) done();
    });
  }

  /** Writes the pending lines in one write; false when the stream asks the producer to wait. */
  private readonly flush = (): boolean => {
    this.flushScheduled = false;
    if (this.pending === '') return !this.stream.writableNeedDrain;
    const lines = this.pending;
    this.pending = '';
    if (!this.open) return true;
    return this.stream.write(lines);
  };

  end(): void {
    if (this.stream.writableEnded) return;
    this.flush();
    this.stream.end();
  }
}
