/**
 * A `retry-after` value in whole seconds: delay-seconds, or an HTTP date (from now); undefined if
 * absent or unreadable. Read by the API clients and the telemetry transports alike; a module of
 * its own, so the lazily loaded telemetry modules do not import the HTTP client.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
