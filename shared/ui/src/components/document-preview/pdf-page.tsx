import { memo, useEffect, useRef } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { cx } from '../../internal/cx';
import { boxStyle, type HighlightBox } from './highlight-ranges';

export interface PageRect {
  box: HighlightBox;
  /** The navigation stop the rectangle belongs to. */
  stop: number;
  /** The stop's first rectangle: the scroll target; carries the stop's text for screen readers. */
  first: boolean;
  text?: string;
}

export interface PdfPageProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  label: string;
  /** Render the canvas now (the page is visible or next to a visible one). */
  active: boolean;
  /** CSS pixels the page is wide; 0 = not measured yet. */
  width: number;
  /** Width / height; the placeholder's shape until the page has been rendered. */
  aspect: number;
  zoom: number;
  rects: readonly PageRect[];
  activeStop: number;
  onAspect: (pageNumber: number, aspect: number) => void;
}

/**
 * One page: a canvas drawn by pdf.js (no text or annotation layer, so links in the PDF are inert
 * pixels) with the highlight rectangles over it in percent of the page.
 */
export const PdfPage = memo(function PdfPage({ doc, pageNumber, label, active, width, aspect, zoom, rects, activeStop, onAspect }: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!active || width <= 0 || !canvas) return;
    let cancelled = false;
    let task: RenderTask | undefined;
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        if (natural.width > 0 && natural.height > 0) onAspect(pageNumber, natural.width / natural.height);
        const ratio = typeof window !== 'undefined' && window.devicePixelRatio > 0 ? window.devicePixelRatio : 1;
        const viewport = page.getViewport({ scale: (width * ratio) / (natural.width || width) });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        task = page.render({ canvas, viewport });
        await task.promise;
        if (!cancelled) canvas.dataset.rendered = 'true';
      } catch {
        // A cancelled render (scrolled away, zoomed) or a broken page: the page stays blank.
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber, active, width, onAspect]);

  useEffect(() => {
    // Free the bitmap of pages far from view.
    const canvas = canvasRef.current;
    if (!active && canvas && canvas.width > 0) {
      canvas.width = 0;
      canvas.height = 0;
      delete canvas.dataset.rendered;
    }
  }, [active]);

  return (
    <li className="ui-document-preview__page" aria-label={label} data-page-number={pageNumber} style={{ width: `${zoom * 100}%` }}>
      <div className="ui-document-preview__sheet" style={{ aspectRatio: String(aspect) }}>
        <canvas ref={canvasRef} className="ui-document-preview__canvas" aria-hidden="true" />
        {rects.map((rect, index) => (
          <mark
            key={index}
            className={cx('ui-document-preview__box', rect.stop === activeStop && 'ui-document-preview__box--active')}
            style={boxStyle(rect.box)}
            data-stop={rect.stop}
            data-first={rect.first || undefined}
            aria-current={rect.first && rect.stop === activeStop ? 'true' : undefined}
          >
            {rect.first && rect.text ? <span className="ui-visually-hidden">{rect.text}</span> : null}
          </mark>
        ))}
      </div>
      <div className="ui-document-preview__page-number" aria-hidden="true">
        {pageNumber}
      </div>
    </li>
  );
});
