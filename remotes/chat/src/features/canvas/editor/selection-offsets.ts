import { Mark, type Node as ProseMirrorNode, type ResolvedPos } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import type { CanvasMarkdown } from './canvas-markdown';

/**
 * Where a selection (or a region being rewritten) lies in the editor's document:
 * - `inline`: inside one text block (`from`/`to` positions within it); the Markdown range lies
 *   inside that block's text and a replacement is inline content carrying `marks` (the marks
 *   around the whole range, e.g. bold when the range lies inside a bold run), or plain text in a
 *   code block (`code`);
 * - `blocks`: whole top-level blocks (`from`/`to` at their boundaries); the range covers their
 *   Markdown and a replacement is blocks.
 */
export interface SelectionTarget {
  kind: 'inline' | 'blocks';
  from: number;
  to: number;
  marks: readonly Mark[];
  code: boolean;
}

export interface LocatedSelection {
  target: SelectionTarget;
  /** [start, end) in `markdown`. */
  start: number;
  end: number;
  /** The document's Markdown (what the offsets are into). */
  markdown: string;
}

const START = '\uE000';
const END = '\uE001';

export interface Blocks {
  parts: string[];
  /** Offset of each block's Markdown in the document's Markdown. */
  starts: number[];
  /** Position of each block in the document. */
  positions: number[];
  markdown: string;
}

export function blocksOf(doc: ProseMirrorNode, markdown: CanvasMarkdown): Blocks {
  const parts = markdown.blocks(doc);
  const starts: number[] = [];
  const positions: number[] = [];
  let offset = 0;
  doc.forEach((_block, position, index) => {
    starts.push(offset);
    positions.push(position);
    offset += parts[index]!.length + 2;
  });
  return { parts, starts, positions, markdown: markdown.serialize(doc) };
}

/**
 * The [start, end) range of `markdown`'s text that positions `from`..`to` of one text block cover,
 * found by writing a copy of the block with a private-use character at each end (carrying
 * `marks`, so a run of bold text stays one run) and checking that the Markdown with those two
 * characters taken out is exactly the block's Markdown: the range is then exact. Null when the
 * characters change how the text around them is written (they would split a mark, or stand where
 * an escape depends on them).
 */
function sentinelRange(doc: ProseMirrorNode, from: number, to: number, marks: readonly Mark[], blocks: Blocks, markdown: CanvasMarkdown): { start: number; end: number } | null {
  const index = doc.resolve(from).index(0);
  const original = blocks.parts[index]!;
  if (original.includes(START) || original.includes(END)) return null;
  const schema = doc.type.schema;
  const transform = new Transform(doc);
  transform.insert(to, schema.text(END, marks));
  transform.insert(from, schema.text(START, marks));
  const marked = markdown.block(transform.doc, index);
  const startAt = marked.indexOf(START);
  const endAt = marked.indexOf(END);
  if (startAt < 0 || endAt < startAt || marked.indexOf(START, startAt + 1) >= 0 || marked.indexOf(END, endAt + 1) >= 0) return null;
  if (marked.slice(0, startAt) + marked.slice(startAt + 1, endAt) + marked.slice(endAt + 1) !== original) return null;
  // A document of one empty block writes nothing: its offsets would not be into the Markdown.
  if (blocks.markdown === '') return null;
  return { start: blocks.starts[index]! + startAt, end: blocks.starts[index]! + endAt - 1 };
}

interface Run {
  start: number;
  end: number;
  marks: readonly Mark[];
}

function runsOf(parent: ProseMirrorNode): Run[] {
  const runs: Run[] = [];
  parent.forEach((child, offset) => runs.push({ start: offset, end: offset + child.nodeSize, marks: child.marks }));
  return runs;
}

const marksBefore = (runs: Run[], at: number) => runs.find((run) => run.start < at && run.end >= at)?.marks ?? Mark.none;
const marksAfter = (runs: Run[], at: number) => runs.find((run) => run.start <= at && run.end > at)?.marks ?? Mark.none;
const both = (a: readonly Mark[], b: readonly Mark[]) => a.filter((mark) => mark.isInSet(b));

/**
 * Widens [a, b) (offsets in a text block) until every mark that goes on past one of its ends
 * covers the whole range: a range that ends in the middle of a bold run and starts outside it
 * would cut the run's `**` in two. Returns the range and the marks that go on past its ends
 * (they are around the range in the Markdown and its replacement carries them).
 */
function widenToMarks(parent: ProseMirrorNode, from: number, to: number): { a: number; b: number; marks: readonly Mark[] } {
  const runs = runsOf(parent);
  let a = from;
  let b = to;
  for (let round = 0; round < runs.length + 2; round += 1) {
    const inside = runs.filter((run) => run.end > a && run.start < b).reduce<readonly Mark[] | null>((set, run) => (set ? both(set, run.marks) : run.marks), null) ?? Mark.none;
    const acrossStart = both(marksBefore(runs, a), marksAfter(runs, a));
    const acrossEnd = both(marksBefore(runs, b), marksAfter(runs, b));
    let changed = false;
    for (const mark of acrossStart) {
      if (mark.isInSet(inside)) continue;
      while (a > 0 && mark.isInSet(marksBefore(runs, a))) a = runs.find((run) => run.start < a && run.end >= a)!.start;
      changed = true;
    }
    for (const mark of acrossEnd) {
      if (mark.isInSet(inside)) continue;
      while (b < parent.content.size && mark.isInSet(marksAfter(runs, b))) b = runs.find((run) => run.start <= b && run.end > b)!.end;
      changed = true;
    }
    if (!changed) {
      let marks = Mark.setFrom([...acrossStart]);
      for (const mark of acrossEnd) marks = mark.addToSet(marks);
      return { a, b, marks };
    }
  }
  return { a: 0, b: parent.content.size, marks: Mark.none };
}

