import { randomUUID } from 'node:crypto';
import type { StreamEvent } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describeStreamFailure } from '../inference/public-failure';

/** How the stream's `error` event names the work ("The app failed: ..."). */
export const RUN_WHAT = 'The app';

/**
 * A run's answer as JSON lines of the stream envelope: stream_text begin, one append per model
 * chunk, end, then done, or after end an `error` line when the model failed mid-stream. Nothing
 * more is written once the client has gone (its disconnect aborted the model call).
 */
export async function* runStreamLines(
  deltas: AsyncIterable<string>,
  client: { signal: AbortSignal; dispose(): void },
  log: FastifyBaseLogger,
): AsyncGenerator<string> {
  const streamId = randomUUID();
  const line = (event: StreamEvent) => `${JSON.stringify(event)}\n`;
  try {
    yield line({ kind: 'stream_text', event: { stream_id: streamId, type: 'begin' } });
    let failure: unknown;
    try {
      for await (const delta of deltas) {
        yield line({ kind: 'stream_text', event: { stream_id: streamId, type: 'append', delta } });
      }
    } catch (error) {
      failure = error;
    }
    if (client.signal.aborted) {
      log.info('custom app run cancelled: the client went away');
      return;
    }
    yield line({ kind: 'stream_text', event: { stream_id: streamId, type: 'end' } });
    if (failure === undefined) {
      yield line({ kind: 'done' });
      return;
    }
    const { code, message, reason } = describeStreamFailure(failure, RUN_WHAT);
    log.warn({ code, reason }, 'custom app run failed while streaming');
    yield line({ kind: 'error', code, message });
  } finally {
    client.dispose();
  }
}
