/**
 * Failures of the services the server calls on a user's behalf (model endpoint, DeepL,
 * LibreTranslate), worded for the operator: the message names the service and the problem (its
 * HTTP status, its own error text, the address that could not be reached, the setting to check),
 * never a stack or a key. It goes to the log; users get a stable code and a sentence of our own
 * (public-failure.ts), apart from the timeout and length messages, which hold no internals.
 */

/** The service answered with an error or with something that is not the expected answer. */
export class UpstreamError extends Error {
  constructor(
    /** The service's name as a user knows it ("DeepL", "The model endpoint"). */
    readonly service: string,
    message: string,
    /** The service's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** The service could not be reached at all (connection refused, DNS, TLS). */
export class UpstreamUnreachableError extends UpstreamError {
  constructor(service: string, message = `${service} could not be reached`) {
    super(service, message);
    this.name = 'UpstreamUnreachableError';
  }
}

/** The service did not answer within the request timeout (REQUEST_TIMEOUT_SECONDS). */
export class UpstreamTimeoutError extends UpstreamError {
  constructor(service: string, timeoutMs: number) {
    super(service, timeoutMs > 0 ? `${service} did not answer within ${formatSeconds(timeoutMs)}` : `${service} did not answer in time`);
    this.name = 'UpstreamTimeoutError';
  }
}

/** No language model is connected or reachable (no endpoint, or an endpoint listing no model). */
export class ModelUnavailableError extends UpstreamError {
  constructor(message = 'No language model is reachable') {
    super('The model endpoint', message);
    this.name = 'ModelUnavailableError';
  }
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** True for the error an aborted fetch, SDK call or stream throws. */
export function isAbortError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || error.name === 'APIUserAbortError' || error.constructor.name === 'APIUserAbortError')
  );
}

/** The error to throw when the caller's signal aborted the work (the client went away). */
export function abortErrorFrom(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === 'AbortError' ? reason : new DOMException('The request was aborted', 'AbortError');
}

/**
 * Runs `work` with a signal that aborts when `signal` aborts (the client went away) or after
 * `timeoutMs` (0: never). A timeout surfaces as `UpstreamTimeoutError`, the caller's abort as an
 * `AbortError`, whatever the work itself threw on the way out.
 */
export async function withDeadline<T>(
  service: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = new Deadline(service, timeoutMs, signal);
  try {
    return await work(deadline.signal);
  } catch (error) {
    throw deadline.explain(error);
  } finally {
    deadline.dispose();
  }
}

/**
 * An abort signal that follows a caller's signal and a timer; `restart()` re-arms the timer (an
 * idle timeout for streams: the time allowed between two chunks).
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;
  private readonly onCallerAbort = () => {
    clearTimeout(this.timer);
    this.controller.abort(abortErrorFrom(this.caller!));
  };

  constructor(
    private readonly service: string,
    private readonly timeoutMs: number,
    private readonly caller?: AbortSignal,
  ) {
    if (caller?.aborted) this.onCallerAbort();
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.restart();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  restart() {
    clearTimeout(this.timer);
    if (this.timeoutMs <= 0 || this.controller.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new UpstreamTimeoutError(this.service, this.timeoutMs));
    }, this.timeoutMs);
  }

  /** The error to report for `error` thrown by the work: timeout and caller's abort win. */
  explain(error: unknown): unknown {
    if (this.timedOut) return new UpstreamTimeoutError(this.service, this.timeoutMs);
    if (this.caller?.aborted) return abortErrorFrom(this.caller);
    return error;
  }

  /**
   * The work finished (its answer read to the end): stops the timer and stops following the
   * caller, without aborting the signal (an abort costs an exception and listeners at the request
   * that has nothing left to stop).
   */
  finish() {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }

  /** Stops the timer and aborts whatever still listens to the signal (nothing, when the work finished). */
  dispose() {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
    if (!this.controller.signal.aborted) this.controller.abort(new DOMException('Finished', 'AbortError'));
  }
}

export interface JsonResponse {
  status: number;
  ok: boolean;
  body: unknown;
  text: string;
}

/**
 * A JSON call with fetch. Network failures become `UpstreamUnreachableError`; an aborted signal
 * rethrows the abort; the HTTP status is the caller's to judge (engines word their own errors).
 */
export async function fetchJson(
  service: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal },
): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted || isAbortError(error)) throw error;
    throw new UpstreamUnreachableError(service, `${service} could not be reached at ${new URL(url).origin}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (init.signal?.aborted || isAbortError(error)) throw error;
    throw new UpstreamError(service, `${service} broke off its answer`, response.status);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, ok: response.ok, body, text };
}

/** A short, single-line excerpt of a service's own error text, for messages. */
export function excerpt(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The HTTP status an API answers for an upstream failure: 503 no model reachable (for calls
 * that need a model), 504 timeout, 502 any other failure of the service.
 */
export function statusForUpstreamError(error: UpstreamError, options: { unreachableIs503?: boolean } = {}): 502 | 503 | 504 {
  if (error instanceof UpstreamTimeoutError) return 504;
  if (error instanceof ModelUnavailableError) return 503;
  if (options.unreachableIs503 && error instanceof UpstreamUnreachableError) return 503;
  return 502;
}

/**
 * The model's answer grew past MAX_ANSWER_CHARACTERS: reading stopped there (the upstream call is
 * cancelled), so an endpoint that ignores `max_tokens` cannot fill the server's memory.
 */
export class AnswerTooLongError extends UpstreamError {
  constructor(
    service: string,
    readonly limitCharacters: number,
  ) {
    super(service, `The answer was longer than ${limitCharacters.toLocaleString('en')} characters and was cut off there`);
    this.name = 'AnswerTooLongError';
  }
}