/** The first position inside the first text block of top-level block `index` (or its start). */
function firstInside(doc: ProseMirrorNode, blocks: Blocks, index: number): number {
  let node = doc.child(index);
  let position = blocks.positions[index]!;
  while (!node.isTextblock && node.firstChild) {
    position += 1;
    node = node.firstChild;
  }
  return node.isTextblock ? position + 1 : position;
}

/** The last position inside the last text block of top-level block `index` (or its end). */
function lastInside(doc: ProseMirrorNode, blocks: Blocks, index: number): number {
  let node = doc.child(index);
  let position = blocks.positions[index]! + node.nodeSize;
  while (!node.isTextblock && node.lastChild) {
    position -= 1;
    node = node.lastChild;
  }
  return node.isTextblock ? position - 1 : position;
}

function blockRange(doc: ProseMirrorNode, $from: ResolvedPos, $to: ResolvedPos, blocks: Blocks): LocatedSelection | null {
  if (doc.childCount === 0) return null;
  let first = $from.index(0);
  let last = $to.depth === 0 ? $to.index(0) - 1 : $to.index(0);
  first = Math.min(first, doc.childCount - 1);
  last = Math.max(Math.min(last, doc.childCount - 1), 0);
  // A selection from the very end of one block to the very start of another covers neither.
  if (first < last) {
    const skipFirst = $from.depth > 0 && $from.pos >= lastInside(doc, blocks, first);
    const skipLast = $to.depth > 0 && $to.pos <= firstInside(doc, blocks, last);
    if (skipFirst) first += 1;
    if (skipLast) last -= 1;
  }
  if (last < first) return null;
  const start = blocks.starts[first]!;
  const end = blocks.starts[last]! + blocks.parts[last]!.length;
  if (blocks.markdown === '' || end <= start) return null;
  return {
    target: { kind: 'blocks', from: blocks.positions[first]!, to: blocks.positions[last]! + doc.child(last).nodeSize, marks: Mark.none, code: false },
    start,
    end,
    markdown: blocks.markdown,
  };
}

/**
 * Where the selection `from`..`to` lies in the document's Markdown (exact offsets into
 * `markdown.serialize(doc)`), widened where the Markdown cannot be cut at its ends:
 * 1. inside one text block: the exact characters, with the marks running past both ends
 *    around them (inside `**…**` when the selection lies inside bold text);
 * 2. else widened to the runs of the marks it cuts (half of a bold run and some plain text: the
 *    whole bold run);
 * 3. else the text block's whole text (without its `#`, `- ` or `| ` syntax);
 * 4. across blocks, or when nothing else is exact: the whole top-level blocks it touches (a list,
 *    a table, a quote, paragraphs).
 * Null for an empty selection or an empty document.
 */
export function locateSelection(doc: ProseMirrorNode, from: number, to: number, markdown: CanvasMarkdown): LocatedSelection | null {
  if (from >= to) return null;
  const blocks = blocksOf(doc, markdown);
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  const parent = $from.parent;
  if (parent.isTextblock && $from.sameParent($to)) {
    const base = $from.start();
    const code = Boolean(parent.type.spec.code);
    const attempts: Array<{ a: number; b: number; marks: readonly Mark[] }> = [];
    if (code) attempts.push({ a: from - base, b: to - base, marks: Mark.none });
    else attempts.push(widenToMarks(parent, from - base, to - base));
    attempts.push({ a: 0, b: parent.content.size, marks: Mark.none });
    for (const { a, b, marks } of attempts) {
      if (a >= b) continue;
      const range = sentinelRange(doc, base + a, base + b, marks, blocks, markdown);
      if (range && range.end > range.start) {
        return { target: { kind: 'inline', from: base + a, to: base + b, marks, code }, ...range, markdown: blocks.markdown };
      }
    }
  }
  return blockRange(doc, $from, $to, blocks);
}

/**
 * The offsets of an already located target in (a later state of) the document, without
 * widening: null when they are no longer exact (the text around it changed how it is written).
 */
export function offsetsOf(doc: ProseMirrorNode, target: SelectionTarget, markdown: CanvasMarkdown): { start: number; end: number; markdown: string } | null {
  const blocks = blocksOf(doc, markdown);
  if (target.kind === 'inline') {
    const range = target.from < target.to ? sentinelRange(doc, target.from, target.to, target.marks, blocks, markdown) : null;
    return range && { ...range, markdown: blocks.markdown };
  }
  const first = blocks.positions.indexOf(target.from);
  const last = blocks.positions.findIndex((position, index) => position + doc.child(index).nodeSize === target.to);
  if (first < 0 || last < first) return null;
  return { start: blocks.starts[first]!, end: blocks.starts[last]! + blocks.parts[last]!.length, markdown: blocks.markdown };
}
