import { z } from 'zod';
import { positiveIntSchema, nonNegativeIntSchema, uuidSchema } from './common';
import { SOURCE_SEGMENT_JOINER } from './source-segments';

export { pageRangesOf, SOURCE_SEGMENT_JOINER } from './source-segments';

/**
 * Where a cited source lies in its document, carried in the source's `source_url` (SPEC section 3
 * gives sources a URL, no location fields). A source's text is a window of whole sentences that
 * may run over a page break, so it is a list of segments, each a range of one page's text
 * (GET /api/files/{id}/pages): `source_text` is the segments' page text joined with
 * SOURCE_SEGMENT_JOINER. The server writes the URL with `sourceUrl`, the client reads it with
 * `parseSourceUrl` and turns highlight offsets into page ranges with `pageRangesOf`.
 *
 * The URL opens the document in the portal: /collections/{collectionId}?file={fileId}&at=1:120-400,2:0-80
 */

/** A source spans at most this many segments (pages). */
export const SOURCE_MAX_SEGMENTS = 5;

export const sourceSegmentSchema = z
  .object({ page: positiveIntSchema, start: nonNegativeIntSchema, end: nonNegativeIntSchema })
  .refine((s) => s.end >= s.start, { message: 'end must not be before start', path: ['end'] });
export type SourceSegment = z.infer<typeof sourceSegmentSchema>;

export const sourceLocationSchema = z.object({
  collectionId: uuidSchema,
  fileId: uuidSchema,
  segments: z.array(sourceSegmentSchema).min(1).max(SOURCE_MAX_SEGMENTS),
});
export type SourceLocation = z.infer<typeof sourceLocationSchema>;

/** The portal URL of a source (absolute, on `portalOrigin`). */
export function sourceUrl(portalOrigin: string, location: SourceLocation): string {
  const url = new URL(`/collections/${encodeURIComponent(location.collectionId)}`, portalOrigin);
  url.searchParams.set('file', location.fileId);
  url.searchParams.set('at', location.segments.map((s) => `${s.page}:${s.start}-${s.end}`).join(','));
  return url.toString();
}

/** The location a source URL names, or null when it is not one (any origin is accepted). */
export function parseSourceUrl(url: string | undefined): SourceLocation | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const match = /^\/collections\/([^/]+)\/?$/.exec(parsed.pathname);
  const at = parsed.searchParams.get('at') ?? '';
  const segments = at.split(',').map((part) => {
    const m = /^(\d+):(\d+)-(\d+)$/.exec(part);
    return m ? { page: Number(m[1]), start: Number(m[2]), end: Number(m[3]) } : null;
  });
  const result = sourceLocationSchema.safeParse({
    collectionId: match ? decodeURIComponent(match[1]!) : '',
    fileId: parsed.searchParams.get('file') ?? '',
    segments,
  });
  return result.success ? result.data : null;
}

/** The length of the source text the segments make (their lengths plus one joiner between each two). */
export function segmentsTextLength(segments: readonly SourceSegment[]): number {
  return segments.reduce((sum, s, i) => sum + (s.end - s.start) + (i > 0 ? SOURCE_SEGMENT_JOINER.length : 0), 0);
}
