/**
 * The telemetry numbers of SPEC section 9 and the types the lazily loaded parts share with their
 * facades (kept here so that a facade and the module it loads do not import each other).
 */

export const PROBE_TIMEOUT_MS = 100;
export const TRACE_BATCH_SIZE = 512;
export const TRACE_QUEUE_SIZE = 2048;
export const TRACE_EXPORT_DELAY_MS = 5000;
export const TRACE_EXPORT_TIMEOUT_MS = 30_000;
export const TRACE_RETRIES = 5;

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  initialBackoffMs: number;
  multiplier: number;
  maxBackoffMs: number;
}

/** 5 retries with back-off starting at 1 s, growing by 1.5, up to 5 s (SPEC section 9). */
export const TRACE_RETRY: RetryPolicy = { retries: TRACE_RETRIES, initialBackoffMs: 1000, multiplier: 1.5, maxBackoffMs: 5000 };

/** The `BatchSpanProcessor`'s options (SPEC section 9: batch 512, queue 2048, delay 5 s, timeout 30 s). */
export const TRACE_BATCH_CONFIG = {
  maxExportBatchSize: TRACE_BATCH_SIZE,
  maxQueueSize: TRACE_QUEUE_SIZE,
  scheduledDelayMillis: TRACE_EXPORT_DELAY_MS,
  exportTimeoutMillis: TRACE_EXPORT_TIMEOUT_MS,
} as const;

export type SpanAttributes = Record<string, string | number | boolean>;

export interface Span {
  setAttribute(key: string, value: string | number | boolean): void;
  /** Marks the span failed with the error's message (sensitive URL parameters taken out). */
  recordError(error: unknown): void;
  end(): void;
  /**
   * Runs `fn` with this span as the active span. A `fetch` called synchronously inside becomes its
   * child and carries its trace id in `traceparent` (the context does not survive an `await`).
   */
  run<T>(fn: () => T): T;
  /** The span's trace id; undefined for the no-op span. */
  readonly traceId?: string;
}

/** 250 ms or 50 items (SPEC section 9). */
export const FARO_BATCHING = { sendTimeout: 250, itemLimit: 50 } as const;
/** A session lasts at most 4 h (SPEC section 9). */
export const FARO_SESSION_MAX_MS = 14_400_000;
/** A session ends after 15 min without activity (SPEC section 9). */
export const FARO_SESSION_INACTIVITY_MS = 15 * 60 * 1000;

export interface FaroSetup {
  url: string;
  appName: string;
  appVersion?: string;
  environment?: string;
  /** URLs whose requests Faro does not record (the other collectors, the identity provider). */
  ignoreUrls: (string | RegExp)[];
  /** The transport's fetch (tests). */
  fetch?: typeof fetch;
}

