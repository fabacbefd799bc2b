import { z } from 'zod';
import {
  END_BEFORE_START,
  checkHighlightsFitText,
  endNotBeforeStart,
  httpUrlSchema,
  nonEmptyStringSchema,
  nonNegativeIntSchema,
  offsetRangeShape,
} from './common';

/**
 * GET /api/conversations/{id}/messages/{messageId}/sources (SPEC section 3 "In-context sources"):
 * for a chat answer, the sources that support and that conflict with it. Polled every 2 s after the
 * trigger call until it succeeds (SPEC sections 4 and 9).
 */

/** A highlighted part of `text`; `relevancy` from 0 (unrelated) to 1 (exactly on point). */
export const inContextHighlightSchema = z
  .object({
    ...offsetRangeShape,
    relevancy: z.number().min(0, 'Must not be below 0').max(1, 'Must not be above 1'),
  })
  .refine(endNotBeforeStart, { message: END_BEFORE_START, path: ['end'] });
export type InContextHighlight = z.infer<typeof inContextHighlightSchema>;

export const inContextSourceSchema = z
  .object({
    /** Which source of the answer this is: matches the `source_index` of the chat's tool content. */
    source_index: nonNegativeIntSchema,
    text: z.string(),
    highlights: z.array(inContextHighlightSchema),
    source_name: nonEmptyStringSchema.optional(),
    /** The retriever's own score for the whole source; its scale is the retriever's. */
    source_score: z.number().optional(),
    /** A short label to show, such as "p. 4" or a section title. */
    source_label: z.string().optional(),
    source_url: z.optional(httpUrlSchema),
  })
  .superRefine((source, ctx) => checkHighlightsFitText(source.text, source.highlights, ctx));
export type InContextSource = z.infer<typeof inContextSourceSchema>;

/** For one part of the answer: the sources that back it and the ones that contradict it. */
export const highlightedSourcesItemSchema = z.object({
  supporting: z.array(inContextSourceSchema),
  conflicting: z.array(inContextSourceSchema),
});
export type HighlightedSourcesItem = z.infer<typeof highlightedSourcesItemSchema>;

export const inContextSourcesResponseSchema = z.object({
  trace_id: nonEmptyStringSchema,
  highlighted_sources: z.array(highlightedSourcesItemSchema),
});
export type InContextSourcesResponse = z.infer<typeof inContextSourcesResponseSchema>;
