import type { ApiErrorLimit } from '@assistant/contracts';
import { ApiRequestError, budgetExhaustedMessage, currentLanguage, errorMessageText, type TextStreamFailures, type TextStreamState } from '@assistant/platform';

/**
 * Why a call of a use case failed, by the error's stable `code` (DESIGN.md section 9); `detail`
 * is the server's sentence for people, shown under the localized title.
 */
export interface UseCaseFailure {
  kind:
    | 'too-large'
    | 'unsupported-type'
    | 'no-text'
    | 'forbidden'
    | 'not-found'
    | 'conflict'
    | 'invalid'
    | 'no-model'
    | 'rate-limited'
    | 'budget-exhausted'
    | 'timeout'
    | 'incomplete'
    | 'failed';
  detail?: string;
  limit?: ApiErrorLimit;
  /** A 400's issues: the path (without "body") and the server's message. */
  issues?: Array<{ path: string[]; message: string }>;
}

export function failureFromError(error: unknown): UseCaseFailure {
  if (!(error instanceof ApiRequestError)) return { kind: 'failed', detail: error instanceof Error ? error.message : undefined };
  if (error.timedOut) return { kind: 'timeout' };
  const detail = error.body?.message;
  const issues = error.body?.issues?.map((issue) => ({
    path: issue.path.map(String).filter((part, index) => !(index === 0 && part === 'body')),
    message: issue.message,
  }));
  switch (error.code) {
    case 'no_text':
      return { kind: 'no-text', detail };
    case 'payload_too_large':
      return { kind: 'too-large', detail, limit: error.body?.limit };
    case 'unsupported_media_type':
      return { kind: 'unsupported-type', detail };
    case 'forbidden':
      return { kind: 'forbidden', detail };
    case 'not_found':
      return { kind: 'not-found', detail };
    case 'conflict':
      return { kind: 'conflict', detail };
    case 'validation_failed':
    case 'bad_request':
      return { kind: 'invalid', detail, issues };
    case 'model_unavailable':
    case 'service_unavailable':
      return { kind: 'no-model', detail };
    case 'upstream_timeout':
      return { kind: 'timeout', detail };
    case 'rate_limited':
      return { kind: 'rate-limited', detail: errorMessageText(error, currentLanguage()) };
    // The platform's text says the day the budget resets (the body's resets_at).
    case 'budget_exhausted':
      return { kind: 'budget-exhausted', detail: errorMessageText(error, currentLanguage()) };
    default:
      return { kind: 'failed', detail };
  }
}

/** The failure of an `error` line inside a stream. */
export function failureFromStreamError(code: string, message: string): UseCaseFailure {
  if (code === 'model_unavailable' || code === 'service_unavailable') return { kind: 'no-model', detail: message };
  if (code === 'payload_too_large' || code === 'input_too_long') return { kind: 'too-large', detail: message };
  if (code === 'upstream_timeout') return { kind: 'timeout', detail: message };
  // The event carries no date: budgets reset at the start of next month.
  if (code === 'budget_exhausted') return { kind: 'budget-exhausted', detail: budgetExhaustedMessage(currentLanguage()) };
  return { kind: 'failed', detail: message };
}

/** How a use case's streamed answer names its failures (the platform's useTextStream). */
export const USE_CASE_FAILURES: TextStreamFailures<UseCaseFailure> = {
  fromError: failureFromError,
  fromStreamError: failureFromStreamError,
  incomplete: { kind: 'incomplete' },
};

/** A use case's streamed answer (summarize, generate, a custom app's run). */
export type UseCaseStream = TextStreamState<UseCaseFailure>;

/** A limit for people: "100,000 characters", "25 MB". */
export function formatLimit(limit: ApiErrorLimit, language: string): string {
  const numbers = new Intl.NumberFormat(language);
  if (limit.unit === 'bytes') return `${numbers.format(Math.round((limit.value / 1024 / 1024) * 10) / 10)} MB`;
  return `${numbers.format(limit.value)} ${limit.unit === 'characters' ? (language === 'de' ? 'Zeichen' : 'characters') : limit.unit}`;
}
