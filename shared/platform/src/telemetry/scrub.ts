/**
 * Telemetry never carries tokens or user text (SPEC section 7; docs/browser-telemetry.md). URLs end
 * up in traces (`url.full`) and in Faro's page, view, resource and error items; the sign-in
 * callback's `code` and `state`, tokens of implicit flows and a conversation's `name` are replaced
 * by "redacted" wherever such a query or fragment parameter appears in a string.
 */
export const SENSITIVE_URL_PARAMS = ['access_token', 'id_token', 'refresh_token', 'code', 'state', 'session_state', 'name'] as const;

const SENSITIVE_PARAM = new RegExp(`([?&#;](?:${SENSITIVE_URL_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

/** The text with the values of sensitive URL parameters replaced (any URL inside the text). */
export function scrubUrlParams(text: string): string {
  return text.includes('=') ? text.replace(SENSITIVE_PARAM, '$1redacted') : text;
}

/** A copy of a JSON-like value with every string scrubbed (objects and arrays walked, depth-limited). */
export function scrubDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubUrlParams(value) as T;
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubDeep(item, depth + 1)) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value; // Error objects and the like stay as they are
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) copy[key] = scrubDeep(item, depth + 1);
  return copy as T;
}
