/** What the audit log keeps in place of a secret's value. */
export const REDACTED = '[redacted]';

// Keys that hold credentials: passwords, client secrets, API keys, bearer/access/refresh tokens.
// `token` only as a whole word at the end (`bearer_token`, `accessToken`), so that token counts
// of budgets and usage (`monthly_tokens`, `token_budget`) stay readable.
const SECRET_KEY = /password|secret|credential|authorization|api_?key|private_?key|(?:^|_|[a-z])token$/i;

/**
 * A copy of `value` with every secret-named property's value replaced by REDACTED, however deep:
 * the audit log's one guard, so that a writer handing it a whole registration or request never
 * stores a secret. Null stays null (it says "none set", which is no secret).
 */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, SECRET_KEY.test(key) && entry !== null && entry !== undefined ? REDACTED : redactSecrets(entry)]),
  );
}
