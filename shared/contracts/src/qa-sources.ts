import { z } from 'zod';
import {
  END_BEFORE_START,
  checkHighlightsFitText,
  endNotBeforeStart,
  httpUrlSchema,
  nonEmptyStringSchema,
  offsetRangeShape,
} from './common';

/**
 * GET /api/qa/sources/{trace_id} (SPEC section 3 "Question-and-answer sources"): the passages an
 * answer of the question-and-answer assistant rests on, with highlighted parts.
 */

/** A highlighted part of `source_text`; `score` says how well it supports the answer (-1 to 1). */
export const qaHighlightSchema = z
  .object({
    ...offsetRangeShape,
    score: z.number().min(-1, 'Must not be below -1').max(1, 'Must not be above 1'),
  })
  .refine(endNotBeforeStart, { message: END_BEFORE_START, path: ['end'] });
export type QaHighlight = z.infer<typeof qaHighlightSchema>;

export const qaSourceSchema = z
  .object({
    source_name: nonEmptyStringSchema,
    source_url: z.optional(httpUrlSchema),
    /** The passage itself; highlight offsets index into it. */
    source_text: z.string(),
    highlights: z.array(qaHighlightSchema),
    /** true: the passage backs the answer, false: it contradicts it, absent: not judged. */
    supporting: z.boolean().optional(),
  })
  .superRefine((source, ctx) => checkHighlightsFitText(source.source_text, source.highlights, ctx));
export type QaSource = z.infer<typeof qaSourceSchema>;

export const qaSourcesResponseSchema = z.object({
  trace_id: nonEmptyStringSchema,
  qa_sources: z.array(qaSourceSchema).min(1, 'Must list at least 1 source'),
});
export type QaSourcesResponse = z.infer<typeof qaSourcesResponseSchema>;

/** The 202 answer of POST .../sources: the computation is queued, running, or already done. */
export const sourcesRequestedSchema = z.object({ trace_id: nonEmptyStringSchema, status: z.enum(['pending', 'running', 'completed']) });
export type SourcesRequested = z.infer<typeof sourcesRequestedSchema>;
