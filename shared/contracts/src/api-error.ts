import { z } from './zod-mini';
import { mustBeOneOf, nonNegativeIntSchema } from './basics';

/**
 * Stable, machine-readable kinds of refusal, each with the HTTP status it is sent with: every
 * error answer of our server carries one as `code`, and clients branch on it, never on `message`
 * (which is English for people and may change) nor on the status. docs/contracts.md "api-error.ts"
 * says what each one means. zod/mini: every API client reads error bodies, so they are on the
 * shell's start-up path.
 */
const API_ERROR_STATUS = {
  /** the request does not match its schema; `issues` name the wrong fields. */
  validation_failed: 400,
  /** any other request the server cannot take (bad JSON, an empty upload). */
  bad_request: 400,
  /** a multipart body without boundary, or one that ends early. */
  malformed_multipart: 400,
  /** a language model the server does not offer. */
  unknown_model: 400,
  /** a language pair the chosen translation engine does not offer. */
  unsupported_language: 400,
  /** images with a question for a model that does not accept them. */
  images_not_supported: 400,
  /** no valid bearer token. */
  unauthorized: 401,
  /** signed in, but not allowed to do this. */
  forbidden: 403,
  /** missing, or another user's (never told apart). */
  not_found: 404,
  /** the request clashes with what is stored. */
  conflict: 409,
  /** the sources of an answer are still being computed; ask again (polled every 2 s). */
  sources_not_ready: 409,
  /** the sources of an answer could not be computed (no passages, or the judgement failed). */
  sources_failed: 422,
  /** a document has no text to work on (empty, or it could not be read). */
  no_text: 422,
  /** too large; `limit` says the limit and its unit. */
  payload_too_large: 413,
  /** a file or body of a type the server does not take. */
  unsupported_media_type: 415,
  /** a per-user limit; `retry_after_seconds` says when to try again. */
  rate_limited: 429,
  /** the user's monthly budget of model calls is used up; `resets_at` says when it starts again. */
  budget_exhausted: 429,
  /** the client went away before the answer (only ever seen in logs). */
  client_closed_request: 499,
  /** anything unexpected; the details are in the server's log. */
  internal: 500,
  /** the server knows the request but does not do it yet. */
  not_implemented: 501,
  /** a service the server called (model endpoint, translation engine) failed. */
  upstream_failed: 502,
  /** no language model is connected or reachable. */
  model_unavailable: 503,
  /** any other service the call needs is not available right now. */
  service_unavailable: 503,
  /** a service the server called did not answer within the request timeout. */
  upstream_timeout: 504,
} as const satisfies Record<string, number>;
export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
export const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]];
export const apiErrorCodeSchema = z.enum(API_ERROR_CODES, { error: mustBeOneOf(API_ERROR_CODES) });

/** The HTTP status `code` is sent with (the OpenAPI document lists each status's codes). */
export function apiErrorStatusOf(code: ApiErrorCode): number {
  return API_ERROR_STATUS[code];
}

/** Whether `code` says the request itself was refused (a 400): its `message` says what to change. */
export function isRefusedRequest(code: ApiErrorCode | undefined): boolean {
  return code !== undefined && API_ERROR_STATUS[code] === 400;
}

/** Whether `code` is a failure on the server's side (a 5xx): the same request may succeed later. */
export function isServerFault(code: ApiErrorCode | undefined): boolean {
  return code !== undefined && API_ERROR_STATUS[code] >= 500;
}

/** Units of a 413's `limit`. */
export const LIMIT_UNITS = ['characters', 'bytes', 'files'] as const;
export type LimitUnit = (typeof LIMIT_UNITS)[number];

/** The limit a 413 ran into: `value` in `unit` (one of LIMIT_UNITS; any non-empty unit parses, for newer servers). */
export const apiErrorLimitSchema = z.object({
  value: nonNegativeIntSchema,
  unit: z.string().check(z.minLength(1, 'Must not be empty')),
});
export type ApiErrorLimit = z.infer<typeof apiErrorLimitSchema>;

/**
 * The body of every error answer of the server (4xx and 5xx). Loose: a refusal may carry more
 * (a 409's `current`, the version stored now), which a client reads with its own schema.
 */
export const apiErrorSchema = z.looseObject({
  statusCode: z.int(),
  error: z.string(),
  /** For people (English); never parsed. */
  message: z.string(),
  /** zod issues of a refused request, so a client can point at the wrong field. */
  issues: z.optional(
    z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string(), code: z.optional(z.string()) })),
  ),
  /**
   * One of API_ERROR_CODES; our server always sends one. Optional and any string, so that another
   * server's body (without it) or a newer server's code still parses: read it with apiErrorCodeOf.
   */
  code: z.optional(z.string()),
  /** With a 413: the limit that was exceeded. */
  limit: z.optional(apiErrorLimitSchema),
  /** With a 429: seconds until a new try may succeed (the same as the `retry-after` header). */
  retry_after_seconds: z.optional(z.int().check(z.gte(0))),
  /** With `budget_exhausted`: when the budget starts again (ISO date-time). */
  resets_at: z.optional(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The code an error answer of this status has when nothing more specific is known. */
export function apiErrorCodeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 499:
      return 'client_closed_request';
    case 501:
      return 'not_implemented';
    case 502:
      return 'upstream_failed';
    case 503:
      return 'service_unavailable';
    case 504:
      return 'upstream_timeout';
    default:
      return status >= 400 && status < 500 ? 'bad_request' : 'internal';
  }
}

/**
 * The code a client acts on: the body's `code` when it is one of API_ERROR_CODES, else the
 * default of the status (another server, or a code newer than this client); undefined without a
 * status (no answer at all).
 */
export function apiErrorCodeOf(status: number | undefined, body: { code?: string | undefined } | undefined): ApiErrorCode | undefined {
  // A lookup, not apiErrorCodeSchema: every client error reads this, on the shell's start-up path.
  const code = body?.code;
  if (code !== undefined && Object.hasOwn(API_ERROR_STATUS, code)) return code as ApiErrorCode;
  return status === undefined ? undefined : apiErrorCodeForStatus(status);
}

type Issue = { path: Array<string | number>; message: string; code?: string | undefined };

/**
 * A refused request (400 `validation_failed`), worded the one way the server and the
 * browser-kept history both answer it: `where` (body, querystring, params) leads every issue's
 * path, and the message lists each issue as `field.path: message`.
 */
export function validationFailure(where: string, issues: Issue[]): { code: 'validation_failed'; message: string; issues: Issue[] } {
  const located = issues.map((issue) => ({ ...issue, path: [where, ...issue.path] }));
  const listed = issues.map((issue) => `${issue.path.join('.') || where}: ${issue.message}`).join('; ');
  return { code: 'validation_failed', message: `Invalid ${where}: ${listed}`, issues: located };
}

export const healthResponseSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The response header with the server's id of the request (every answer, errors included): what a bug report quotes. */
export const REQUEST_ID_HEADER = 'x-request-id';
