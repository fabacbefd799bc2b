import { trace } from '@opentelemetry/api';
import type { LoggerOptions } from 'pino';

/**
 * The ids of the active span on every log line (`trace_id`, `span_id`), so a line leads to its
 * trace and a trace to its lines. Nothing when no span is active (tracing off, start-up).
 */
export function traceContextMixin(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  // A no-op span (no provider registered) carries the invalid all-zero id.
  if (!traceId || /^0+$/.test(traceId)) return {};
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}`.slice(-2) };
}

/**
 * Keys redacted wherever they appear at the top of a line's object or in a request's headers:
 * credentials, and defensively the fields that would carry a user's or a model's text. The
 * server's own log calls log sizes and ids, never these (docs/observability.md, "Logs").
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  'token',
  'accessToken',
  'access_token',
  'refresh_token',
  'apiKey',
  'api_key',
  'password',
  'app_password',
  'appPassword',
  'credentials',
  'prompt',
  'messages',
  'content',
  'answer',
  'delta',
];

/**
 * The request as Fastify logs it ("incoming request"): method, path without the query string
 * (a conversation's name or a search travels in one), host and peer. No headers.
 */
export function requestLogSerializer(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: req.method,
    url: req.url?.split('?')[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** pino's options for the server: JSON lines, the redactions, the request serializer, and the trace ids when tracing is on. */
export function serverLoggerOptions(level: string, { traceContext }: { traceContext: boolean }): LoggerOptions {
  return {
    level,
    redact: REDACTED_LOG_PATHS,
    serializers: { req: requestLogSerializer },
    ...(traceContext ? { mixin: traceContextMixin } : {}),
  };
}
