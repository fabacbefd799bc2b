import type { IngestionErrorCode } from '@assistant/contracts';

/**
 * What a parser makes of an uploaded file, and what search indexes: the seam between
 * `ingestion/parsers` (bytes -> pages) and `search` (pages -> passages -> hits). Offsets are
 * UTF-16 code units into the page's `text` (as String.prototype.slice counts).
 */
export interface ParsedPage {
  /** From 1. Formats without pages (DOCX, HTML, Markdown, text) are one page. */
  pageNumber: number;
  text: string;
  /** Line or word boxes of a PDF page, as fractions 0..1 of the page, origin top-left. */
  boxes: Array<{ left: number; top: number; right: number; bottom: number; start: number; end: number }>;
}

export interface ParsedDocument {
  mediaType: string;
  /** Detected from the text (de | en) for language-aware search; 'simple' when unknown. */
  language: 'german' | 'english' | 'simple';
  title?: string;
  author?: string;
  pages: ParsedPage[];
}

/** A parser's refusal, with the DATA code the ingestion run records (contracts ingestion.ts). */
export class DocumentParseError extends Error {
  constructor(
    readonly dataCode: IngestionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentParseError';
  }
}

/** A searchable piece of a page: a few sentences, never across pages. */
export interface Passage {
  pageNumber: number;
  /** [start, end) into the page text. */
  start: number;
  end: number;
  text: string;
}
