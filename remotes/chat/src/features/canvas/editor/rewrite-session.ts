import { applyCanvasReplacement } from '@assistant/contracts';
import { closeHistory } from '@tiptap/pm/history';
import { Fragment, Slice, type Mark, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { Mapping } from '@tiptap/pm/transform';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { CanvasMarkdown } from './canvas-markdown';
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
 * makes the final replacement one step of its own. The final document is checked against
 * applyCanvasReplacement of the Markdown: where parsing the replacement on its own reads it
 * otherwise than the server's text (a paragraph break inside a sentence, context that turns `- `
 * into a list), the blocks around the range are read again from that text.
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

  /** Inline content of `text` (with leading and trailing spaces kept, which a paragraph would drop). */
  const inlineSlice = (text: string): Slice => {
    if (code) return text ? new Slice(Fragment.from(schema.text(text)), 0, 0) : Slice.empty;
    const lead = /^[ \t]+/.exec(text)?.[0] ?? '';
    const trail = text.length > lead.length ? (/[ \t]+$/.exec(text)?.[0] ?? '') : '';
    const blocks = markdown.parseBlocks(text.slice(lead.length, text.length - trail.length), schema, { allowEmpty: true });
    const space = (s: string) => (s ? [schema.text(s, marks)] : []);
    if (blocks.childCount === 0) return lead || trail ? new Slice(Fragment.from(space(lead + trail)), 0, 0) : Slice.empty;
    if (blocks.childCount === 1 && blocks.firstChild!.isTextblock && !blocks.firstChild!.type.spec.code) {
      const content = withMarks(blocks.firstChild!.content, marks);
      return new Slice(Fragment.from(space(lead)).append(content).append(Fragment.from(space(trail))), 0, 0);
    }
    const open = (node: ProseMirrorNode) => (node.isTextblock ? 1 : 0);
    return new Slice(withMarks(blocks, marks), open(blocks.firstChild!), open(blocks.lastChild!));
  };

  /** Replaces the current region with `text` in `tr` (incrementally while streaming); returns its new end. */
  const replace = (tr: Transaction, current: RewriteRegion, text: string, final: boolean): number => {
    if (kind === 'inline') {
      tr.replace(current.from, current.to, inlineSlice(text));
      return tr.mapping.map(current.to, 1);
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
    const whole = current.from === 0 && current.to === tr.doc.content.size;
    if (whole && committedSize + fresh.size + tail.size === 0) tail = Fragment.from(schema.nodes.paragraph!.create());
    tr.replaceWith(insertAt, current.to, fresh.append(tail));
    committedSize += fresh.size;
    return tr.mapping.map(current.to, 1);
  };

  const flush = () => {
    frame = 0;
    const current = region();
    if (ended || pending === null || !current) return;
    const text = pending;
    pending = null;
    const currentView = host.view();
    const tr = currentView.state.tr;
    try {
      const to = replace(tr, current, text, false);
      tr.setMeta(rewriteKey, { region: { ...current, from: tr.mapping.map(current.from, -1), to } } satisfies RewriteMeta);
    } catch {
      // The text so far does not fit here (it may once more of it has come): the next frame tries again.
      committedSource = '';
      committedSize = 0;
      return;
    }
    currentView.dispatch(quiet(tr));
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
    const tr = currentView.state.tr.replace(current.from, current.to, original);
    const placed = { from: tr.mapping.map(current.from, -1), to: tr.mapping.map(current.to, 1) };
    currentView.dispatch(quiet(tr.setMeta(rewriteKey, { region: null } satisfies RewriteMeta)));
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
      const placed = restore();
      if (!placed) return;
      const currentView = host.view();
      const { doc } = currentView.state;
      const now = { id, kind, ...(kind === 'document' ? { from: 0, to: doc.content.size } : placed) };
      // The range the server replaced, in the Markdown as it is now (the same as at the start
      // unless the user changed something elsewhere meanwhile).
      const currentMarkdown = markdown.serialize(doc);
      let base = currentMarkdown;
      let at: CanvasMarkdownRange | null;
      if (currentMarkdown === originalMarkdown) at = range;
      else if (kind === 'document') at = { start: 0, end: currentMarkdown.length };
      else at = offsetsOf(doc, { kind, from: now.from, to: now.to, marks, code }, markdown);
      if (!at) base = '';

      let tr = currentView.state.tr;
      replace(tr, now, replacement, true);
      if (at) {
        const expected = applyCanvasReplacement(base, at, replacement);
        if (markdown.serialize(tr.doc) !== expected) tr = reread(currentView.state, base, at, expected, markdown) ?? tr;
      }
      currentView.dispatch(closeHistory(tr).setMeta('preventAutolink', true));
      // The next edit of the user starts an undo step of its own, too.
      currentView.dispatch(closeHistory(quiet(currentView.state.tr)));
    },
  };
  host.running.session = session;
  return session;
}

/**
 * A transaction that makes the document read `expected` (which differs from the document's
 * Markdown `base` only within `range`): the top-level blocks around the range read again from
 * `expected`, or failing that the whole document, replacing only what differs.
 */
function reread(state: EditorState, base: string, range: CanvasMarkdownRange, expected: string, markdown: CanvasMarkdown): Transaction | null {
  const { doc, schema } = state;
  const blocks = blocksOf(doc, markdown);
  const count = blocks.parts.length;
  let first = 0;
  while (first + 1 < count && blocks.starts[first + 1]! <= range.start) first += 1;
  let last = first;
  while (last + 1 < count && blocks.starts[last]! + blocks.parts[last]!.length < range.end) last += 1;
  const head = blocks.starts[first]!;
  const tail = base.length - (blocks.starts[last]! + blocks.parts[last]!.length);
  if (tail >= 0 && head <= expected.length - tail) {
    const fragment = markdown.parseBlocks(expected.slice(head, expected.length - tail), schema, { allowEmpty: true });
    const tr = state.tr.replaceWith(blocks.positions[first]!, blocks.positions[last]! + doc.child(last).nodeSize, fragment);
    if (tr.doc.childCount > 0 && markdown.serialize(tr.doc) === expected) return tr;
  }
  const target = markdown.parse(expected, schema);
  const start = doc.content.findDiffStart(target.content);
  if (start === null) return state.tr;
  const end = doc.content.findDiffEnd(target.content)!;
  let endA = end.a;
  let endB = end.b;
  const overlap = start - Math.min(endA, endB);
  if (overlap > 0) {
    endA += overlap;
    endB += overlap;
  }
  return state.tr.replace(start, endA, target.slice(start, endB));
}
