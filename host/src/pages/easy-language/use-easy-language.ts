import { apiErrorCodeOf, streamEventSchema, type EasyLanguageRequest } from '@assistant/contracts';
import {
  ApiRequestError,
  apiClients,
  budgetExhaustedMessage,
  currentLanguage,
  errorMessageText,
  useTextStream,
  type TextStreamFailures,
  type TextStreamStatus,
} from '@assistant/platform';
import { useCallback } from 'react';

export type RewriteStatus = TextStreamStatus;

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

const FAILURES: TextStreamFailures<RewriteFailure> = {
  fromError(error) {
    // By the error body's code (docs/contracts.md); the status only when a server sends none.
    const code = error instanceof ApiRequestError ? apiErrorCodeOf(error.status, error.body) : undefined;
    const detail = error instanceof ApiRequestError ? error.body?.message : undefined;
    if (code === 'model_unavailable' || code === 'service_unavailable') return { kind: 'no-model', detail };
    if (code === 'payload_too_large') return { kind: 'too-long', detail };
    // A per-user limit or a used-up budget: the platform's text, in the interface language, says
    // when to try again (the budget: the day it resets).
    if (code === 'rate_limited' || code === 'budget_exhausted' || !detail) return { kind: 'failed', detail: errorMessageText(error, currentLanguage()) };
    return { kind: 'failed', detail };
  },
  fromStreamError: (code, message) =>
    code === 'budget_exhausted'
      ? { kind: 'failed', detail: budgetExhaustedMessage(currentLanguage()) }
      : { kind: code === 'model_unavailable' ? 'no-model' : code === 'input_too_long' ? 'too-long' : 'failed', detail: message },
  incomplete: { kind: 'incomplete' },
};

/**
 * POST /api/easy-language, streamed as JSON lines of the stream envelope and read into the
 * rewritten text (the platform's useTextStream). A 503 before the stream means no model.
 */
export function useEasyLanguage(): EasyLanguageState {
  const { status, output, failure, start, stop, reset } = useTextStream(FAILURES);
  const rewrite = useCallback(
    (request: EasyLanguageRequest) => start((signal) => apiClients().api.stream('easy-language', request, streamEventSchema, signal)),
    [start],
  );
  return { status, output, failure, rewrite, stop, reset };
}
