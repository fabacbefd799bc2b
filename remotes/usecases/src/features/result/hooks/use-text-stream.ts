import type { ProgressStreamEvent, StreamEvent } from '@assistant/contracts';
import { RequestAbortedError } from '@assistant/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureFromError, failureFromStreamError, type UseCaseFailure } from '../model/failure';

export type StreamStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface TextStreamState {
  status: StreamStatus;
  /** The text so far; it grows while the answer streams in. */
  output: string;
  failure: UseCaseFailure | null;
  /** How far work over a long text in parts has got (the last `progress` line); null for a text read whole. */
  progress: Pick<ProgressStreamEvent, 'stage' | 'current' | 'total'> | null;
  /** Starts a stream; `open` makes the call (with the signal) and returns its events. */
  start(open: (signal: AbortSignal) => Promise<AsyncIterable<StreamEvent>>): Promise<void>;
  /** Aborts the stream; what arrived so far stays. */
  stop(): void;
  reset(): void;
}

/**
 * A use case's answer streamed as JSON lines of the stream envelope (summarize, generate, a custom
 * app's run): the `append` deltas of the text stream (a reasoning channel is left out), then
 * `done`, or an `error` line. A refusal before the stream is a failure by its code. A text
 * longer than the model's context sends `progress` lines first (part 3 of 12, then the merge).
 */
export function useTextStream(): TextStreamState {
  const [status, setStatus] = useState<StreamStatus>('idle');
  const [output, setOutput] = useState('');
  const [failure, setFailure] = useState<UseCaseFailure | null>(null);
  const [progress, setProgress] = useState<TextStreamState['progress']>(null);
  const controllerRef = useRef<AbortController | null>(null);

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
    const fail = (next: UseCaseFailure) => {
      setFailure(next);
      setStatus('failed');
    };
    try {
      const events = await open(controller.signal);
      const hidden = new Set<string>();
      for await (const event of events) {
        if (!current()) return;
        if (event.kind === 'stream_text') {
          const text = event.event;
          if (text.type === 'begin' && text.channel === 'reasoning') hidden.add(text.stream_id);
          else if (text.type === 'append' && !hidden.has(text.stream_id)) setOutput((before) => before + text.delta);
        } else if (event.kind === 'progress') {
          setProgress({ stage: event.stage, current: event.current, total: event.total });
        } else if (event.kind === 'error') {
          fail(failureFromStreamError(event.code, event.message));
          return;
        } else if (event.kind === 'done') {
          setStatus('done');
          return;
        }
      }
      if (current()) fail({ kind: 'incomplete' });
    } catch (error) {
      if (!current()) return;
      if (error instanceof RequestAbortedError || controller.signal.aborted) {
        setStatus('stopped');
        return;
      }
      console.warn('A use case failed', error);
      fail(failureFromError(error));
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
