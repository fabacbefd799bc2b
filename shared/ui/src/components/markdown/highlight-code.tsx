import type { ReactNode } from 'react';

/** The part of lowlight's syntax tree (hast) that highlighting produces. */
type HastNode =
  | { type: 'root'; children: HastNode[] }
  | { type: 'element'; properties?: { className?: unknown }; children: HastNode[] }
  | { type: 'text'; value: string }
  | { type: 'comment' | 'doctype' };

type Lowlight = ReturnType<typeof import('lowlight').createLowlight>;

let lowlight: Promise<Lowlight> | undefined;

/** lowlight with highlight.js's common languages, loaded on the first code block (its own chunk). */
function loadLowlight(): Promise<Lowlight> {
  lowlight ??= import(/* webpackChunkName: "highlight" */ 'lowlight').then(
    (module) => module.createLowlight(module.common),
    (error: unknown) => {
      lowlight = undefined;
      throw error;
    },
  );
  return lowlight;
}

/**
 * The code as highlighted React elements (spans with highlight.js classes; the code stays text,
 * nothing is set as HTML), or null for a language lowlight does not know.
 */
export async function highlightCode(code: string, language: string): Promise<ReactNode | null> {
  const highlighter = await loadLowlight();
  const name = language.toLowerCase();
  if (!highlighter.registered(name)) return null;
  return toReact(highlighter.highlight(name, code) as unknown as HastNode);
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
