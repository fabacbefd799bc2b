import type { ReactNode } from 'react';

/** The part of lowlight's syntax tree (hast) that highlighting produces. */
type HastNode =
  | { type: 'root'; children: HastNode[] }
  | { type: 'element'; properties?: { className?: unknown }; children: HastNode[] }
  | { type: 'text'; value: string }
  | { type: 'comment' | 'doctype' };

type Lowlight = ReturnType<typeof import('lowlight').createLowlight>;

/** What of highlight.js's instance inside lowlight is used: its plugin hook and its languages. */
interface HljsCore {
  addPlugin(plugin: { 'after:highlight'?: (result: { _top?: unknown }) => void }): void;
  getLanguage(name: string): unknown;
  unregisterLanguage(name: string): void;
}

interface Highlighter {
  lowlight: Lowlight;
  /** highlight.js's mode stack top after the last `lowlight.highlight` call (`_top`). */
  lastTop: () => unknown;
  hljs: HljsCore | undefined;
}

let loaded: Promise<Highlighter> | undefined;

/** lowlight with highlight.js's common languages, loaded on the first code block (its own chunk). */
function loadHighlighter(): Promise<Highlighter> {
  loaded ??= import(/* webpackChunkName: "highlight" */ 'lowlight').then(
    (module) => {
      const lowlight = module.createLowlight(module.common);
      // lowlight keeps its highlight.js instance to itself; a grammar is called with it, so a
      // throw-away grammar hands it over. Its `after:highlight` hook tells where highlight.js's
      // mode stack ended (at the language's top level or inside a comment, string, ...), which is
      // what decides whether code can be highlighted in pieces (see highlight-in-slices.ts).
      let hljs: HljsCore | undefined;
      lowlight.register('assistant-probe', (instance) => {
        hljs = instance as unknown as HljsCore;
        return { name: 'assistant-probe', contains: [] };
      });
      let top: unknown;
      if (hljs) {
        hljs.unregisterLanguage('assistant-probe');
        hljs.addPlugin({ 'after:highlight': (result) => void (top = result._top) });
      }
      return { lowlight, lastTop: () => top, hljs };
    },
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}

/**
 * The code as highlighted React elements (spans with highlight.js classes; the code stays text,
 * nothing is set as HTML), or null for a language lowlight does not know. One synchronous pass over
 * the whole code: the code block uses {@link loadSegmentHighlighter} instead; this is the
 * reference the pieces are tested and benchmarked against.
 */
export async function highlightCode(code: string, language: string): Promise<ReactNode | null> {
  const { lowlight } = await loadHighlighter();
  const name = language.toLowerCase();
  if (!lowlight.registered(name)) return null;
  return toReact(lowlight.highlight(name, code) as unknown as HastNode);
}

/** One piece of code highlighted on its own. */
export interface HighlightedSegment {
  /** The piece's highlighted nodes (spans and text), to be placed after the previous pieces'. */
  nodes: ReactNode[];
  /**
   * Whether highlight.js ended the piece at the language's top level (no comment, string, tag ...
   * open): only then does the next piece, highlighted on its own, get the same tokens as in one
   * pass over the whole code.
   */
  atTopLevel: boolean;
  /**
   * Offsets in the piece just after a line break outside any highlighted span: where the piece may
   * end instead when it did not end at the top level (to be checked by highlighting that shorter
   * piece: a mode without a span does not show here).
   */
  breaksOutsideSpans: number[];
}

/** Highlights a piece of code; `first`: the piece starts the code (else it starts a line). */
export type SegmentHighlighter = (text: string, first: boolean) => HighlightedSegment;

/** A highlighter of pieces of code in `language`, or null for a language lowlight does not know. */
export async function loadSegmentHighlighter(language: string): Promise<SegmentHighlighter | null> {
  const { lowlight, lastTop, hljs } = await loadHighlighter();
  const name = language.toLowerCase();
  if (!lowlight.registered(name)) return null;
  return (text, first) => {
    // A piece after the first is highlighted behind a line break, taken out again: highlight.js
    // then sees what it saw in one pass there (a line start that is not the start of the code, so
    // that, e.g., a shebang is only one on the first line).
    const root = lowlight.highlight(name, first ? text : `\n${text}`) as unknown as HastNode & { type: 'root' };
    if (!first) dropFirstCharacter(root.children);
    // Without the hook (another lowlight), no piece counts as ending at the top level: the caller
    // then highlights the rest in one pass.
    const atTopLevel = hljs !== undefined && lastTop() === hljs.getLanguage(name);
    return { nodes: root.children.map((child, index) => toReact(child, index)), atTopLevel, breaksOutsideSpans: breaksOutside(root.children) };
  };
}

function dropFirstCharacter(nodes: HastNode[]): void {
  const node = nodes[0];
  if (node?.type === 'text') node.value = node.value.slice(1);
  else if (node?.type === 'element') dropFirstCharacter(node.children);
  if (node && (node.type === 'text' ? node.value === '' : node.type === 'element' && node.children.length === 0)) nodes.shift();
}

function textLength(node: HastNode): number {
  if (node.type === 'text') return node.value.length;
  if (node.type === 'element' || node.type === 'root') return node.children.reduce((sum, child) => sum + textLength(child), 0);
  return 0;
}

function lastCharacter(node: HastNode): string | undefined {
  if (node.type === 'text') return node.value.at(-1);
  if (node.type === 'element' || node.type === 'root') return node.children.length ? lastCharacter(node.children.at(-1)!) : undefined;
  return undefined;
}

function breaksOutside(nodes: HastNode[]): number[] {
  const breaks: number[] = [];
  let offset = 0;
  for (const node of nodes) {
    if (node.type === 'text') {
      for (let index = node.value.indexOf('\n'); index !== -1; index = node.value.indexOf('\n', index + 1)) breaks.push(offset + index + 1);
    }
    const length = textLength(node);
    if (node.type === 'element' && lastCharacter(node) === '\n') breaks.push(offset + length);
    offset += length;
  }
  return breaks;
}

function toReact(node: HastNode, key?: number): ReactNode {
  if (node.type === 'text') return node.value;
  if (node.type === 'root' || node.type === 'element') {
    const children = node.children.map((child, index) => toReact(child, index));
    if (node.type === 'root') return children;
    const className = node.properties?.className;
    return (
      <span key={key} className={Array.isArray(className) ? className.join(' ') : undefined}>
        {children}
      </span>
    );
  }
  return null;
}
