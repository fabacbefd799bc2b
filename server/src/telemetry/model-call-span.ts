import { SpanKind, SpanStatusCode, context, trace, type Span } from '@opentelemetry/api';
import {
  AnswerTooLongError,
  ModelUnavailableError,
  UpstreamError,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
  isAbortError,
} from '../inference/upstream';

/**
 * One call of a language model (or the embeddings endpoint) as a span with the OpenTelemetry
 * gen_ai attributes, and as figures for the metrics (metrics.ts): duration, time to first token,
 * errors by kind, streams in progress. Never the prompt, the answer or any document text: only
 * the model, the operation, whether it streamed, token counts when the endpoint says them
 * (`usage`), the finish reason and the kind of a failure.
 *
 * The span is the active one while the request goes out (`run`), so the HTTP span of the SDK's
 * fetch (undici instrumentation) is its child; without a registered tracer provider (tracing
 * off) the API hands out a no-op span and this costs next to nothing.
 */

/** How a model call failed, as the `kind` label of `assistant_model_errors_total`. */
export type ModelErrorKind =
  | 'timeout'
  | 'rate_limited'
  | 'upstream_4xx'
  | 'upstream_5xx'
  | 'network'
  | 'unavailable'
  | 'too_long'
  | 'upstream_error'
  | 'other';

export type ModelOperation = 'chat' | 'embeddings';

export interface ModelCallInfo {
  operation: ModelOperation;
  model: string;
  streamed: boolean;
  /** The endpoint's base URL (server.address / server.port of the span). */
  baseUrl?: string | undefined;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  /** The caller's signal: a call that ends after it aborted is cancelled, not failed. */
  signal?: AbortSignal | undefined;
}

/** What a finished call tells the metrics. */
export interface ModelCallOutcome {
  operation: ModelOperation;
  model: string;
  streamed: boolean;
  durationSeconds: number;
  /** Seconds to the first streamed piece (answer, reasoning or tool call); absent when none came. */
  timeToFirstTokenSeconds: number | undefined;
  /** Set when the call failed (not when the caller cancelled it). */
  errorKind: ModelErrorKind | undefined;
  cancelled: boolean;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

/** Receives model calls (metrics.ts implements it); the provider works without one. */
export interface ModelCallObserver {
  /** A streamed answer is being read (the gauge of active streams goes up). */
  streamOpened(info: ModelCallInfo): void;
  /** The answer's reading ended, however (the gauge goes down). */
  streamClosed(info: ModelCallInfo): void;
  ended(outcome: ModelCallOutcome): void;
}

const tracer = () => trace.getTracer('assistant-server/model');

/** Usage as OpenAI-compatible endpoints report it (whole answers; a stream's last chunk, when asked). */
interface Usage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
}

export class ModelCall {
  readonly span: Span;
  private readonly startedAt = performance.now();
  private firstTokenAt: number | undefined;
  private inputTokens: number | undefined;
  private outputTokens: number | undefined;
  private streamOpen = false;
  private ended = false;

