import type { StreamEvent } from '@assistant/contracts';
import { act, renderHook } from '@testing-library/react';
import { RequestAbortedError } from '../../http/errors';
import { useTextStream, type TextStreamFailures } from '../use-text-stream';

type Failure = { kind: string; detail?: string };
const failures: TextStreamFailures<Failure> = {
  fromError: (error) => ({ kind: 'call', detail: error instanceof Error ? error.message : undefined }),
  fromStreamError: (code, message) => ({ kind: code, detail: message }),
  incomplete: { kind: 'incomplete' },
};

/** A stream that yields `events`, then waits for `release` (when given) before it ends. */
async function* events(list: StreamEvent[], release?: Promise<void>): AsyncIterable<StreamEvent> {
  for (const event of list) yield event;
  if (release) await release;
}
const text = (stream_id: string, type: 'begin' | 'append', extra: object = {}): StreamEvent => ({ kind: 'stream_text', event: { stream_id, type, ...extra } }) as StreamEvent;

let warn: jest.SpyInstance;
beforeEach(() => (warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)));
afterEach(() => warn.mockRestore());

describe('useTextStream', () => {
  it('reads the answer channel into one text, keeps the last progress line and ends on done', async () => {
    const { result } = renderHook(() => useTextStream(failures));
    await act(() =>
      result.current.start(async () =>
        events([
          { kind: 'progress', stage: 'parts', current: 2, total: 3 },
          text('r', 'begin', { channel: 'reasoning' }),
          text('r', 'append', { delta: 'hidden' }),
          text('a', 'begin'),
          text('a', 'append', { delta: 'Leichte ' }),
          text('a', 'append', { delta: 'Sprache' }),
          { kind: 'done' },
        ] as StreamEvent[]),
      ),
    );
    expect(result.current).toMatchObject({ status: 'done', output: 'Leichte Sprache', failure: null, progress: { stage: 'parts', current: 2, total: 3 } });
  });

  it('names an error line, a call that failed and a stream without done by the caller’s failures', async () => {
    const { result } = renderHook(() => useTextStream(failures));
    await act(() => result.current.start(async () => events([text('a', 'append', { delta: 'Teil' }), { kind: 'error', code: 'model_unavailable', message: 'Kein Modell' }])));
    expect(result.current).toMatchObject({ status: 'failed', output: 'Teil', failure: { kind: 'model_unavailable', detail: 'Kein Modell' } });

    await act(() => result.current.start(() => Promise.reject(new Error('offline'))));
    expect(result.current).toMatchObject({ status: 'failed', output: '', failure: { kind: 'call', detail: 'offline' } });
    expect(warn).toHaveBeenCalled();

    await act(() => result.current.start(async () => events([text('a', 'append', { delta: 'Abgebrochen' })])));
    expect(result.current).toMatchObject({ status: 'failed', output: 'Abgebrochen', failure: { kind: 'incomplete' } });
  });

  it('stops on stop (what arrived stays) and starts empty again on reset', async () => {
    let release!: () => void;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    const { result } = renderHook(() => useTextStream(failures));
    let running!: Promise<void>;
    act(() => {
      running = result.current.start(async (signal) => {
        signal.addEventListener('abort', () => release());
        return (async function* () {
          yield* events([text('a', 'append', { delta: 'Bis hier' })], waiting);
          if (signal.aborted) throw new RequestAbortedError('stopped by the user');
        })();
      });
    });
    await act(async () => {
      await Promise.resolve();
      result.current.stop();
      await running;
    });
    expect(result.current).toMatchObject({ status: 'stopped', output: 'Bis hier', failure: null });

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', output: '', failure: null, progress: null });
  });

  it('aborts the call when the screen is left', async () => {
    let seen: AbortSignal | undefined;
    const { result, unmount } = renderHook(() => useTextStream(failures));
    act(() => {
      void result.current.start(async (signal) => {
        seen = signal;
        return events([], new Promise(() => undefined));
      });
    });
    unmount();
    expect(seen?.aborted).toBe(true);
  });
});
