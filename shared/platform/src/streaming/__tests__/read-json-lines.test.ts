import { streamEventSchema, type StreamEvent } from '@assistant/contracts';
import { z } from 'zod';
import { RequestAbortedError } from '../../http/errors';
import { BAD_LINE_MESSAGE, NO_READABLE_STREAM_MESSAGE, readJsonLines } from '../read-json-lines';

const encoder = new TextEncoder();

/** A stream that hands out the given chunks one by one. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const silentLogger = () => ({ error: jest.fn() });

const events: StreamEvent[] = [
  { kind: 'stream_text', event: { stream_id: 's1', type: 'begin' } },
  { kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta: 'Grüße 👋 aus Köln — ½' } },
  { kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta: '日本語も' } },
  { kind: 'stream_text', event: { stream_id: 's1', type: 'end' } },
  { kind: 'done' },
];
const body = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
const bytes = encoder.encode(body);

describe('readJsonLines', () => {
  it('gives the same events for the same bytes split at every byte offset (two chunks)', async () => {
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const logger = silentLogger();
      const got = await collect(readJsonLines(streamOf([bytes.slice(0, cut), bytes.slice(cut)]), streamEventSchema, { logger }));
      expect(got).toEqual(events);
      expect(logger.error).not.toHaveBeenCalled();
    }
  });

  it('gives the same events when every byte is its own chunk, and for three-way splits', async () => {
    const single = [...bytes].map((b) => Uint8Array.of(b));
    expect(await collect(readJsonLines(streamOf(single), streamEventSchema))).toEqual(events);
    for (let a = 1; a < bytes.length; a += 7) {
      for (let b = a; b < bytes.length; b += 11) {
        const chunks = [bytes.slice(0, a), bytes.slice(a, b), bytes.slice(b)];
        expect(await collect(readJsonLines(streamOf(chunks), streamEventSchema))).toEqual(events);
      }
    }
  });

  it('decodes a multi-byte character split between chunks ("Grüße 👋")', async () => {
    const line = encoder.encode(JSON.stringify({ text: 'Grüße 👋' }) + '\n');
    const emoji = encoder.encode('👋');
    const at = indexOfBytes(line, emoji) + 2; // in the middle of the 4-byte emoji
    const umlaut = indexOfBytes(line, encoder.encode('ü')) + 1; // between the two bytes of ü
    const schema = z.object({ text: z.string() });
    const got = await collect(
      readJsonLines(streamOf([line.slice(0, umlaut), line.slice(umlaut, at), line.slice(at)]), schema),
    );
    expect(got).toEqual([{ text: 'Grüße 👋' }]);
  });

  it('skips blank lines and accepts CRLF', async () => {
    const text = '\n\n{"kind":"done"}\r\n   \n\t\n{"kind":"done"}\n\n';
    expect(await collect(readJsonLines(streamOf([encoder.encode(text)]), streamEventSchema))).toEqual([
      { kind: 'done' },
      { kind: 'done' },
    ]);
  });

  it('logs and skips an invalid JSON line and a schema-invalid line', async () => {
    const logger = silentLogger();
    const text = ['{"kind":"done"}', '{not json', '{"kind":"nonsense"}', '{"kind":"error","message":"x","code":"internal"}'].join('\n');
    const got = await collect(readJsonLines(streamOf([encoder.encode(text)]), streamEventSchema, { logger }));
    expect(got).toEqual([{ kind: 'done' }, { kind: 'error', message: 'x', code: 'internal' }]);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenNthCalledWith(1, BAD_LINE_MESSAGE, expect.objectContaining({ line: '{not json' }));
    expect(logger.error).toHaveBeenNthCalledWith(2, BAD_LINE_MESSAGE, expect.objectContaining({ line: '{"kind":"nonsense"}' }));
  });

  it('logs to the console by default', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await collect(readJsonLines(streamOf([encoder.encode('oops\n')]), streamEventSchema));
    expect(spy).toHaveBeenCalledWith(BAD_LINE_MESSAGE, expect.anything());
    spy.mockRestore();
  });

  it('emits a last line without a final newline, also when it arrives split', async () => {
    const text = '{"kind":"done"}\n{"kind":"error","message":"late","code":"timeout"}';
    const b = encoder.encode(text);
    const got = await collect(readJsonLines(streamOf([b.slice(0, 20), b.slice(20)]), streamEventSchema));
    expect(got).toEqual([{ kind: 'done' }, { kind: 'error', message: 'late', code: 'timeout' }]);
  });

  it('reads a Response body', async () => {
    const got = await collect(readJsonLines(new Response(body), streamEventSchema));
    expect(got).toEqual(events);
  });

  it('fails with "No readable stream found" when there is no body', async () => {
    await expect(collect(readJsonLines(new Response(null), streamEventSchema))).rejects.toThrow(NO_READABLE_STREAM_MESSAGE);
    await expect(collect(readJsonLines(null, streamEventSchema))).rejects.toThrow('No readable stream found');
  });

  it('stops on abort, throws RequestAbortedError and cancels the reader', async () => {
    const cancel = jest.fn();
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode('{"kind":"done"}\n'));
        }
        // then never answers again: only the abort can end the read
        return new Promise(() => undefined);
      },
      cancel,
    });
    const controller = new AbortController();
    const seen: unknown[] = [];
    const run = (async () => {
      for await (const event of readJsonLines(stream, streamEventSchema, { signal: controller.signal })) {
        seen.push(event);
        setTimeout(() => controller.abort(new Error('user pressed stop')), 5);
      }
    })();
    await expect(run).rejects.toThrow(new RequestAbortedError('user pressed stop'));
    await expect(run).rejects.toThrow('Request aborted: user pressed stop');
    expect(seen).toEqual([{ kind: 'done' }]);
    expect(cancel).toHaveBeenCalled();
  });

  it('hands out nothing more after an abort, even events of a chunk already read', async () => {
    const controller = new AbortController();
    const text = '{"kind":"done"}\n{"kind":"done"}\n{"kind":"done"}\n';
    const seen: unknown[] = [];
    const run = (async () => {
      for await (const event of readJsonLines(streamOf([encoder.encode(text)]), streamEventSchema, { signal: controller.signal })) {
        seen.push(event);
        controller.abort('enough');
      }
    })();
    await expect(run).rejects.toThrow('Request aborted: enough');
    expect(seen).toHaveLength(1);
  });

  it('does not start when the signal is already aborted, and cancels the stream', async () => {
    const cancel = jest.fn();
    const stream = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined), cancel });
    await expect(collect(readJsonLines(stream, streamEventSchema, { signal: AbortSignal.abort('gone') }))).rejects.toThrow(
      'Request aborted: gone',
    );
    expect(cancel).toHaveBeenCalled();
  });

  it('cancels the reader when the consumer leaves the loop early', async () => {
    const cancel = jest.fn();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"kind":"done"}\n{"kind":"done"}\n'));
      },
      cancel,
    });
    for await (const event of readJsonLines(stream, streamEventSchema)) {
      expect(event).toEqual({ kind: 'done' });
      break;
    }
    expect(cancel).toHaveBeenCalled();
  });
});

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
