import type { CanvasRange } from '@assistant/contracts';

/** Most characters of read-only context given to the model on each side of the passage. */
export const CANVAS_CONTEXT_MAX_CHARACTERS = 3_000;

/**
 * What the model of an edit sees and must give back: the range expanded to whole lines (the
 * passage), split into the text before the range on its first line (`prefix`), the range itself
 * (`selection`) and the text after it on its last line (`suffix`). The model answers the whole
 * passage with the selection rewritten; prefix and suffix must come back unchanged (range-guard.ts).
 */
export interface CanvasPassage {
  /** The range being replaced ([0, length) for the whole document). */
  range: { start: number; end: number };
  prefix: string;
  selection: string;
  suffix: string;
  /** Read-only context: the end of the text before the passage (from a line start when cut). */
  before: string;
  /** Read-only context: the start of the text after the passage (to a line end when cut). */
  after: string;
}

/**
 * The passage of `range` in `document`: from just after the last line break before range.start
 * to the first line break at or after range.end (or the document's end). A null range is the
 * whole document, with nothing before or after it.
 */
export function canvasPassage(document: string, range: CanvasRange | null): CanvasPassage {
  if (!range) return { range: { start: 0, end: document.length }, prefix: '', selection: document, suffix: '', before: '', after: '' };
  const { start, end } = range;
  const lineStart = start === 0 ? 0 : document.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = document.indexOf('\n', end);
  const lineEnd = nextBreak === -1 ? document.length : nextBreak;
  return {
    range: { start, end },
    prefix: document.slice(lineStart, start),
    selection: document.slice(start, end),
    suffix: document.slice(end, lineEnd),
    before: contextBefore(document, lineStart),
    after: contextAfter(document, lineEnd),
  };
}

/** At most CANVAS_CONTEXT_MAX_CHARACTERS before `at`, starting at a line when cut. */
function contextBefore(document: string, at: number): string {
  const from = at - CANVAS_CONTEXT_MAX_CHARACTERS;
  if (from <= 0) return document.slice(0, at);
  const cut = document.slice(from, at);
  if (document[from - 1] === '\n') return cut;
  const firstBreak = cut.indexOf('\n');
  return firstBreak === -1 ? cut : cut.slice(firstBreak + 1);
}

/** At most CANVAS_CONTEXT_MAX_CHARACTERS after `at`, ending with a line when cut. */
function contextAfter(document: string, at: number): string {
  const to = at + CANVAS_CONTEXT_MAX_CHARACTERS;
  if (to >= document.length) return document.slice(at);
  const cut = document.slice(at, to);
  if (document[to] === '\n') return cut;
  const lastBreak = cut.lastIndexOf('\n');
  return lastBreak <= 0 ? cut : cut.slice(0, lastBreak);
}
