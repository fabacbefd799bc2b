import type { ReactNode } from 'react';
import type { SegmentHighlighter } from './highlight-code';

/**
 * Main-thread work split into slices: each slice runs for at most about `budgetMs`, then the
 * thread is given back (input, rendering, React's own tasks) before the next slice.
 */
export interface SliceOptions {
  /** Time per slice, ms (default 8: half a frame, far below the 50 ms of a "long task"). */
  budgetMs?: number;
  /** The clock the budget is measured with (default `performance.now`). */
  now?: () => number;
  /** Gives the main thread back between slices (default {@link yieldToMain}). */
  yieldToMain?: () => Promise<void>;
  /** Stops before the next slice (unmount, other code). */
  signal?: AbortSignal;
}

export const SLICE_BUDGET_MS = 8;

/**
 * The next task: a `MessageChannel` message (no 4 ms clamp as nested `setTimeout`s get, and queued
 * behind React's render task, which React's scheduler posts the same way, so highlighted pieces
 * are rendered as they come); `setTimeout(0)` where there is no `MessageChannel`.
 * (`scheduler.yield()` is not used: its continuation is run before other queued tasks, so React
 * would render all pieces at once at the end, in one long task.)
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** What a step reports: finished, more to do, or its next unit does not fit in this slice. */
export type StepResult = 'done' | 'more' | 'later';

/**
 * Runs `step` until it is done, in slices of `budgetMs`: a slice ends when its time is used up or a
 * step answers 'later' (the first step of a slice always runs, so work always advances). Calls
 * `onSlice` after each slice. Resolves true when done, false when aborted.
 */
export async function runInSlices(
  step: (deadline: number, firstInSlice: boolean) => StepResult,
  options: SliceOptions & { onSlice?: () => void } = {},
): Promise<boolean> {
  const { budgetMs = SLICE_BUDGET_MS, now = () => performance.now(), yieldToMain: yieldNow = yieldToMain, signal, onSlice } = options;
  for (;;) {
    if (signal?.aborted) return false;
    const deadline = now() + budgetMs;
    let result: StepResult;
    let first = true;
    do {
      result = step(deadline, first);
      first = false;
    } while (result === 'more' && now() < deadline);
    onSlice?.();
    if (result === 'done') return true;
    await yieldNow();
  }
}

/** A highlighted piece of the code: characters `start` to `end`. */
export interface HighlightedPiece {
  start: number;
  end: number;
  nodes: ReactNode[];
}

export interface HighlightProgress {
  /** The highlighted pieces, in order, from the start of the code. */
  pieces: HighlightedPiece[];
  /** Where the not yet highlighted rest of the code starts. */
  end: number;
}

/**
 * Highlights `code` piece by piece in slices (see {@link runInSlices}), calling `onProgress` after
 * each slice with all pieces so far (a new array; earlier pieces keep their identity).
 *
 * Pieces end at line ends where highlight.js is back at the language's top level: there a piece
 * highlighted on its own gets the tokens one pass over the whole code gives, so the pieces
 * together are the one-pass result. A piece's size follows the measured time per character so
 * that it fits the slice. When a piece ends inside a comment, string or tag, it is highlighted
 * again up to its last line break outside a span, or, when there is none, with twice the lines
 * (until it ends at the top level or at the end of the code), in a slice of its own when it does
 * not fit the rest of the current one. Only a single token longer than a slice's worth of code
 * (a 10 KB comment) makes a slice longer than the budget.
 */
export function highlightInSlices(
  code: string,
  highlight: SegmentHighlighter,
  options: SliceOptions & { onProgress: (progress: HighlightProgress) => void },
): Promise<boolean> {
  const now = options.now ?? (() => performance.now());
  const lineEnds: number[] = [];
  for (let index = code.indexOf('\n'); index !== -1; index = code.indexOf('\n', index + 1)) lineEnds.push(index + 1);
  if (lineEnds.at(-1) !== code.length) lineEnds.push(code.length);
  const lines = lineEnds.length;

  let pieces: HighlightedPiece[] = [];
  let line = 0; // the first line not highlighted yet
  let exactEnd: number | undefined; // the next attempt ends at this line (a shorter retry)
  let minEnd = 1; // the next attempt ends at this line or later (a longer retry)
  let failedEnd = 0; // the furthest end of an attempt from `line` that did not end at the top level
  let lastLines = 1; // lines of the last accepted piece (attempts grow at most twofold)
  let msPerChar: number | undefined;
  const offset = (l: number) => (l === 0 ? 0 : lineEnds[l - 1]!);
  const lineAt = (position: number) => lineEnds.indexOf(position) + 1;

  const step = (deadline: number, firstInSlice: boolean): StepResult => {
    if (line >= lines) return 'done';
    const start = offset(line);
    let end = exactEnd ?? Math.min(Math.max(minEnd, line + 1), lines);
    if (msPerChar !== undefined) {
      const chars = Math.max(0, deadline - now()) / msPerChar;
      if (!firstInSlice && offset(end) - start > chars) return 'later';
      if (exactEnd === undefined) {
        const most = Math.min(lines, line + lastLines * 2);
        while (end < most && offset(end + 1) - start <= chars) end += 1;
      }
    }
    const before = now();
    const segment = highlight(code.slice(start, offset(end)), line === 0);
    const spent = now() - before;
    const measured = spent / Math.max(1, offset(end) - start);
    // Leaning to the slower figure: an overrun costs more than a slice too short.
    msPerChar = msPerChar === undefined ? measured : Math.max(measured, msPerChar * 0.7 + measured * 0.3);
    exactEnd = undefined;
    if (segment.atTopLevel || end === lines) {
      pieces = [...pieces, { start, end: offset(end), nodes: segment.nodes }];
      lastLines = end - line;
      line = end;
      minEnd = line + 1;
      failedEnd = 0;
    } else {
      failedEnd = Math.max(failedEnd, end);
      // Retry up to the last line break outside a span, if there is one; else with more lines.
      const shorter = segment.breaksOutsideSpans.filter((at) => at < offset(end) - start).at(-1);
      if (shorter !== undefined) exactEnd = lineAt(start + shorter);
      else minEnd = Math.min(lines, line + (failedEnd - line) * 2);
    }
    return line >= lines ? 'done' : 'more';
  };

  let reported = 0;
  return runInSlices(step, {
    ...options,
    onSlice: () => {
      if (pieces.length === reported) return;
      reported = pieces.length;
      options.onProgress({ pieces, end: offset(line) });
    },
  });
}
