import type { TranslateRequest, TranslateResponse } from '@assistant/contracts';
import { RequestAbortedError } from '@assistant/platform';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeTranslateError, type TranslateFailure } from '../model/describe-translate-error';
import { useTranslateTextMutation } from '../api/translate-text';

/** A translation on screen: what was sent and what came back. */
export interface TranslationResult {
  /** The text the segments' sources come from (the source view shows it). */
  sourceText: string;
  response: TranslateResponse;
  /** Target language of the result (its `lang`). */
  targetLanguage: string;
  /** Source language of the result: a code, or 'auto'. */
  sourceLanguage: string;
  /**
   * True after a swap: the "translation" is the user's own original text and the source is the
   * engine's translation, so no engine made what is shown on the right.
   */
  swapped: boolean;
}

export type TranslateStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface TranslateRequestState {
  status: TranslateStatus;
  result: TranslationResult | null;
  failure: TranslateFailure | null;
  translate(request: TranslateRequest): Promise<void>;
  /** Aborts the call under way (the platform's abort error is not a failure). */
  stop(): void;
  /** Forgets result and failure (and stops a call under way). */
  reset(): void;
  /** Replaces the result (the swap puts the translation into the input). */
  setResult(result: TranslationResult | null): void;
}

/**
 * One translate call at a time (the translate mutation), abortable; a new call or leaving the
 * screen aborts the old one. The mutation says whether a call runs, failed or was stopped; the
 * result on screen is kept here, because the swap changes it without a call.
 */
export function useTranslateRequest(): TranslateRequestState {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'de';
  const { mutateAsync, reset: resetMutation, status: mutationStatus, error } = useTranslateTextMutation();
  const [result, setResult] = useState<TranslationResult | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort('left the translation screen'), []);

  const translate = useCallback(
    async (request: TranslateRequest) => {
      controllerRef.current?.abort('a new translation was started');
      const controller = new AbortController();
      controllerRef.current = controller;
      try {
        const response = await mutateAsync({ request, signal: controller.signal });
        if (controllerRef.current !== controller) return;
        setResult({
          sourceText: request.text,
          response,
          targetLanguage: request.target_language,
          sourceLanguage: request.source_language,
          swapped: false,
        });
      } catch (failed) {
        if (controllerRef.current !== controller || failed instanceof RequestAbortedError) return;
        console.warn('Translation failed', failed);
        setResult(null);
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [mutateAsync],
  );

  const stop = useCallback(() => {
    controllerRef.current?.abort('stopped by the user');
  }, []);

  const reset = useCallback(() => {
    const controller = controllerRef.current;
    controllerRef.current = null;
    controller?.abort('cleared by the user');
    resetMutation();
    setResult(null);
  }, [resetMutation]);

  const stopped = error instanceof RequestAbortedError;
  const status: TranslateStatus =
    mutationStatus === 'pending' ? 'running' : mutationStatus === 'success' ? 'done' : mutationStatus === 'error' ? (stopped ? 'stopped' : 'failed') : 'idle';
  const failure = useMemo(
    () => (mutationStatus === 'error' && !stopped ? describeTranslateError(error, language) : null),
    [mutationStatus, stopped, error, language],
  );

  return { status, result, failure, translate, stop, reset, setResult };
}
