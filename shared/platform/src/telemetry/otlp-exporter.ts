import { context } from '@opentelemetry/api';
import { ExportResultCode, suppressTracing, type ExportResult } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { TRACE_EXPORT_TIMEOUT_MS, TRACE_RETRY, type RetryPolicy } from './config';
import { parseRetryAfter } from '../http/retry-after';

/**
 * The browser's OTLP/HTTP (JSON) span exporter with the spec's retry (SPEC sections 8 and 9).
 *
 * Why not `OTLPTraceExporter` of @opentelemetry/exporter-trace-otlp-http 0.223: its retrying
 * transport has fixed numbers (5 attempts, 1 s x 1.5 up to 5 s) with +-20 % jitter that cannot be
 * configured, honours `retry-after` only for the batch that got it (the next batch is sent into the
 * rate limit), and reports through `diag` only. This exporter uses the same serializer
 * (`JsonTraceSerializer` of @opentelemetry/otlp-transformer, the exporter's own) and:
 *
 * - retries up to `retry.retries` times (5) after 429, 408, 502, 503, 504 or a network error,
 *   waiting 1 s, 1.5 s, 2.25 s, 3.375 s, 5 s (factor 1.5, capped at 5 s, no jitter);
 * - on a 429 the whole exporter pauses: no batch is sent before `retry-after` (seconds or an HTTP
 *   date) has passed, or the current back-off step when the answer names no time;
 * - gives up on other answers, or when the next attempt would fall after the export timeout (30 s),
 *   and then only logs (`console.warn`, once per dropped batch); it never throws;
 * - sends with the un-instrumented `fetch` and tracing suppressed, so an export is never traced.
 */
export interface RetryingOtlpExporterOptions {
  /** The collector's traces URL (for example https://collector/v1/traces). */
  url: string;
  /** Limit for one export including its retries (the batch processor's export timeout). */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Defaults to the global fetch as it was before instrumentation. */
  fetch?: typeof fetch;
  logger?: Pick<Console, 'warn'>;
}

const RETRYABLE = new Set([408, 429, 502, 503, 504]);
const KEEPALIVE_LIMIT = 60_000;

type Attempt = { kind: 'success' } | { kind: 'retry'; waitMs: number; reason: string } | { kind: 'failure'; reason: string };

/** The back-off before retry number `n` (0-based): initial x multiplier^n, capped. */
export function backoffMs(policy: RetryPolicy, n: number): number {
  return Math.min(policy.initialBackoffMs * policy.multiplier ** n, policy.maxBackoffMs);
}

function uninstrumentedFetch(): typeof fetch {
  const current = globalThis.fetch as typeof fetch & { __original?: typeof fetch };
  return current.__original ?? current;
}

export class RetryingOtlpSpanExporter implements SpanExporter {
  readonly url: string;
  readonly retry: RetryPolicy;
  readonly timeoutMs: number;
  /** Until when (epoch ms) nothing is sent, after a 429. */
  pausedUntil = 0;
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly logger: Pick<Console, 'warn'>;
  private readonly pending = new Set<Promise<void>>();
  private stopped = false;

  constructor(options: RetryingOtlpExporterOptions) {
    this.url = options.url;
    this.retry = options.retry ?? TRACE_RETRY;
    this.timeoutMs = options.timeoutMs ?? TRACE_EXPORT_TIMEOUT_MS;
    this.fetchImpl = options.fetch;
    this.logger = options.logger ?? console;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    if (this.stopped) {
      resultCallback({ code: ExportResultCode.FAILED, error: new Error('Exporter is shut down') });
      return;
    }
    const body = JsonTraceSerializer.serializeRequest(spans);
    if (!body) {
      resultCallback({ code: ExportResultCode.FAILED, error: new Error('Nothing to send') });
      return;
    }
    const task = this.send(body, spans.length).then(resultCallback);
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  async forceFlush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async shutdown(): Promise<void> {
    this.stopped = true;
    await this.forceFlush();
  }

  /** One batch: attempts until success, a final failure, the retry limit or the deadline. */
  private async send(body: Uint8Array, count: number): Promise<ExportResult> {
    const deadline = Date.now() + this.timeoutMs;
    let waitMs = 0;
    let reason = '';
    for (let attempt = 0; attempt <= this.retry.retries; attempt += 1) {
      const startAt = Math.max(Date.now() + waitMs, this.pausedUntil);
      if (startAt >= deadline) {
        reason = `${reason}; the next attempt would pass the ${this.timeoutMs} ms export timeout`;
        break;
      }
      if (startAt > Date.now()) await sleep(startAt - Date.now());
      const outcome = await this.attempt(body, deadline - Date.now(), attempt);
      if (outcome.kind === 'success') return { code: ExportResultCode.SUCCESS };
      reason = outcome.reason;
      if (outcome.kind === 'failure') return this.giveUp(count, reason);
      waitMs = outcome.waitMs;
      if (attempt === this.retry.retries) reason = `${reason}; ${this.retry.retries} retries used`;
    }
    return this.giveUp(count, reason);
  }

  private giveUp(count: number, reason: string): ExportResult {
    this.logger.warn(`Trace export failed (${reason}); ${count} span(s) dropped`);
    return { code: ExportResultCode.FAILED, error: new Error(`Trace export failed: ${reason}`) };
  }

  private async attempt(body: Uint8Array, timeoutMs: number, attempt: number): Promise<Attempt> {
    const backoff = backoffMs(this.retry, attempt);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const doFetch = this.fetchImpl ?? uninstrumentedFetch();
    const url = new URL(this.url, globalThis.location?.href);
    try {
      const response = await context.with(suppressTracing(context.active()), () =>
        doFetch(url.href, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: body as BodyInit,
          signal: controller.signal,
          keepalive: body.byteLength < KEEPALIVE_LIMIT,
          mode: globalThis.location && globalThis.location.origin === url.origin ? 'same-origin' : 'cors',
        }),
      );
      response.body?.cancel().catch(() => undefined);
      if (response.ok) return { kind: 'success' };
      const reason = `status ${response.status}`;
      if (!RETRYABLE.has(response.status)) return { kind: 'failure', reason };
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      const waitMs = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : backoff;
      // SPEC section 8: a 429 pauses the transport, not only this batch.
      if (response.status === 429) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + waitMs);
      return { kind: 'retry', waitMs, reason };
    } catch (error) {
      const reason = controller.signal.aborted ? 'timed out' : error instanceof Error ? error.message : String(error);
      return { kind: 'retry', waitMs: backoff, reason };
    } finally {
      clearTimeout(timer);
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
