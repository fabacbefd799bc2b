import type { z } from 'zod';
import { RequestAbortedError, abortDetail } from '../http/errors';

/** Where the reader reports a bad line. `console` by default. */
export interface JsonLinesLogger {
  error(message: string, details?: unknown): void;
}

export interface ReadJsonLinesOptions {
  signal?: AbortSignal;
  logger?: JsonLinesLogger;
}

export const NO_READABLE_STREAM_MESSAGE = 'No readable stream found';
export const BAD_LINE_MESSAGE = 'Failed to parse JSONL line';

const NEWLINE = 10; // '\n'

/**
 * Reads a JSON-lines body (DESIGN.md section 4) as an `AsyncIterable` of validated events.
 *
 * - Bytes are decoded with one streaming `TextDecoder`, so a multi-byte UTF-8 character split
 *   over two chunks is decoded once both halves are there.
 * - A line split over chunks is carried over; `\r\n` endings are accepted; blank lines are skipped.
 * - Each line is `JSON.parse`d and checked with `schema.safeParse`; a line that fails either is
 *   logged as "Failed to parse JSONL line" with the line and the reason, and skipped.
 * - A last line without a final newline is still read.
 * - A missing body throws "No readable stream found".
 * - An abort (or an abort before the start) cancels the underlying reader and makes the iteration
 *   throw `RequestAbortedError`, so a caller can tell a stopped stream from a finished one.
 *   Leaving the loop early (`break`) also cancels the reader.
 */
export async function* readJsonLines<S extends z.ZodType>(
  source: Response | ReadableStream<Uint8Array> | null | undefined,
  schema: S,
  options: ReadJsonLinesOptions = {},
): AsyncGenerator<z.output<S>, void, undefined> {
  const { signal, logger = console } = options;
  const stream = source instanceof ReadableStream ? source : (source?.body ?? null);
  if (!stream) throw new Error(NO_READABLE_STREAM_MESSAGE);

  if (signal?.aborted) {
    stream.cancel(signal.reason).catch(() => undefined);
    throw new RequestAbortedError(abortDetail(signal));
  }

  const reader = stream.getReader();
  const decoder = new TextDecoder('utf-8');
  let finished = false;
  const onAbort = () => {
    // Resolves a pending read() with done: true; the loop below then notices the abort.
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  const parseLine = (line: string): { ok: true; value: z.output<S> } | { ok: false } => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      logger.error(BAD_LINE_MESSAGE, { line, error });
      return { ok: false };
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      logger.error(BAD_LINE_MESSAGE, { line, error: result.error });
      return { ok: false };
    }
    return { ok: true, value: result.data };
  };

  let carry = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw new RequestAbortedError(abortDetail(signal));
      if (done) break;
      if (!value || value.byteLength === 0) continue;

      // Fast path: no newline byte in this chunk means no line ends here.
      const text = decoder.decode(value, { stream: true });
      if (value.indexOf(NEWLINE) === -1) {
        carry += text;
        continue;
      }
      const buffer = carry + text;
      let start = 0;
      let end = buffer.indexOf('\n', start);
      while (end !== -1) {
        const line = lineAt(buffer, start, end);
        if (line !== null) {
          const parsed = parseLine(line);
          if (parsed.ok) yield parsed.value;
          if (signal?.aborted) throw new RequestAbortedError(abortDetail(signal));
        }
        start = end + 1;
        end = buffer.indexOf('\n', start);
      }
      carry = start === 0 ? buffer : buffer.slice(start);
    }
    carry += decoder.decode();
    const last = lineAt(carry, 0, carry.length);
    if (last !== null) {
      const parsed = parseLine(last);
      if (parsed.ok) yield parsed.value;
    }
    finished = true;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Not awaited: some bodies settle their cancel only when the other side closes.
    if (!finished) reader.cancel(signal?.reason).catch(() => undefined);
    reader.releaseLock();
  }
}

/** The line between start and end without a trailing '\r'; null when it is blank. */
function lineAt(buffer: string, start: number, end: number): string | null {
  let stop = end;
  if (stop > start && buffer.charCodeAt(stop - 1) === 13) stop -= 1;
  const line = buffer.slice(start, stop);
  return line.trim() === '' ? null : line;
}
