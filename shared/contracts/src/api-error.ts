import { z } from 'zod';

/** The body of every error answer of the server (4xx and 5xx). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** zod issues of a refused request, so a client can point at the wrong field. */
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string(), code: z.string().optional() }))
    .optional(),
  /** What kind of refusal, for a client to act on; so far `rate_limited` (a 429 of a per-user limit). */
  code: z.string().optional(),
  /** With a 429: seconds until a new try may succeed (the same as the `retry-after` header). */
  retry_after_seconds: z.number().int().nonnegative().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const healthResponseSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
