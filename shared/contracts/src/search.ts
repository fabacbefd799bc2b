import { z } from 'zod';
import { nonNegativeIntSchema, positiveIntSchema, uuidSchema } from './common';
import { mediaTypeSchema } from './files';

/** Longest search query, in characters (the server searches at most this much of any query). */
export const SEARCH_QUERY_MAX_LENGTH = 1000;
/** Collections one search may cover. */
export const SEARCH_MAX_COLLECTIONS = 20;
/** Hits a search answers when the request names no `limit`. */
export const SEARCH_DEFAULT_LIMIT = 20;
/** Most hits a search answers (`limit` at most this). */
export const SEARCH_MAX_LIMIT = 100;

const searchTermsSchema = z.string().trim().min(1, 'Please enter a search term').max(SEARCH_QUERY_MAX_LENGTH);
const searchLimitSchema = z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT);

/** GET /api/collections/{id}/search?q=&limit= */
export const collectionSearchQuerySchema = z.object({ q: searchTermsSchema, limit: searchLimitSchema });

/**
 * GET /api/search?q=&collection_id=a&collection_id=b&limit=: one ranking over several collections
 * (question answering and grounded chat search this way). Every collection must be readable by
 * the caller, or the whole call is a 404.
 */
export const searchQuerySchema = z.object({
  q: searchTermsSchema,
  collection_id: z
    .union([uuidSchema, z.array(uuidSchema)])
    .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
    .pipe(z.array(uuidSchema).min(1).max(SEARCH_MAX_COLLECTIONS, `At most ${SEARCH_MAX_COLLECTIONS} collections`)),
  limit: searchLimitSchema,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A matched word in a passage: [start, end) into `text` (UTF-16 code units). */
export const searchHighlightSchema = z
  .object({ start: nonNegativeIntSchema, end: nonNegativeIntSchema })
  .refine((h) => h.end >= h.start, 'end must not be before start');

export const searchHitSchema = z
  .object({
    passage_id: uuidSchema,
    file_id: uuidSchema,
    collection_id: uuidSchema,
    file_name: z.string(),
    /** The file's media type: the preview draws PDF pages, and shows other documents as text. */
    media_type: mediaTypeSchema,
    page_number: positiveIntSchema,
    /** Where the passage is in its page's text (GET /api/files/{id}/pages): [start_offset, end_offset). */
    start_offset: nonNegativeIntSchema,
    end_offset: nonNegativeIntSchema,
    text: z.string(),
    /** The retrieval's fused rank (higher is better; comparable only within one search). */
    score: z.number(),
    highlights: z.array(searchHighlightSchema),
  })
  .superRefine((hit, ctx) => {
    if (hit.end_offset < hit.start_offset) ctx.addIssue({ code: 'custom', message: 'end_offset must not be before start_offset', path: ['end_offset'] });
    hit.highlights.forEach((h, index) => {
      if (h.end > hit.text.length) ctx.addIssue({ code: 'custom', message: 'Highlight must end within the text', path: ['highlights', index, 'end'] });
    });
  });
export type SearchHit = z.infer<typeof searchHitSchema>;

export const collectionSearchResponseSchema = z.object({ hits: z.array(searchHitSchema) });
export type CollectionSearchResponse = z.infer<typeof collectionSearchResponseSchema>;
