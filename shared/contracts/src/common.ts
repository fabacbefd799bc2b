import { z } from 'zod';

/**
 * Building blocks shared by the resource files, so every schema words the rules of SPEC section 5
 * the same way. Messages are plain English because they reach the user through
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

/** Longest id or name a resource may carry; long enough for any URN, short enough to index. */
export const ID_MAX_LENGTH = 255;

/** Ids and names of SPEC section 3: must be non-empty (whitespace alone counts as empty). */
export const nonEmptyStringSchema = z
  .string()
  .regex(/\S/, MESSAGES.empty)
  .max(ID_MAX_LENGTH, `Must not be longer than ${ID_MAX_LENGTH} characters`);

/** The id of a resource (collection, model, engine, file, stage, ...): opaque, non-empty. */
export const resourceIdSchema = nonEmptyStringSchema;

/** Offsets, counts and sizes: SPEC section 5 says non-negative integers. */
export const nonNegativeIntSchema = z.number().int(MESSAGES.wholeNumber).min(0, MESSAGES.belowZero);

/** Page numbers and versions count from 1. */
export const positiveIntSchema = z.number().int(MESSAGES.wholeNumber).min(1, 'Must not be below 1');

/**
 * A link a user can open. Only http and https: document text and model output are untrusted
 * (DESIGN section 8), so javascript: and data: links are refused at the contract already.
 */
export const httpUrlSchema = z.url({ protocol: /^https?$/, message: MESSAGES.url });

export const emailSchema = z.email(MESSAGES.email);

export const uuidSchema = z.uuid(MESSAGES.uuid);

/** Timestamps travel as ISO 8601 strings with an offset (the server writes Z). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, message: MESSAGES.dateTime });

/**
 * A highlight's [start, end) range over a text, in UTF-16 code units (JavaScript string indexes),
 * so `text.slice(start, end)` is the highlighted part. `end` is exclusive and never before `start`.
 */
export const offsetRangeShape = {
  start: nonNegativeIntSchema,
  end: nonNegativeIntSchema,
};
export const END_BEFORE_START = 'end must not be before start';
export function endNotBeforeStart(range: { start: number; end: number }): boolean {
  return range.end >= range.start;
}

export const HIGHLIGHT_PAST_TEXT = 'Highlight must end within the text';

/**
 * For `superRefine` on a source: flags each highlight that runs past the end of the source's text,
 * at the path of that highlight's `end`, so a wrong offset is found without guessing.
 */
export function checkHighlightsFitText(
  text: string,
  highlights: ReadonlyArray<{ end: number }>,
  ctx: z.RefinementCtx,
): void {
  highlights.forEach((highlight, index) => {
    if (highlight.end > text.length) {
      ctx.addIssue({ code: 'custom', message: HIGHLIGHT_PAST_TEXT, path: ['highlights', index, 'end'] });
    }
  });
}

/** The message for a value outside a fixed list. */
export function mustBeOneOf(values: ReadonlyArray<string>): string {
  return `Must be one of ${values.join(', ')}`;
}

/**
 * Error option for a discriminated union: names the allowed discriminator values when the value
 * matches none of them, and keeps zod's own message for everything else (for example a non-object).
 */
export function unknownDiscriminator(values: ReadonlyArray<string>) {
  return {
    error: (issue: { code?: string }) => (issue.code === 'invalid_union' ? mustBeOneOf(values) : undefined),
  };
}
