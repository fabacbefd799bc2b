// What the ui's document preview draws of a highlighted passage. The types only: the highlights are
// computed where a document is opened (`@assistant/endpoints`, documents), and the ui, which may
// not depend on that package, takes these shapes from here.

/** A box of a PDF highlight: fractions (0..1) of the page, origin top-left. */
export interface HighlightBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A highlighted passage's part on one page (what the ui's PDF preview draws). */
export interface PdfHighlight {
  /** Counts from 1. */
  pageNumber: number;
  /** Fractions (0..1) of the page, origin top-left (the contracts' bounding boxes fit as they are). */
  boxes: readonly HighlightBox[];
  /**
   * Entries with the same group are one highlight for navigation (a passage across a page break
   * is one entry per page with one group). Without it each entry is its own highlight.
   */
  group?: string | number;
  /** The passage's text, read by screen readers at the highlight and announced on navigation. */
  text?: string;
}
