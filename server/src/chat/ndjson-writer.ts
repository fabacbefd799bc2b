import { PassThrough } from 'node:stream';
import type { StreamEvent } from '@assistant/contracts';

/** Bytes held between the producer and the socket before `send` waits. */
export const WRITER_HIGH_WATER_MARK = 16 * 1024;

/**
 * The JSON-lines body of a streamed answer, with backpressure: `send` writes one line and, when
 * more than WRITER_HIGH_WATER_MARK bytes wait for a slow client, resolves only once they drained
 * (the stream is piped into the response, which pauses it while the socket is full). So the
 * producer stops reading the model while the client does not read, and the server holds a few
 * dozen kilobytes per answer, not the whole answer. `send` never throws and resolves at once
 * when the client has gone away (`signal`) or the stream closed.
 */
export class NdjsonWriter {
  readonly stream = new PassThrough({ highWaterMark: WRITER_HIGH_WATER_MARK });

  constructor(private readonly signal: AbortSignal) {
    // A write after the client left is dropped, never an unhandled error.
    this.stream.on('error', () => {});
  }

  get open(): boolean {
    return !this.signal.aborted && !this.stream.destroyed && !this.stream.writableEnded;
  }

  async send(event: StreamEvent): Promise<void> {
    if (!this.open) return;
    if (this.stream.write(`${JSON.stringify(event)}\n`)) return;
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

  end(): void {
    if (!this.stream.writableEnded) this.stream.end();
  }
}
