import { applyCanvasReplacement } from '@assistant/contracts';
import { closeHistory } from '@tiptap/pm/history';
import { Fragment, Slice, type Mark, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Transform, type Mapping } from '@tiptap/pm/transform';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { CanvasMarkdown } from './canvas-markdown';
import { replaceChangedBlocks } from './replace-blocks';
import { blocksOf, locateSelection, offsetsOf, type SelectionTarget } from './selection-offsets';
import type { CanvasMarkdownRange, CanvasSelection, RewriteSession } from './types';

/** Meta of the editor's own transactions that are not the user's changes (onChange is not called). */
export const QUIET = 'canvasQuiet';

/** Marks `tr` as the editor's own: not the user's change, not in the undo history, no autolinking. */
export const quiet = (tr: Transaction): Transaction => tr.setMeta(QUIET, true).setMeta('addToHistory', false).setMeta('preventAutolink', true);

export interface RewriteRegion {
  id: number;
  from: number;
  to: number;
  kind: 'inline' | 'blocks' | 'document';
}

interface TrackedRange {
  id: number;
  from: number;
  to: number;
}

interface RewriteState {
  /** The region a rewrite is streaming into. */
  region: RewriteRegion | null;
  /** The latest captured selections, kept in step with edits until a rewrite begins. */
  tracked: readonly TrackedRange[];
}

type RewriteMeta = { region: RewriteRegion | null } | { track: TrackedRange };

export const rewriteKey = new PluginKey<RewriteState>('canvasRewrite');

const TRACKED = 8;

/** Positions after `mapping`, the range shrinking rather than taking in what was added at its ends. */
function mapRange<T extends { from: number; to: number }>(range: T, mapping: Mapping): T {
  const from = mapping.map(range.from, 1);
  return { ...range, from, to: Math.max(from, mapping.map(range.to, -1)) };
}

/** True when a step of `tr` touches `from`..`to` (inclusive), in that step's own coordinates. */
function touches(tr: Transaction, range: { from: number; to: number }): boolean {
  let { from, to } = range;
  for (const map of tr.mapping.maps) {
    let touched = false;
    map.forEach((start, end) => {
      if (end >= from && start <= to) touched = true;
    });
    if (touched) return true;
    from = map.map(from, 1);
    to = Math.max(from, map.map(to, -1));
  }
  return false;
}

export interface RewritePluginTexts {
  /** aria-label of the region being rewritten. */
  region: string;
}

/**
 * The state of rewrites: the region a rewrite streams into (highlighted, `aria-busy` on the
 * editor, mapped through the user's edits elsewhere, and closed to them: a transaction that
 * touches it is refused) and the latest captured selections (mapped the same way).
 */
