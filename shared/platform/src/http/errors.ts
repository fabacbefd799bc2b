import { apiErrorCodeOf, isServerFault, type ApiError, type ApiErrorCode } from '@assistant/contracts/startup';

/**
 * The error classes of SPEC section 8. Each carries a `messageKey` that the notification layer
 * looks up in the error-message map (notifications/error-messages.ts), so the user never sees the
 * English technical message itself.
 */

/** Any failed call: network error, timeout, non-2xx answer. "API request failed: {detail}". */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** HTTP status when the server answered; undefined for a network error or a timeout. */
  readonly status: number | undefined;
  /** The server's error body (apiErrorSchema) when it sent one, with every field it had (`code`, `limit`, a 409's `current`). */
  readonly body: ApiError | undefined;
  /** True when the request was stopped by the configured request timeout. */
  readonly timedOut: boolean;
  /** Seconds to wait before trying again: the `retry-after` header, else the body's `retry_after_seconds`. */
  readonly retryAfterSeconds: number | undefined;
  /** The server's id of the request (its `x-request-id` header), when it answered: developer mode shows it. */
  readonly requestId: string | undefined;
  readonly detail: string;

  constructor(
    detail: string,
    options: { status?: number; body?: ApiError; timedOut?: boolean; retryAfterSeconds?: number; requestId?: string; cause?: unknown } = {},
  ) {
    super(`API request failed: ${detail}`, { cause: options.cause });
    this.detail = detail;
    this.status = options.status;
    this.body = options.body;
    this.timedOut = options.timedOut ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds ?? options.body?.retry_after_seconds;
    this.requestId = options.requestId;
  }

  /**
   * A field of the error body beyond the common ones (a 409's `current`: the version stored now),
   * checked with the caller's schema: the body is the server's word, not yet a value of the
   * caller's type. Undefined when the body has no such field or it does not match.
   */
  bodyField<T>(name: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | undefined {
    if (this.body === undefined || !Object.hasOwn(this.body, name)) return undefined;
    const parsed = schema.safeParse(this.body[name]);
    return parsed.success ? parsed.data : undefined;
  }

  /**
   * What went wrong, as the contract's stable code (API_ERROR_CODES): the body's `code`, else the
   * default of the status (another server's body); undefined when no answer came (network error,
   * timeout). Clients branch on this, never on `status` (DESIGN.md section 9, docs/linting.md).
   */
  get code(): ApiErrorCode | undefined {
    return apiErrorCodeOf(this.status, this.body);
  }

  /** Key into the error-message map: by code, timeout or network failure. */
  get messageKey(): string {
    if (this.timedOut) return 'request-timeout';
    switch (this.code) {
      case undefined:
        return 'network';
      case 'unauthorized':
        return 'unauthorized';
      case 'forbidden':
        return 'forbidden';
      case 'not_found':
        return 'not-found';
      case 'payload_too_large':
        return 'payload-too-large';
      case 'rate_limited':
        return 'rate-limited';
      case 'budget_exhausted':
        return 'budget-exhausted';
      default:
        return isServerFault(this.code) ? 'server-error' : 'request-failed';
    }
  }

  /**
   * Values for the message text: a 429 says in how many seconds to try again (`count`); a used-up
   * budget says when it starts again (`resetsAt`).
   */
  get messageValues(): { count: number } | { resetsAt: string } | undefined {
    if (this.code === 'budget_exhausted') return { resetsAt: budgetResetsAt(this.body?.resets_at) };
    return this.code === 'rate_limited' && this.retryAfterSeconds !== undefined ? { count: this.retryAfterSeconds } : undefined;
  }
}

/**
 * When a used-up budget starts again: the server's `resets_at` when it sent a valid one, else the
 * start of next month (UTC), when monthly budgets reset (contracts: usage.ts). A stream's error
 * event carries no date, so its describers use the second.
 */
export function budgetResetsAt(resetsAt: string | undefined, now: Date = new Date()): string {
  if (resetsAt !== undefined && !Number.isNaN(Date.parse(resetsAt))) return resetsAt;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

/** The answer did not match the caller's zod schema. "Response validation failed: {detail}". */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  readonly messageKey = 'response-invalid';
  readonly detail: string;

  constructor(detail: string, options: { cause?: unknown } = {}) {
    super(`Response validation failed: ${detail}`, { cause: options.cause });
    this.detail = detail;
  }
}

/** The caller aborted (AbortSignal). "Request aborted: {detail}". */
export class RequestAbortedError extends Error {
  override readonly name = 'RequestAbortedError';
  readonly messageKey = 'request-aborted';
  readonly detail: string;

  constructor(detail: string, options: { cause?: unknown } = {}) {
    super(`Request aborted: ${detail}`, { cause: options.cause });
    this.detail = detail;
  }
}

export const NO_TOKEN_MESSAGE = 'No token available. Redirecting to login.';

/** A call that needs a token found none (or an invalid session); sign-in has been started. */
export class NotAuthenticatedError extends Error {
  override readonly name = 'NotAuthenticatedError';
  readonly messageKey = 'not-authenticated';

  constructor() {
    super(NO_TOKEN_MESSAGE);
  }
}

/** The reason of an aborted signal as readable text. */
export function abortDetail(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string' && reason) return reason;
  return 'the request was cancelled';
}
