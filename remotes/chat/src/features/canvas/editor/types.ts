import type { SelectionTarget } from './selection-offsets';

/** A [start, end) range of characters of the document's Markdown (UTF-16 code units). */
export interface CanvasMarkdownRange {
  start: number;
  end: number;
}

/**
 * A selection as the server sees it: `range` is exact offsets into `getMarkdown()` at the time
 * it was captured and `text` is `getMarkdown().slice(start, end)`. The editor may have widened
 * the user's selection to where the Markdown can be cut (to the whole bold run it half covered,
 * to whole blocks across blocks); `text` is then more than what was highlighted.
 */
export interface CanvasSelection {
  range: CanvasMarkdownRange;
  text: string;
  /** The whole document's Markdown at the capture (what `range` is into). */
  markdown: string;
  /** The editor's own: where it lies in the document (ProseMirror positions), for beginRewrite. */
  readonly target: SelectionTarget & { readonly id: number };
}

/**
 * A model rewrite of a selection (or of the whole document) streaming into the editor. The
 * region shows the streamed text as it comes (at most one update per frame) and cannot be edited
 * meanwhile; the rest of the document can. Exactly one of finish or cancel ends it (later calls
 * do nothing).
 */
export interface RewriteSession {
  /** The replacement as far as it has come (the whole text so far, not a delta). */
  update(replacementSoFar: string): void;
  /**
   * The final replacement: one undo step from the original. Without other edits meanwhile,
   * getMarkdown() is then applyCanvasReplacement(markdown, range, replacement) of the capture.
   */
  finish(replacement: string): void;
  /** Puts the original content of the region back. */
  cancel(): void;
}

export interface CanvasEditorHandle {
  /** The document as Markdown (while a rewrite streams: with what has streamed so far). */
  getMarkdown(): string;
  /** Replaces the document (a restored version, a reload); ends a running rewrite; one undo step. */
  setMarkdown(markdown: string): void;
  /** The current selection with its Markdown offsets; null when nothing is selected. */
  captureSelection(): CanvasSelection | null;
  /** Starts streaming a rewrite into `selection` (as captured), or into the whole document (null). */
  beginRewrite(selection: CanvasSelection | null): RewriteSession;
  focus(): void;
}

export interface CanvasEditorProps {
  initialMarkdown: string;
  /** Called on each change of the document by the user or a finished rewrite; cheap (nothing is serialised). */
  onChange?: () => void;
  readOnly?: boolean;
  /** The editing area's accessible name. */
  ariaLabel: string;
  /** An instruction for the model from the selection toolbar: the selection, or null for the whole document. */
  onInstruct?: (instruction: string, selection: CanvasSelection | null) => void;
  /** A rewrite is streaming: the toolbar's actions are disabled. */
  busy?: boolean;
  className?: string;
}