export function rewritePlugin(texts: () => RewritePluginTexts): Plugin<RewriteState> {
  return new Plugin<RewriteState>({
    key: rewriteKey,
    state: {
      init: () => ({ region: null, tracked: [] }),
      apply(tr, value) {
        const meta = tr.getMeta(rewriteKey) as RewriteMeta | undefined;
        let { region, tracked } = value;
        if (tr.docChanged) {
          tracked = tracked.map((range) => mapRange(range, tr.mapping));
          if (region && !(meta && 'region' in meta)) region = mapRange(region, tr.mapping);
        }
        if (meta && 'region' in meta) region = meta.region;
        if (meta && 'track' in meta) tracked = [...tracked.filter((range) => range.id !== meta.track.id).slice(-(TRACKED - 1)), meta.track];
        return region === value.region && tracked === value.tracked ? value : { region, tracked };
      },
    },
    filterTransaction(tr, state) {
      const region = rewriteKey.getState(state)?.region;
      if (!region || !tr.docChanged || tr.getMeta(rewriteKey) || tr.getMeta(QUIET)) return true;
      return !touches(tr, region);
    },
    props: {
      attributes(state): Record<string, string> {
        const region = rewriteKey.getState(state)?.region;
        if (!region) return {};
        return { 'aria-busy': 'true', class: region.kind === 'document' ? 'canvas-editor--rewriting canvas-editor--rewriting-all' : 'canvas-editor--rewriting' };
      },
      decorations(state) {
        const region = rewriteKey.getState(state)?.region;
        if (!region || region.kind === 'document') return null;
        const label = texts().region;
        const decorations: Decoration[] = [];
        if (region.kind === 'inline') {
          if (region.to > region.from) decorations.push(Decoration.inline(region.from, region.to, { class: 'canvas-editor__rewriting', 'aria-label': label }));
        } else {
          state.doc.nodesBetween(region.from, region.to, (node, position) => {
            if (position >= region.from && position + node.nodeSize <= region.to) {
              decorations.push(Decoration.node(position, position + node.nodeSize, { class: 'canvas-editor__rewriting-block', 'aria-label': label }));
            }
            return false;
          });
        }
        decorations.push(Decoration.widget(region.to, caret, { side: -1, key: 'canvas-rewrite-caret', ignoreSelection: true }));
        return DecorationSet.create(state.doc, decorations);
      },
    },
  });
}

function caret(): HTMLElement {
  const element = document.createElement('span');
  element.className = 'canvas-editor__rewrite-caret';
  element.setAttribute('aria-hidden', 'true');
  return element;
}

/** Adds `marks` to the inline content of every text block of `fragment` (where the parent allows them). */
function withMarks(fragment: Fragment, marks: readonly Mark[], parent?: ProseMirrorNode): Fragment {
  if (marks.length === 0) return fragment;
  const nodes: ProseMirrorNode[] = [];
  fragment.forEach((node) => {
    if (node.isInline) {
      let set = node.marks;
      for (const mark of marks) if (!parent || parent.type.allowsMarkType(mark.type)) set = mark.addToSet(set);
      nodes.push(node.mark(set));
    } else nodes.push(node.copy(withMarks(node.content, marks, node)));
  });
  return Fragment.from(nodes);
}

const nextFrame: (callback: () => void) => number =
  typeof requestAnimationFrame === 'function' ? (callback) => requestAnimationFrame(callback) : (callback) => setTimeout(callback, 16) as unknown as number;
const cancelFrame: (handle: number) => void = typeof cancelAnimationFrame === 'function' ? (handle) => cancelAnimationFrame(handle) : (handle) => clearTimeout(handle);

