import type { ProgressStreamEvent, StreamEvent } from '@assistant/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RequestAbortedError } from '../http/errors';
import { applyStreamText, emptyStreamText } from './stream-text';

export type TextStreamStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

/** How far work over a long text in parts has got: the last `progress` line. */
export type TextStreamProgress = Pick<ProgressStreamEvent, 'stage' | 'current' | 'total'>;

/** How the caller names a failure: its screen says what went wrong in its own words. */
export interface TextStreamFailures<F> {
  /** The call failed before or while streaming (a refusal by its code, the network). */
  fromError(error: unknown): F;
  /** An `error` line of the stream. */
  fromStreamError(code: string, message: string): F;
  /** The stream ended without `done`. */
  incomplete: F;
}

export interface TextStreamState<F> {
  status: TextStreamStatus;
  /** The answer's text so far; it grows while the answer streams in (a reasoning channel is left out). */
  output: string;
  failure: F | null;
  /** Null for a text read whole. */
  progress: TextStreamProgress | null;
  /** Starts a stream (stopping one under way); `open` makes the call with the signal and returns its events. */
  start(open: (signal: AbortSignal) => Promise<AsyncIterable<StreamEvent>>): Promise<void>;
  /** Aborts the stream; what arrived so far stays. */
  stop(): void;
  reset(): void;
}

/**
 * An answer streamed as JSON lines of the stream envelope, read into one text: the answer
 * channel's `append` deltas, `progress` lines of a long text read in parts, then `done`, or an
 * `error` line. Leaving the screen aborts the call.
 */
export function useTextStream<F>(failures: TextStreamFailures<F>): TextStreamState<F> {
  const [status, setStatus] = useState<TextStreamStatus>('idle');
  const [output, setOutput] = useState('');
  const [failure, setFailure] = useState<F | null>(null);
  const [progress, setProgress] = useState<TextStreamProgress | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const failuresRef = useRef(failures);
  failuresRef.current = failures;

  useEffect(() => () => controllerRef.current?.abort('left the page'), []);

  const start = useCallback(async (open: (signal: AbortSignal) => Promise<AsyncIterable<StreamEvent>>) => {
    controllerRef.current?.abort('a new run was started');
    const controller = new AbortController();
    controllerRef.current = controller;
    const current = () => controllerRef.current === controller;
    setStatus('running');
    setOutput('');
    setFailure(null);
    setProgress(null);
    const fail = (next: F) => {
      setFailure(next);
      setStatus('failed');
    };
    try {
      const events = await open(controller.signal);
      let text = emptyStreamText;
      for await (const event of events) {
        if (!current()) return;
        if (event.kind === 'stream_text') {
          const next = applyStreamText(text, event.event);
          if (next.answer !== text.answer) setOutput(next.answer);
          text = next;
        } else if (event.kind === 'progress') {
          setProgress({ stage: event.stage, current: event.current, total: event.total });
        } else if (event.kind === 'error') {
          fail(failuresRef.current.fromStreamError(event.code, event.message));
          return;
        } else if (event.kind === 'done') {
          setStatus('done');
          return;
        }
      }
      if (current()) fail(failuresRef.current.incomplete);
    } catch (error) {
      if (!current()) return;
      if (error instanceof RequestAbortedError || controller.signal.aborted) {
        setStatus('stopped');
        return;
      }
      console.warn('A streamed answer failed', error);
      fail(failuresRef.current.fromError(error));
    } finally {
      if (current()) controllerRef.current = null;
    }
  }, []);

  const stop = useCallback(() => controllerRef.current?.abort('stopped by the user'), []);

  const reset = useCallback(() => {
    const controller = controllerRef.current;
    controllerRef.current = null;
    controller?.abort('cleared by the user');
    setOutput('');
    setFailure(null);
    setProgress(null);
    setStatus('idle');
  }, []);

  return { status, output, failure, progress, start, stop, reset };
}
