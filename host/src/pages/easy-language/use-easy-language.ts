import { apiErrorCodeOf, streamEventSchema, type EasyLanguageRequest } from '@assistant/contracts';
import { ApiRequestError, RequestAbortedError, apiClients, currentLanguage, errorMessageText } from '@assistant/platform';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RewriteStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

/** Why a rewrite failed: texts under EASY_LANGUAGE.errors.<kind>, with the server's message. */
export interface RewriteFailure {
  kind: 'no-model' | 'too-long' | 'failed' | 'incomplete';
  detail?: string;
}

export interface EasyLanguageState {
  status: RewriteStatus;
  /** The rewritten text so far (it grows while the answer streams in). */
  output: string;
  failure: RewriteFailure | null;
  rewrite(request: EasyLanguageRequest): Promise<void>;
  /** Aborts the stream; what arrived so far stays. */
  stop(): void;
  reset(): void;
}

/**
 * POST /api/easy-language, streamed as JSON lines of the stream envelope: the `append` deltas of
 * the answer's text stream are added as they come (a reasoning channel is not shown); `done` ends
 * it, an `error` line fails it with its message. A 503 before the stream means no model.
 */
export function useEasyLanguage(): EasyLanguageState {
  const [status, setStatus] = useState<RewriteStatus>('idle');
  const [output, setOutput] = useState('');
  const [failure, setFailure] = useState<RewriteFailure | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort('left the easy-language screen'), []);

  const rewrite = useCallback(async (request: EasyLanguageRequest) => {
    controllerRef.current?.abort('a new rewrite was started');
    const controller = new AbortController();
    controllerRef.current = controller;
    const current = () => controllerRef.current === controller;
    setStatus('running');
    setOutput('');
    setFailure(null);
    const fail = (next: RewriteFailure) => {
      setFailure(next);
      setStatus('failed');
    };
    try {
      const events = await apiClients().api.stream('easy-language', request, streamEventSchema, controller.signal);
      const hidden = new Set<string>();
      for await (const event of events) {
        if (!current()) return;
        if (event.kind === 'stream_text') {
          const text = event.event;
          if (text.type === 'begin' && text.channel === 'reasoning') hidden.add(text.stream_id);
          else if (text.type === 'append' && !hidden.has(text.stream_id)) setOutput((before) => before + text.delta);
        } else if (event.kind === 'error') {
          fail({ kind: event.code === 'model_unavailable' ? 'no-model' : event.code === 'input_too_long' ? 'too-long' : 'failed', detail: event.message });
          return;
        } else if (event.kind === 'done') {
          setStatus('done');
          return;
        }
      }
      if (current()) fail({ kind: 'incomplete' });
    } catch (error) {
      if (!current()) return;
      if (error instanceof RequestAbortedError) {
        setStatus('stopped');
        return;
      }
      console.warn('Easy language failed', error);
      // By the error body's code (docs/contracts.md); the status only when a server sends none.
      const code = error instanceof ApiRequestError ? apiErrorCodeOf(error.status, error.body) : undefined;
      const detail = error instanceof ApiRequestError ? error.body?.message : undefined;
      if (code === 'model_unavailable' || code === 'service_unavailable') fail({ kind: 'no-model', detail });
      else if (code === 'payload_too_large') fail({ kind: 'too-long', detail });
      // A per-user limit: the platform's text, in the interface language, says when to try again.
      else if (code === 'rate_limited' || !detail) fail({ kind: 'failed', detail: errorMessageText(error, currentLanguage()) });
      else fail({ kind: 'failed', detail });
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
    setStatus('idle');
  }, []);

  return { status, output, failure, rewrite, stop, reset };
}
