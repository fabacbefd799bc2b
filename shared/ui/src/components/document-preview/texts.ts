/**
 * The preview's own words. Not part of `UiTexts` (which stays small): the caller passes
 * `texts` (a partial override) to DocumentPreview; German is the default like the rest of the ui.
 * Loading and retry come from the UiTextsProvider.
 */
export interface DocumentPreviewTexts {
  /** Name of the tools bar (zoom, page indicator, highlight navigation). */
  toolbar: string;
  /** Name of the list of pages. */
  pages: string;
  /** Name of the scrollable text of a text document. */
  content: string;
  /** A page's name and the page indicator, e.g. "Page 2 of 5". */
  pageOf: (page: number, total: number) => string;
  zoomIn: string;
  zoomOut: string;
  /** The zoom level shown between the zoom buttons, e.g. "125 %". */
  zoomLevel: (percent: number) => string;
  nextHighlight: string;
  previousHighlight: string;
  /** Announced (politely) when navigating, e.g. "Highlight 1 of 3". */
  highlightOf: (index: number, total: number) => string;
  /** Heading of the visually hidden passage text of a PDF highlight. */
  markedPassage: string;
  /** Error title when the document cannot be loaded. */
  loadError: string;
  /** Error message for a password-protected PDF. */
  encryptedError: string;
  /** Error message for a file that is not a readable PDF. */
  invalidError: string;
}

export const DOCUMENT_PREVIEW_TEXTS_DE: DocumentPreviewTexts = {
  toolbar: 'Dokumentwerkzeuge',
  pages: 'Seiten',
  content: 'Dokumentinhalt',
  pageOf: (page, total) => `Seite ${page} von ${total}`,
  zoomIn: 'Vergrößern',
  zoomOut: 'Verkleinern',
  zoomLevel: (percent) => `${percent} %`,
  nextHighlight: 'Nächste Markierung',
  previousHighlight: 'Vorherige Markierung',
  highlightOf: (index, total) => `Markierung ${index} von ${total}`,
  markedPassage: 'Markierte Passage',
  loadError: 'Das Dokument konnte nicht geladen werden.',
  encryptedError: 'Das Dokument ist passwortgeschützt.',
  invalidError: 'Die Datei ist kein lesbares PDF.',
};

export const DOCUMENT_PREVIEW_TEXTS_EN: DocumentPreviewTexts = {
  toolbar: 'Document tools',
  pages: 'Pages',
  content: 'Document content',
  pageOf: (page, total) => `Page ${page} of ${total}`,
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  zoomLevel: (percent) => `${percent} %`,
  nextHighlight: 'Next highlight',
  previousHighlight: 'Previous highlight',
  highlightOf: (index, total) => `Highlight ${index} of ${total}`,
  markedPassage: 'Marked passage',
  loadError: 'The document could not be loaded.',
  encryptedError: 'The document is password-protected.',
  invalidError: 'The file is not a readable PDF.',
};
