import type { SourceLocation, SourceSegment } from '@assistant/contracts';
import { skipToken, useQuery, type PdfHighlight } from '@assistant/platform';
import { useMemo } from 'react';
import { documentKeys } from './document-keys';
import { fileContentRequest } from './file-content-request';
import { filePagesQuery } from './file-pages';
import { isPdfDocument, segmentsText, sourceMarks, sourceOwnTextPreview, sourcePdfHighlights, sourceTextPreview, type SourceTextRange } from './source-preview';

/** A PDF the preview fetches itself (the ui's `PdfSource`). */
export interface PdfPreviewSource {
  kind: 'pdf';
  url: string;
  fetchInit: RequestInit;
}
/** A document shown as its text (the ui's `TextSource`). */
export interface TextPreviewSource {
  kind: 'text';
  text: string;
}

/** The ui's DocumentPreview props, but its title and texts: spread them into it. */
export type SourcePreviewContent =
  | { source: PdfPreviewSource; highlights: PdfHighlight[]; passageText?: string; initialPage?: number }
  | { source: TextPreviewSource; highlights: SourceTextRange[] };

export type SourcePreviewState =
  /** Nothing to show (no location or file). */
  | { status: 'idle' }
  | { status: 'loading' }
  /** Loading the pages or the file's URL failed; `retry` asks again for what failed. */
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; preview: SourcePreviewContent };

export interface SourcePreviewOptions {
  /** The file's media type, when the caller knows it; else a document with boxes is a PDF. */
  mediaType?: string;
  /**
   * The parts to mark, as offsets in the source's text (its segments' page texts joined with
   * SOURCE_SEGMENT_JOINER: QA `highlights`, in-context `highlights`); each is one highlight for
   * navigation. Without them the whole source is marked.
   */
  highlightRanges?: readonly SourceTextRange[];
  /**
   * The source's text (`source_text`, `text`): what screen readers read at each mark. When the
   * pages no longer hold it at the location (the document changed), the preview shows this text
   * with the marks instead of marking the wrong characters.
   */
  text?: string;
}

interface DocumentRequest extends SourcePreviewOptions {
  fileId: string | null;
  segments: readonly SourceSegment[] | null;
  enabled?: boolean;
}

/**
 * The one way a remote opens a document source (QA, chat, collections): the file's pages and, for
 * a PDF, the URL with the bearer header that the ui's DocumentPreview fetches; with the marks as
 * boxes over exactly the cited characters of each page (also over a page break) or, for any
 * other document, as ranges of its text. The ui draws; only this fetches.
 *
 *   const state = useSourcePreview(parseSourceUrl(source.source_url), { highlightRanges, text });
 *   state.status === 'ready' && <DocumentPreview title={name} texts={texts} {...state.preview} />
 */
export function useSourcePreview(location: SourceLocation | null, options: SourcePreviewOptions = {}): SourcePreviewState {
  return useDocumentPreview({ ...options, fileId: location?.fileId ?? null, segments: location?.segments ?? null });
}

/**
 * A whole file, nothing marked (a files list's preview). `enabled: false` waits (e.g. a document
 * not processed yet has no pages).
 */
export function useFilePreview(fileId: string | null, options: { mediaType?: string; enabled?: boolean } = {}): SourcePreviewState {
  return useDocumentPreview({ ...options, fileId, segments: null });
}

function useDocumentPreview({ fileId, segments, mediaType, highlightRanges, text, enabled = true }: DocumentRequest): SourcePreviewState {
  const active = fileId !== null && enabled;
  const knownPdf = mediaType ? isPdfDocument(mediaType, undefined) : undefined;
  // A PDF shown whole needs no pages; anything else needs them (boxes, the text, or the type).
  const needsPages = active && !(knownPdf === true && segments === null);
  const pages = useQuery({ ...filePagesQuery(fileId ?? ''), enabled: needsPages });
  const marksKey = JSON.stringify([segments, highlightRanges, text]);
  const marks = useMemo(
    () => (segments ? sourceMarks(segments, highlightRanges, text) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- marksKey stands for the content of segments, ranges and text (new arrays with equal content are no change)
    [marksKey],
  );
  // The document changed since the source was cut from it: its offsets no longer fit the pages.
  const stale = useMemo(
    () => text !== undefined && segments !== null && pages.data !== undefined && segmentsText(pages.data, segments) !== text,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- marksKey stands for the content of segments and text
    [pages.data, marksKey],
  );
  const pdf = knownPdf ?? isPdfDocument(undefined, pages.data);
  const content = useQuery({
    queryKey: documentKeys.contentRequest(fileId ?? ''),
    queryFn: active && pdf === true && !stale && fileId ? () => fileContentRequest(fileId) : skipToken,
    // Asked anew each time a preview opens, so the token in it is current.
    gcTime: 0,
  });

  const hasSegments = segments !== null;
  const firstPage = segments?.[0]?.page;
  const preview = useMemo((): SourcePreviewContent | undefined => {
    // Rather than marks in the wrong place: the source's own text with its marks.
    if (stale && text !== undefined) {
      const own = sourceOwnTextPreview(text, highlightRanges);
      return { source: { kind: 'text', text: own.text }, highlights: own.highlights };
    }
    if (pdf === true) {
      if (!content.data || (hasSegments && !pages.data)) return undefined;
      const highlights = pages.data && hasSegments ? sourcePdfHighlights(pages.data, marks) : [];
      const initialPage = highlights[0]?.pageNumber ?? firstPage;
      return {
        source: { kind: 'pdf', url: content.data.url, fetchInit: content.data.fetchInit },
        highlights,
        ...(text !== undefined ? { passageText: text } : {}),
        ...(initialPage !== undefined ? { initialPage } : {}),
      };
    }
    if (pdf === false && pages.data) {
      const { text: documentText, highlights } = sourceTextPreview(pages.data, marks);
      return { source: { kind: 'text', text: documentText }, highlights };
    }
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- highlightRanges is read through marks (marksKey), which changes with it
  }, [stale, pdf, content.data, pages.data, hasSegments, firstPage, marks, text]);

  if (!active) return fileId === null ? { status: 'idle' } : { status: 'loading' };
  if (pages.isError) return { status: 'error', error: pages.error, retry: () => void pages.refetch() };
  if (pdf === true && !stale && content.isError) return { status: 'error', error: content.error, retry: () => void content.refetch() };
  return preview ? { status: 'ready', preview } : { status: 'loading' };
}