/** Offset after the last blank line of `text` at or after `from` that lies outside a code fence (-1: none). */
function lastBlockBoundary(text: string, from: number): number {
  let boundary = text.lastIndexOf('\n\n');
  while (boundary >= from) {
    const fences = text.slice(0, boundary).match(/^ {0,3}(?:```|~~~)/gm)?.length ?? 0;
    if (fences % 2 === 0) return boundary;
    boundary = text.lastIndexOf('\n\n', boundary - 1);
  }
  return -1;
}

/**
 * An inline rewrite whose text turned out to be blocks (a heading and a list in place of a
 * sentence): it streams into the whole top-level block around the selection instead, read from
 * that block's Markdown with the range replaced, as the server's text reads.
 */
interface Promotion {
  /** The block's Markdown before and after the range. */
  before: string;
  after: string;
  /** The block with the region's original content (what cancel puts back). */
  host: ProseMirrorNode;
  /** The selection's positions relative to the block's start. */
  from: number;
  to: number;
}

/** The error of an editor that could not put a rewrite's text in place (the caller reloads the stored text). */
export class RewriteApplyError extends Error {
  constructor(cause: unknown) {
    super(`The editor could not apply the rewrite: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RewriteApplyError';
  }
}

let nextId = 1;
/** A fresh id for a captured selection or a rewrite. */
export const newRewriteId = () => nextId++;

export interface RewriteHost {
  view(): EditorView;
  markdown: CanvasMarkdown;
  /** The editor's running rewrite: a new one (or setMarkdown) cancels it first. */
  running: { session: RewriteSession | null };
}

/** Records a captured selection so that its positions follow later edits (beginRewrite uses them). */
export function trackSelection(view: EditorView, id: number, from: number, to: number): void {
  view.dispatch(quiet(view.state.tr.setMeta(rewriteKey, { track: { id, from, to } } satisfies RewriteMeta)));
}

/** The selection's target as it stands now (its positions mapped through edits since its capture). */
function currentTarget(state: EditorState, selection: CanvasSelection, markdown: CanvasMarkdown): SelectionTarget {
  const tracked = rewriteKey.getState(state)?.tracked.find((range) => range.id === selection.target.id);
  const size = state.doc.content.size;
  const from = Math.min(tracked?.from ?? selection.target.from, size);
  const to = Math.min(tracked?.to ?? selection.target.to, size);
  const target = { ...selection.target, from, to };
  if (target.kind === 'inline') {
    const $from = state.doc.resolve(from);
    if ($from.parent.isTextblock && $from.sameParent(state.doc.resolve(to))) return target;
  } else if (from === 0 || state.doc.resolve(from).depth === 0) {
    if (to === size || state.doc.resolve(to).depth === 0) return target;
  }
  return locateSelection(state.doc, from, Math.max(from + 1, to), markdown)?.target ?? { kind: 'blocks', from: 0, to: size, marks: [], code: false };
}

/**
 * Starts a rewrite of `selection` (null: the whole document) in the host's editor: see
 * RewriteSession. Streaming steps are not in the undo history; finish puts the original back and
 * makes the final replacement one step of its own. A selection inside one text block takes inline
 * text in place; text that reads as blocks (a heading and a list for a sentence) streams into the
 * whole top-level block around it instead (Promotion), never blocks into a paragraph. The final
 * document is checked against applyCanvasReplacement of the Markdown (see applyFinal); finish
 * throws RewriteApplyError when nothing fits, with the region ended.
 */
export function startRewrite(host: RewriteHost, selection: CanvasSelection | null): RewriteSession {
  host.running.session?.cancel();
  const view = host.view();
  const { state } = view;
  const markdown = host.markdown;
  const target = selection ? currentTarget(state, selection, markdown) : null;
  const id = newRewriteId();
  const kind: RewriteRegion['kind'] = target ? target.kind : 'document';
  const startRegion: RewriteRegion = target ? { id, kind, from: target.from, to: target.to } : { id, kind, from: 0, to: state.doc.content.size };
  const original = state.doc.slice(startRegion.from, startRegion.to);
  const originalMarkdown = markdown.serialize(state.doc);
  // The range in the Markdown as it is now (the server's offsets, when nothing changed since the capture).
  const startOffsets = target ? offsetsOf(state.doc, target, markdown) : { start: 0, end: originalMarkdown.length, markdown: originalMarkdown };
  const range: CanvasMarkdownRange | null = startOffsets && { start: startOffsets.start, end: startOffsets.end };
  const schema: Schema = state.schema;
  const marks = target?.marks ?? [];
  const code = target?.code ?? false;

  const begin = view.state.tr.setMeta(rewriteKey, { region: startRegion } satisfies RewriteMeta);
  // A selection over the region becomes a caret at its end: the text streams in before it (the
  // region's own highlight shows, and no selection toolbar pops up as the region grows).
  const { from: selectedFrom, to: selectedTo } = begin.selection;
  if (selectedFrom < startRegion.to && selectedTo > startRegion.from) begin.setSelection(TextSelection.near(begin.doc.resolve(startRegion.to), -1));
  view.dispatch(quiet(begin));

  let pending: string | null = null;
  let frame = 0;
  let ended = false;
  // Blocks: the part of the replacement already read into blocks (up to a blank line outside a
  // code fence) is not read again; only the text after it is, on each frame.
  let committedSource = '';
  let committedSize = 0;

  const region = (): RewriteRegion | null => {
    const current = rewriteKey.getState(host.view().state)?.region;
    return current && current.id === id ? current : null;
  };

  /** The region `from`..`to` of `doc` is all of it. */
  const coversDocument = (doc: ProseMirrorNode, from: number, to: number) => from === 0 && to === doc.content.size;

  /** Whether `text` (the replacement so far) reads as inline content in place: nothing or one paragraph. */
  const parseInline = (text: string): { fits: boolean; blocks: Fragment; lead: string; trail: string } => {
    const lead = /^[ \t]+/.exec(text)?.[0] ?? '';
    const trail = text.length > lead.length ? (/[ \t]+$/.exec(text)?.[0] ?? '') : '';
    if (code) return { fits: true, blocks: Fragment.empty, lead, trail };
    const blocks = markdown.parseBlocks(text.slice(lead.length, text.length - trail.length), schema, { allowEmpty: true });
    const fits = blocks.childCount === 0 || (blocks.childCount === 1 && blocks.firstChild!.type === schema.nodes.paragraph);
    return { fits, blocks, lead, trail };
  };

  /** Inline content of `text`, read as one paragraph (with leading and trailing spaces kept, which a paragraph would drop). */
  const inlineSlice = ({ blocks, lead, trail }: ReturnType<typeof parseInline>, text: string): Slice => {
    if (code) return text ? new Slice(Fragment.from(schema.text(text)), 0, 0) : Slice.empty;
    const space = (s: string) => (s ? [schema.text(s, marks)] : []);
    if (blocks.childCount === 0) return lead || trail ? new Slice(Fragment.from(space(lead + trail)), 0, 0) : Slice.empty;
    const content = withMarks(blocks.firstChild!.content, marks);
    return new Slice(Fragment.from(space(lead)).append(content).append(Fragment.from(space(trail))), 0, 0);
  };

  /** Blocks of `text`, at least one when they are to fill the whole document. */
  const blocksFor = (text: string, whole: boolean): Fragment => {
    const blocks = markdown.parseBlocks(text, schema, { allowEmpty: true });
    return whole && blocks.childCount === 0 ? Fragment.from(schema.nodes.paragraph!.create()) : blocks;
  };

  let promoted: Promotion | null = null;

  /**
   * The promotion of the inline region `current` of `doc`: the top-level block around it, with
   * the region's original content and its Markdown around the range. Null when the range is not
   * exact in that block's Markdown (the inline region then stays as it is).
   */
  const promote = (doc: ProseMirrorNode, current: RewriteRegion): Promotion | null => {
    const scratch = new Transform(doc).replace(current.from, current.to, original);
    const from = scratch.mapping.map(current.from, -1);
    const to = scratch.mapping.map(current.to, 1);
    const offsets = offsetsOf(scratch.doc, { kind: 'inline', from, to, marks, code }, markdown);
    if (!offsets) return null;
    const index = scratch.doc.resolve(from).index(0);
    const blocks = blocksOf(scratch.doc, markdown);
    const start = blocks.starts[index]!;
    const part = blocks.parts[index]!;
    if (offsets.start < start || offsets.end > start + part.length) return null;
    const position = blocks.positions[index]!;
    return { before: part.slice(0, offsets.start - start), after: part.slice(offsets.end - start), host: scratch.doc.child(index), from: from - position, to: to - position };
  };

  /** Replaces the current region with `text` in `tr` (incrementally while streaming); returns the region it fills now. */
  const replace = (tr: Transaction, current: RewriteRegion, text: string, final: boolean): RewriteRegion => {
    const inline = kind === 'inline' ? parseInline(text) : null;
    if (inline && !final && !promoted && !inline.fits) promoted = promote(tr.doc, current);
    if (inline && !final && promoted) {
      // The whole block around the selection, read again from its Markdown with the text in the range.
      const $from = tr.doc.resolve(current.from);
      const from = current.kind === 'inline' ? $from.before(1) : current.from;
      const to = current.kind === 'inline' ? $from.after(1) : current.to;
      tr.replaceWith(from, to, blocksFor(promoted.before + text + promoted.after, coversDocument(tr.doc, from, to)));
      return { ...current, kind: 'blocks', from: tr.mapping.map(from, -1), to: tr.mapping.map(to, 1) };
    }
    if (inline) {
      // Blocks never go into a paragraph: what cannot be promoted waits for the final text.
      if (!inline.fits) return current;
      tr.replace(current.from, current.to, inlineSlice(inline, text));
      return { ...current, from: tr.mapping.map(current.from, -1), to: tr.mapping.map(current.to, 1) };
    }
    if (final || !text.startsWith(committedSource)) {
      committedSource = '';
      committedSize = 0;
    }
    const insertAt = current.from + committedSize;
    let fresh = Fragment.empty;
    const boundary = final ? -1 : lastBlockBoundary(text, committedSource.length);
    if (boundary > committedSource.length) {
      fresh = markdown.parseBlocks(text.slice(committedSource.length, boundary), schema, { allowEmpty: true });
      committedSource = text.slice(0, boundary + 2);
    }
    let tail = markdown.parseBlocks(text.slice(committedSource.length), schema, { allowEmpty: true });
    // A document holds at least one block.
    if (coversDocument(tr.doc, current.from, current.to) && committedSize + fresh.size + tail.size === 0) tail = Fragment.from(schema.nodes.paragraph!.create());
    tr.replaceWith(insertAt, current.to, fresh.append(tail));
    committedSize += fresh.size;
    return { ...current, from: tr.mapping.map(current.from, -1), to: tr.mapping.map(current.to, 1) };
  };

  const flush = () => {
    frame = 0;
    const current = region();
    if (ended || pending === null || !current) return;
    const text = pending;
    pending = null;
    const currentView = host.view();
    try {
      const tr = currentView.state.tr;
      const next = replace(tr, current, text, false);
      currentView.dispatch(quiet(tr.setMeta(rewriteKey, { region: next } satisfies RewriteMeta)));
    } catch {
      // The text so far does not fit here (it may once more of it has come): the next frame tries again.
      committedSource = '';
      committedSize = 0;
    }
  };

  /** Puts the original content back (not in the undo history) and ends the region; returns where it is. */
  const restore = (): { from: number; to: number } | null => {
    ended = true;
    if (host.running.session === session) host.running.session = null;
    if (frame) cancelFrame(frame);
    frame = 0;
    const current = region();
    if (!current) return null;
    const currentView = host.view();
    const tr = currentView.state.tr;
    let placed: { from: number; to: number };
    try {
      if (promoted && current.kind === 'blocks') tr.replaceWith(current.from, current.to, promoted.host);
      else tr.replace(current.from, current.to, original);
      placed = { from: tr.mapping.map(current.from, -1), to: tr.mapping.map(current.to, 1) };
      currentView.dispatch(quiet(tr.setMeta(rewriteKey, { region: null } satisfies RewriteMeta)));
    } catch (error) {
      // The region is ended in any case: it must not stay closed to the user's edits.
      currentView.dispatch(quiet(currentView.state.tr.setMeta(rewriteKey, { region: null } satisfies RewriteMeta)));
      throw error;
    }
    if (promoted && current.kind === 'blocks') return { from: placed.from + promoted.from, to: placed.from + promoted.to };
    return placed;
  };

  const session: RewriteSession = {
    update(replacementSoFar) {
      if (ended) return;
      pending = replacementSoFar;
      if (!frame) frame = nextFrame(flush);
    },
    cancel() {
      if (!ended) restore();
    },
    finish(replacement) {
      if (ended) return;
      try {
        applyFinal(replacement);
      } catch (error) {
        throw new RewriteApplyError(error);
      }
    },
  };

  /**
   * The final replacement as one undo step: the original is put back, then the first of these
   * that reads exactly as the server's text (applyCanvasReplacement of the Markdown) is applied:
   * the replacement in place (inline content into the selection, blocks into selected blocks),
   * the top-level blocks around the range read again from the server's text, and at last every
   * top-level block that differs from that text read as a whole (the text in the editor's own
   * form, when it does not write it back the same).
   */
  const applyFinal = (replacement: string) => {
    const placed = restore();
    if (!placed) return;
    const currentView = host.view();
    const { state } = currentView;
    const { doc } = state;
    const now: RewriteRegion = { id, kind, ...(kind === 'document' ? { from: 0, to: doc.content.size } : placed) };
    // The range the server replaced, in the Markdown as it is now (the same as at the start
    // unless the user changed something elsewhere meanwhile).
    const currentMarkdown = markdown.serialize(doc);
    let at: CanvasMarkdownRange | null;
    if (currentMarkdown === originalMarkdown) at = range;
    else if (kind === 'document') at = { start: 0, end: currentMarkdown.length };
    else at = offsetsOf(doc, { kind, from: now.from, to: now.to, marks, code }, markdown);
    const expected = at && applyCanvasReplacement(currentMarkdown, at, replacement);

    const inPlace = (): Transaction | null => {
      if (kind === 'inline' && !parseInline(replacement).fits) return null;
      const tr = state.tr;
      replace(tr, now, replacement, true);
      return tr;
    };
    const attempts: Array<() => Transaction | null> = [inPlace];
    if (at && expected !== null) {
      const found = at;
      attempts.push(
        () => rereadAround(state, currentMarkdown, found, expected, markdown),
        () => replaceChangedBlocks(state.tr, markdown.parse(expected, schema)),
      );
    }
    let failure: unknown = new Error('no way to apply the replacement');
    for (const [index, attempt] of attempts.entries()) {
      let tr: Transaction | null;
      try {
        tr = attempt();
      } catch (error) {
        failure = error;
        continue;
      }
      if (!tr) continue;
      const last = index === attempts.length - 1;
      if (expected !== null && !last && markdown.serialize(tr.doc) !== expected) continue;
      currentView.dispatch(closeHistory(tr).setMeta('preventAutolink', true));
      // The next edit of the user starts an undo step of its own, too.
      currentView.dispatch(closeHistory(quiet(currentView.state.tr)));
      return;
    }
    throw failure;
  };
  host.running.session = session;
  return session;
}

/**
 * A transaction that makes the document read `expected` (which differs from the document's
 * Markdown `base` only within `range`) by reading the top-level blocks around the range again
 * from `expected`; null when the range does not lie within whole blocks of `base`.
 */
function rereadAround(state: EditorState, base: string, range: CanvasMarkdownRange, expected: string, markdown: CanvasMarkdown): Transaction | null {
  const { doc, schema } = state;
  const blocks = blocksOf(doc, markdown);
  const count = blocks.parts.length;
  let first = 0;
  while (first + 1 < count && blocks.starts[first + 1]! <= range.start) first += 1;
  let last = first;
  while (last + 1 < count && blocks.starts[last]! + blocks.parts[last]!.length < range.end) last += 1;
  const head = blocks.starts[first]!;
  const tail = base.length - (blocks.starts[last]! + blocks.parts[last]!.length);
  if (tail < 0 || head > expected.length - tail) return null;
  const fragment = markdown.parseBlocks(expected.slice(head, expected.length - tail), schema, { allowEmpty: true });
  const tr = state.tr.replaceWith(blocks.positions[first]!, blocks.positions[last]! + doc.child(last).nodeSize, fragment);
  return tr.doc.childCount > 0 ? tr : null;
}
