import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useUiTexts } from '../../core/ui-texts';
import { PlusIcon } from '../../icons/icons';
import { ErrorState } from '../error-state';
import { IconButton } from '../icon-button';
import { Loading } from '../loading';
import type { PdfHighlight } from '@assistant/platform';
import { scrollWithin } from './highlight-ranges';
import { Announcer, HighlightControls } from './highlight-controls';
import { openPdf, PdfLoadError, type PdfSource } from './load-pdf';
import { PdfPage, type PageRect } from './pdf-page';
import type { DocumentPreviewTexts } from './texts';
import { useHighlightNavigation } from './use-highlight-navigation';

// A highlighted passage's part on one page: defined in the platform, which computes it
// (pdfHighlightsForRanges, useSourcePreview); the preview draws it.
export type { PdfHighlight };

export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FALLBACK_WIDTH = 800;
const DEFAULT_ASPECT = 1 / Math.SQRT2; // A4 portrait until the first page is measured

interface Stop {
  pageNumber: number;
  text?: string;
}

function MinusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" focusable="false" aria-hidden="true" className="ui-icon">
      <path d="M5 12h14" />
    </svg>
  );
}

export interface PdfPreviewProps {
  source: PdfSource;
  highlights: readonly PdfHighlight[];
  passageText?: string;
  initialPage?: number;
  texts: DocumentPreviewTexts;
}

type LoadState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; doc: PDFDocumentProxy };

export function PdfPreview({ source, highlights, passageText, initialPage, texts }: PdfPreviewProps) {
  const uiTexts = useUiTexts();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const fetchInit = 'url' in source ? source.fetchInit : undefined;
  const fetchInitRef = useRef(fetchInit);
  fetchInitRef.current = fetchInit;
  const sourceKey: string | Uint8Array = 'url' in source ? source.url : source.data;

  useEffect(() => {
    const controller = new AbortController();
    let loaded: PDFDocumentProxy | undefined;
    setLoad({ status: 'loading' });
    const current: PdfSource = typeof sourceKey === 'string' ? { kind: 'pdf', url: sourceKey, fetchInit: fetchInitRef.current } : { kind: 'pdf', data: sourceKey };
    openPdf(current, controller.signal).then(
      (doc) => {
        if (controller.signal.aborted) {
          void doc.destroy();
          return;
        }
        loaded = doc;
        setLoad({ status: 'ready', doc });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', error });
      },
    );
    return () => {
      controller.abort();
      if (loaded) void loaded.destroy();
    };
  }, [sourceKey, attempt]);

  if (load.status === 'loading') return <Loading fill />;
  if (load.status === 'error') {
    const kind = load.error instanceof PdfLoadError ? load.error.kind : 'other';
    const message = kind === 'encrypted' ? texts.encryptedError : kind === 'invalid' ? texts.invalidError : undefined;
    return <ErrorState title={texts.loadError} message={message} headingLevel={3} onRetry={() => setAttempt((n) => n + 1)} retryLabel={uiTexts.retry} />;
  }
  return <PdfPages doc={load.doc} highlights={highlights} passageText={passageText} initialPage={initialPage} texts={texts} />;
}

interface PdfPagesProps {
  doc: PDFDocumentProxy;
  highlights: readonly PdfHighlight[];
  passageText?: string;
  initialPage?: number;
  texts: DocumentPreviewTexts;
}

