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
 * A source from a file a document library synced links home instead: the original's URL in the
 * library, with the location in its fragment (#collection=...&file=...&at=...), which never
 * reaches the library's server; `originalOfSourceUrl` gives the link without it.
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

/**
 * The URL of a source: the portal's (absolute, on `portalOrigin`), or, given the original's http(s)
 * URL in a document library (without a fragment of its own), that URL with the location in its fragment.
 */
export function sourceUrl(portalOrigin: string, location: SourceLocation, original?: string | null): string {
  const at = location.segments.map((s) => `${s.page}:${s.start}-${s.end}`).join(',');
  const home = original ? originalBase(original) : null;
  if (home) {
    home.hash = new URLSearchParams({ collection: location.collectionId, file: location.fileId, at }).toString();
    return home.toString();
  }
  const url = new URL(`/collections/${encodeURIComponent(location.collectionId)}`, portalOrigin);
  url.searchParams.set('file', location.fileId);
  url.searchParams.set('at', at);
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
  // A portal URL names the location in its query; a library original's URL in its fragment.
  const params = match ? parsed.searchParams : new URLSearchParams(parsed.hash.slice(1));
  const at = params.get('at') ?? '';
  const segments = at.split(',').map((part) => {
    const m = /^(\d+):(\d+)-(\d+)$/.exec(part);
    return m ? { page: Number(m[1]), start: Number(m[2]), end: Number(m[3]) } : null;
  });
  const result = sourceLocationSchema.safeParse({
    collectionId: match ? decodeURIComponent(match[1]!) : (params.get('collection') ?? ''),
    fileId: params.get('file') ?? '',
    segments,
  });
  return result.success ? result.data : null;
}

/**
 * The original in a document library a source URL links to (without the location), or null for a
 * source that lives only in the portal.
 */
export function originalOfSourceUrl(url: string | undefined): string | null {
  if (!url || !parseSourceUrl(url)) return null;
  const parsed = new URL(url);
  if (/^\/collections\/[^/]+\/?$/.test(parsed.pathname) && parsed.searchParams.has('at')) return null;
  parsed.hash = '';
  return parsed.toString();
}

/** An original's URL to carry a location: http(s) and without a fragment of its own; null otherwise. */
function originalBase(original: string): URL | null {
  if (!URL.canParse(original)) return null;
  const url = new URL(original);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hash === '' ? url : null;
}

/** The length of the source text the segments make (their lengths plus one joiner between each two). */
export function segmentsTextLength(segments: readonly SourceSegment[]): number {
  return segments.reduce((sum, s, i) => sum + (s.end - s.start) + (i > 0 ? SOURCE_SEGMENT_JOINER.length : 0), 0);
}
