// `@assistant/platform/documents`: opening a document source (pages, the file's URL, highlights;
// docs/platform.md). Its own entry and shared module, so that it loads with the pages that open
// documents and not with the shell's start-up (issue 18); it uses the platform's API clients.
export { documentKeys } from './document-keys';
export { fileContentRequest, type FileContentRequest } from './file-content-request';
export { filePagesQuery, getFilePages } from './file-pages';
export {
  boxesForRange,
  pdfHighlightsForRanges,
  type HighlightBox,
  type PageRange,
  type PdfHighlight,
} from './highlight-boxes';
export {
  TEXT_PAGE_JOINER,
  isPdfDocument,
  isPdfMediaType,
  segmentsText,
  sourceMarks,
  sourceOwnTextPreview,
  sourcePdfHighlights,
  sourceTextPreview,
  type SourceMark,
  type SourceTextRange,
} from './source-preview';
export {
  useFilePreview,
  useSourcePreview,
  type PdfPreviewSource,
  type SourcePreviewContent,
  type SourcePreviewOptions,
  type SourcePreviewState,
  type TextPreviewSource,
} from './use-source-preview';
