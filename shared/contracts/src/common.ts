import { z } from 'zod';
import { MESSAGES, mustBeOneOf, nonNegativeIntSchema } from './basics';

/**
 * Building blocks shared by the resource files, so every schema words the rules of SPEC section 5
 * the same way. Those the shell's start-up needs are in basics.ts (zod/mini) and re-exported here.
 */
export { emailSchema, httpUrlSchema, MESSAGES, mustBeOneOf, nonNegativeIntSchema } from './basics';

/** Longest id or name a resource may carry; long enough for any URN, short enough to index. */
export const ID_MAX_LENGTH = 255;

/** Ids and names of SPEC section 3: must be non-empty (whitespace alone counts as empty). */
export const nonEmptyStringSchema = z
  .string()
  .regex(/\S/, MESSAGES.empty)
  .max(ID_MAX_LENGTH, `Must not be longer than ${ID_MAX_LENGTH} characters`);

/** The id of a resource (collection, model, engine, file, stage, ...): opaque, non-empty. */
export const resourceIdSchema = nonEmptyStringSchema;

/** Page numbers and versions count from 1. */
export const positiveIntSchema = z.number().int(MESSAGES.wholeNumber).min(1, 'Must not be below 1');

/** The largest value of a PostgreSQL `integer` column, where versions are stored. */
export const MAX_STORED_INT = 2_147_483_647;

/**
 * A version a request names (a save's base version, a version to show or restore): beyond
 * MAX_STORED_INT it cannot be one, and comparing it with the column would fail in the database.
 */
export const versionNumberSchema = positiveIntSchema.max(MAX_STORED_INT, `Must not be above ${MAX_STORED_INT}`);

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

/**
 * Error option for a discriminated union: names the allowed discriminator values when the value
 * matches none of them, and keeps zod's own message for everything else (for example a non-object).
 */
export function unknownDiscriminator(values: ReadonlyArray<string>) {
  return {
    error: (issue: { code?: string }) => (issue.code === 'invalid_union' ? mustBeOneOf(values) : undefined),
  };
}
