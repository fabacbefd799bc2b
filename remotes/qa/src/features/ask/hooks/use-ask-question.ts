import type { QaChatRequest } from '@assistant/contracts';
import { ApiRequestError, notifyError } from '@assistant/platform';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { QaExchange } from '../../../qa-exchange';
import { askQuestion } from '../api/ask-question';
import { applyQaEvent, emptyAnswerDraft, type AnswerDraft } from '../model/answer-draft';

/** What is shown while an answer streams: the exchange so far, and whether the documents are being searched. */
export interface LiveExchange {
  exchange: QaExchange;
  searching: boolean;
}

function exchangeOf(start: QaExchange, draft: AnswerDraft, status: QaExchange['status'], errorCode?: string): QaExchange {
  const exchange: QaExchange = { ...start, answer: draft.answer, documents: draft.documents, status };
  if (draft.traceId) exchange.traceId = draft.traceId;
  if (errorCode) exchange.errorCode = errorCode;
  return exchange;
}

/**
 * Asks one question at a time (POST qa/chat) and follows its stream: the events go through a pure
 * reducer (model/answer-draft.ts); the growing exchange is shown at most once per animation frame,
 * inside a transition, so typing stays responsive. `ask` resolves with the ended exchange
 * (complete, stopped or error); `stop` aborts the request (the server stops the model). Leaving
 * the screen aborts it too.
 */
export function useAskQuestion() {
  const [live, setLive] = useState<LiveExchange | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const frameRef = useRef<Frame['current']>(null);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      cancelFrame(frameRef);
    },
    [],
  );

  const ask = useCallback(async (start: QaExchange, request: QaChatRequest): Promise<QaExchange | undefined> => {
    if (controllerRef.current) return undefined;
    const controller = new AbortController();
    controllerRef.current = controller;
    let draft = emptyAnswerDraft;
    setLive({ exchange: exchangeOf(start, draft, 'streaming'), searching: false });
    let failure: string | undefined;
    try {
      const events = await askQuestion(request, controller.signal);
      for await (const event of events) {
        const next = applyQaEvent(draft, event);
        if (next === draft) continue;
        draft = next;
        if (draft.phase !== 'streaming') break;
        // The frame shows the newest draft (later events of the same frame included).
        scheduleFrame(frameRef, () => {
          const shown = draft;
          startTransition(() => setLive({ exchange: exchangeOf(start, shown, 'streaming'), searching: shown.searching }));
        });
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        console.warn('Asking the question failed', error);
        failure = error instanceof ApiRequestError ? (error.code ?? 'failed') : 'failed';
        if (error instanceof ApiRequestError && error.code === 'rate_limited') notifyError(error);
      }
    }
    cancelFrame(frameRef);
    if (controllerRef.current === controller) controllerRef.current = null;
    setLive(null);
    if (controller.signal.aborted && draft.phase === 'streaming') return exchangeOf(start, draft, 'stopped');
    if (failure !== undefined) return exchangeOf(start, draft, 'error', failure);
    if (draft.phase === 'error') return exchangeOf(start, draft, 'error', draft.error?.code ?? 'internal');
    if (draft.phase !== 'done') return exchangeOf(start, draft, 'error', 'ended');
    return exchangeOf(start, draft, 'complete');
  }, []);

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { live, ask, stop };
}

interface Frame {
  current: { raf: number; timer: ReturnType<typeof setTimeout> } | null;
}

/**
 * Runs `commit` at the next animation frame, or after FRAME_FALLBACK_MS when frames do not come
 * (a background tab, a test DOM): whichever is first; once per frame however many events came.
 */
const FRAME_FALLBACK_MS = 50;

function scheduleFrame(frameRef: Frame, commit: () => void): void {
  if (frameRef.current) return;
  const run = () => {
    cancelFrame(frameRef);
    commit();
  };
  const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : 0;
  frameRef.current = { raf, timer: setTimeout(run, FRAME_FALLBACK_MS) };
}

function cancelFrame(frameRef: Frame): void {
  const frame = frameRef.current;
  if (!frame) return;
  if (frame.raf && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame.raf);
  clearTimeout(frame.timer);
  frameRef.current = null;
}
