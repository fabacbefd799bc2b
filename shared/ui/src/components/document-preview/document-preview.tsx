import { lazy, Suspense } from 'react';
import { cx } from '../../internal/cx';
import { Loading } from '../loading';
import type { TextHighlight } from './highlight-ranges';
import type { PdfSource } from './load-pdf';
import type { PdfHighlight } from './pdf-preview';
import { DOCUMENT_PREVIEW_TEXTS_DE, type DocumentPreviewTexts } from './texts';

export type TextSource = { kind: 'text'; text: string };
export type DocumentPreviewSource = PdfSource | TextSource;

interface CommonProps {
  /** The preview region's accessible name (e.g. the file name). */
  title: string;
  /** Overrides of the preview's words; default German (DOCUMENT_PREVIEW_TEXTS_DE). */
  texts?: Partial<DocumentPreviewTexts>;
  className?: string;
}

export interface PdfDocumentPreviewProps extends CommonProps {
  source: PdfSource;
  /** The marked passage(s): boxes per page. */
  highlights?: readonly PdfHighlight[];
  /** The marked passage's text, for screen readers (the page itself is an image). */
  passageText?: string;
  /** Page to show first when there is no highlight (counts from 1). */
  initialPage?: number;
}

export interface TextDocumentPreviewProps extends CommonProps {
  source: TextSource;
  /** Character ranges (UTF-16 offsets, end exclusive); overlapping and adjacent ones are merged. */
  highlights?: readonly TextHighlight[];
}

export type DocumentPreviewProps = PdfDocumentPreviewProps | TextDocumentPreviewProps;

const DocumentPreviewContent = lazy(() => import(/* webpackChunkName: "document-preview" */ './document-preview-content'));

/**
 * A document in a labelled region with its highlighted passages: PDF pages drawn by pdf.js
 * (loaded on first use) with the passage's boxes over them, or a text with `<mark>`s. Only this
 * wrapper is in the ui's shared chunk; the rest loads when a preview is first shown.
 */
export function DocumentPreview(props: DocumentPreviewProps) {
  const texts: DocumentPreviewTexts = { ...DOCUMENT_PREVIEW_TEXTS_DE, ...props.texts };
  return (
    <section className={cx('ui-document-preview', props.className)} aria-label={props.title}>
      <Suspense fallback={<Loading fill />}>
        <DocumentPreviewContent props={props} texts={texts} />
      </Suspense>
    </section>
  );
}
