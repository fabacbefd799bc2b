import { z } from './zod-mini';

/**
 * The building blocks of common.ts that the shell's start-up path needs (links, e-mail, counts,
 * messages), written with `zod/mini` so that the start-up bundle carries only what it uses.
 * Both entry points export them: `@assistant/contracts` (through common.ts) and
 * `@assistant/contracts/startup`. Messages are plain English because they reach the user through
 * "Response validation failed: ..." and the server's 400 answers.
 */

export const MESSAGES = {
  empty: 'Must not be empty',
  belowZero: 'Must not be below 0',
  wholeNumber: 'Must be a whole number',
  url: 'Must be a URL (https://...)',
  email: 'Must be an email address',
  uuid: 'Must be a UUID',
  dateTime: 'Must be an ISO 8601 date-time with time zone, such as 2025-06-01T12:00:00Z',
} as const;

/** Offsets, counts and sizes: SPEC section 5 says non-negative integers. */
export const nonNegativeIntSchema = z.number().check(z.int(MESSAGES.wholeNumber), z.gte(0, MESSAGES.belowZero));

/**
 * A link a user can open. Only http and https: document text and model output are untrusted
 * (DESIGN section 8), so javascript: and data: links are refused at the contract already.
 */
export const httpUrlSchema = z.url({ protocol: /^https?$/, message: MESSAGES.url });

export const emailSchema = z.email(MESSAGES.email);

/** The message for a value outside a fixed list. */
export function mustBeOneOf(values: ReadonlyArray<string>): string {
  return `Must be one of ${values.join(', ')}`;
}