  constructor(
    private readonly observer: ModelCallObserver | undefined,
    readonly info: ModelCallInfo,
  ) {
    const server = serverOf(info.baseUrl);
    this.span = tracer().startSpan(`${info.operation} ${info.model}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'gen_ai.operation.name': info.operation,
        // Any OpenAI-compatible endpoint, spoken to through the openai SDK.
        'gen_ai.provider.name': 'openai',
        'gen_ai.system': 'openai',
        'gen_ai.request.model': info.model,
        'assistant.model.streamed': info.streamed,
        ...(info.maxTokens === undefined ? {} : { 'gen_ai.request.max_tokens': info.maxTokens }),
        ...(info.temperature === undefined ? {} : { 'gen_ai.request.temperature': info.temperature }),
        ...(server ? { 'server.address': server.address, 'server.port': server.port } : {}),
      },
    });
  }

  /** Runs `work` with this call's span active: the SDK's HTTP request becomes its child. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return context.with(trace.setSpan(context.active(), this.span), work);
  }

  /** A streamed answer starts being read. */
  streamOpened(): void {
    if (this.streamOpen || this.ended) return;
    this.streamOpen = true;
    this.observer?.streamOpened(this.info);
  }

  /** A piece of the answer arrived (text, reasoning or a tool call); the first one sets the time to first token. */
  firstToken(): void {
    if (this.firstTokenAt !== undefined) return;
    this.firstTokenAt = performance.now();
    this.span.addEvent('gen_ai.first_token');
    this.span.setAttribute('assistant.model.time_to_first_token_ms', Math.round(this.firstTokenAt - this.startedAt));
  }

  /** What a chunk or a whole answer says about itself: the model that answered, usage, finish reason. */
  response(answer: { model?: unknown; usage?: Usage | null; choices?: Array<{ finish_reason?: unknown }> | null }): void {
    if (typeof answer.model === 'string' && answer.model) this.span.setAttribute('gen_ai.response.model', answer.model);
    const reason = answer.choices?.[0]?.finish_reason;
    if (typeof reason === 'string' && reason) this.span.setAttribute('gen_ai.response.finish_reasons', [reason]);
    this.usage(answer.usage);
  }

  usage(usage: Usage | null | undefined): void {
    if (!usage) return;
    if (typeof usage.prompt_tokens === 'number') {
      this.inputTokens = usage.prompt_tokens;
      this.span.setAttribute('gen_ai.usage.input_tokens', usage.prompt_tokens);
    }
    if (typeof usage.completion_tokens === 'number') {
      this.outputTokens = usage.completion_tokens;
      this.span.setAttribute('gen_ai.usage.output_tokens', usage.completion_tokens);
    }
  }

  /** Ends the call (only the first end counts): `error` is what the caller will see, if anything. */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    const cancelled = this.info.signal?.aborted === true || (error !== undefined && isAbortError(error));
    const errorKind = error === undefined || cancelled ? undefined : modelErrorKind(error);
    if (errorKind) {
      // The kind only: an upstream's error text may quote the request.
      this.span.setAttribute('error.type', errorKind);
      if (error instanceof UpstreamError && error.status !== undefined) this.span.setAttribute('http.response.status_code', error.status);
      this.span.setStatus({ code: SpanStatusCode.ERROR, message: errorKind });
    } else if (cancelled) {
      this.span.setAttribute('assistant.model.cancelled', true);
    }
    this.span.end();
    if (this.streamOpen) this.observer?.streamClosed(this.info);
    this.observer?.ended({
      operation: this.info.operation,
      model: this.info.model,
      streamed: this.info.streamed,
      durationSeconds: (performance.now() - this.startedAt) / 1000,
      timeToFirstTokenSeconds: this.firstTokenAt === undefined ? undefined : (this.firstTokenAt - this.startedAt) / 1000,
      errorKind,
      cancelled,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
    });
  }
}

export function startModelCall(observer: ModelCallObserver | undefined, info: ModelCallInfo): ModelCall {
  return new ModelCall(observer, info);
}

/** The kind of a model call's failure, from the errors of inference/upstream.ts. */
export function modelErrorKind(error: unknown): ModelErrorKind {
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof ModelUnavailableError) return 'unavailable';
  if (error instanceof UpstreamUnreachableError) return 'network';
  if (error instanceof AnswerTooLongError) return 'too_long';
  if (error instanceof UpstreamError) {
    const status = error.status;
    if (status === 429) return 'rate_limited';
    if (status !== undefined && status >= 400 && status < 500) return 'upstream_4xx';
    if (status !== undefined && status >= 500) return 'upstream_5xx';
    // A connection cut in the middle of an answer.
    if (/broke off/.test(error.message)) return 'network';
    return 'upstream_error';
  }
  return 'other';
}

function serverOf(baseUrl: string | undefined): { address: string; port: number } | undefined {
  if (!baseUrl) return undefined;
  try {
    const url = new URL(baseUrl);
    return { address: url.hostname, port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
  } catch {
    return undefined;
  }
}