function PdfPages({ doc, highlights, passageText, initialPage, texts }: PdfPagesProps) {
  const total = doc.numPages;
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const highlightsKey = JSON.stringify(highlights);

  // Navigation stops (groups) and each page's rectangles.
  const { stops, rectsByPage } = useMemo(() => {
    const stops: Stop[] = [];
    const stopOfGroup = new Map<string, number>();
    const rectsByPage = new Map<number, PageRect[]>();
    highlights.forEach((highlight, index) => {
      if (!Number.isInteger(highlight.pageNumber) || highlight.pageNumber < 1 || highlight.pageNumber > total || highlight.boxes.length === 0) return;
      const groupKey = highlight.group === undefined ? `#${index}` : `g:${String(highlight.group)}`;
      let stop = stopOfGroup.get(groupKey);
      const isNew = stop === undefined;
      if (stop === undefined) {
        stop = stops.length;
        stopOfGroup.set(groupKey, stop);
        stops.push({ pageNumber: highlight.pageNumber, text: highlight.text });
      }
      const stopIndex = stop;
      const rects = rectsByPage.get(highlight.pageNumber) ?? [];
      highlight.boxes.forEach((box, boxIndex) => {
        const first = isNew && boxIndex === 0;
        rects.push({ box, stop: stopIndex, first, text: first ? highlight.text : undefined });
      });
      rectsByPage.set(highlight.pageNumber, rects);
    });
    return { stops, rectsByPage };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- highlightsKey stands for the highlights' content (a new array with equal content is no change)
  }, [highlightsKey, total]);

  const startPage = Math.min(total, Math.max(1, initialPage ?? stops[0]?.pageNumber ?? 1));
  const [currentPage, setCurrentPage] = useState(startPage);
  const [visible, setVisible] = useState<ReadonlySet<number> | undefined>(undefined);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const [aspects, setAspects] = useState<Readonly<Record<number, number>>>({});

  const describe = useCallback(
    (index: number) => {
      const text = stops[index]?.text ?? (index === 0 ? passageText : undefined);
      const position = texts.highlightOf(index + 1, stops.length);
      return text ? `${position}: ${text}` : position;
    },
    [stops, passageText, texts],
  );
  const navigation = useHighlightNavigation(stops.length, highlightsKey, describe);

  const onAspect = useCallback((pageNumber: number, aspect: number) => {
    setAspects((previous) => (Math.abs((previous[pageNumber] ?? 0) - aspect) < 1e-6 ? previous : { ...previous, [pageNumber]: aspect }));
  }, []);

  // The width pages are drawn at: the scroll area's, followed on resize.
  useEffect(() => {
    const container = listRef.current;
    if (!container) return;
    const measure = () => {
      const style = getComputedStyle(container);
      const content = container.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
      setWidth(content > 0 ? content : FALLBACK_WIDTH);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  // Which pages are on screen: those and their neighbours get drawn; the most visible is current.
  useEffect(() => {
    const root = scrollRef.current;
    const list = listRef.current;
    if (!root || !list || typeof IntersectionObserver === 'undefined') return;
    const ratios = new Map<number, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const pageNumber = Number((entry.target as HTMLElement).dataset.pageNumber);
          if (entry.isIntersecting) ratios.set(pageNumber, entry.intersectionRatio);
          else ratios.delete(pageNumber);
        }
        setVisible(new Set(ratios.keys()));
        let best: [number, number] | undefined;
        for (const [pageNumber, ratio] of ratios) if (!best || ratio > best[1]) best = [pageNumber, ratio];
        if (best) setCurrentPage(best[0]);
      },
      { root, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    list.querySelectorAll('[data-page-number]').forEach((page) => observer.observe(page));
    return () => observer.disconnect();
  }, [total]);

  // On open and when the highlights change: the first highlight (else the initial page) into view;
  // on navigation: the chosen highlight.
  useEffect(() => {
    const container = scrollRef.current;
    const stop = stops[navigation.active];
    if (stop) {
      setCurrentPage(stop.pageNumber);
      scrollWithin(container, container?.querySelector(`[data-stop="${navigation.active}"][data-first]`));
    } else if (initialPage !== undefined) {
      scrollWithin(container, container?.querySelector(`[data-page-number="${startPage}"]`));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on open, when the highlights' content changes and on navigation only; stops and startPage are read as they are then
  }, [highlightsKey, navigation.active, navigation.moves]);

  const shouldRender = (pageNumber: number) => {
    const near = (page: number) => Math.abs(page - pageNumber) <= 1;
    if (visible) return [...visible].some(near);
    // No IntersectionObserver: the current page, its neighbours and the highlighted pages.
    return near(currentPage) || rectsByPage.has(pageNumber);
  };

  const firstAspect = aspects[1] ?? DEFAULT_ASPECT;
  const zoomIndex = ZOOM_LEVELS.indexOf(zoom as (typeof ZOOM_LEVELS)[number]);
  // Zooming keeps the reading position: the same share of the (proportionally scaled) pages.
  const zoomAnchor = useRef<{ top: number; left: number } | undefined>(undefined);
  const zoomTo = (index: number) => {
    const next = ZOOM_LEVELS[Math.max(0, Math.min(ZOOM_LEVELS.length - 1, index))];
    if (next === undefined) return;
    const container = scrollRef.current;
    if (container && container.scrollHeight > 0) {
      zoomAnchor.current = { top: container.scrollTop / container.scrollHeight, left: container.scrollLeft / Math.max(1, container.scrollWidth) };
    }
    setZoom(next);
  };
  useLayoutEffect(() => {
    const container = scrollRef.current;
    const anchor = zoomAnchor.current;
    zoomAnchor.current = undefined;
    if (!container || !anchor) return;
    container.scrollTop = anchor.top * container.scrollHeight;
    container.scrollLeft = anchor.left * container.scrollWidth;
  }, [zoom]);

  return (
    <>
      <div className="ui-document-preview__toolbar" role="group" aria-label={texts.toolbar}>
        <div className="ui-document-preview__group">
          <IconButton aria-label={texts.zoomOut} icon={<MinusIcon />} size="sm" disabled={zoomIndex <= 0} onClick={() => zoomTo(zoomIndex - 1)} />
          <span className="ui-document-preview__zoom">{texts.zoomLevel(Math.round(zoom * 100))}</span>
          <IconButton aria-label={texts.zoomIn} icon={<PlusIcon />} size="sm" disabled={zoomIndex >= ZOOM_LEVELS.length - 1} onClick={() => zoomTo(zoomIndex + 1)} />
        </div>
        <span className="ui-document-preview__indicator" data-testid="page-indicator">
          {texts.pageOf(currentPage, total)}
        </span>
        <HighlightControls navigation={navigation} total={stops.length} texts={texts} />
      </div>
      <Announcer text={navigation.announcement} />
      {passageText ? (
        <p className="ui-visually-hidden">
          {texts.markedPassage}: {passageText}
        </p>
      ) : null}
      <div ref={scrollRef} className="ui-document-preview__scroll ui-document-preview__scroll--pages" role="group" aria-label={texts.pages} tabIndex={0}>
        <ol ref={listRef} className="ui-document-preview__pages">
          {Array.from({ length: total }, (_, index) => {
            const pageNumber = index + 1;
            return (
              <PdfPage
                key={pageNumber}
                doc={doc}
                pageNumber={pageNumber}
                label={texts.pageOf(pageNumber, total)}
                active={shouldRender(pageNumber)}
                width={Math.round(width * zoom)}
                aspect={aspects[pageNumber] ?? firstAspect}
                zoom={zoom}
                rects={rectsByPage.get(pageNumber) ?? NO_RECTS}
                activeStop={navigation.active}
                onAspect={onAspect}
              />
            );
          })}
        </ol>
      </div>
    </>
  );
}

const NO_RECTS: readonly PageRect[] = [];
