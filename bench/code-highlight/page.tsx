// The benchmark page (bundled by run.ts with esbuild, loaded in Chromium with the ui's stylesheets):
// a finished code block rendered with the old one-pass highlighting (baseline: the whole code
// highlighted and rendered in one go, as code-block.tsx did before the sliced highlighting), with the first sliced
// version (baseline: pieces in slices, all inline in one `<pre><code>`), or with the ui's CodeBlock.
import { memo, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { UI_TEXTS_EN } from '../../shared/ui/src/core/ui-texts';
import { Button } from '../../shared/ui/src/components/button';
import { CodeBlock } from '../../shared/ui/src/components/markdown/code-block';
import { highlightCode, loadSegmentHighlighter } from '../../shared/ui/src/components/markdown/highlight-code';
import { highlightInSlices, type HighlightProgress } from '../../shared/ui/src/components/markdown/highlight-in-slices';
import { codeSample } from '../../shared/ui/src/components/markdown/__tests__/code-samples';

/** The frame of a code block as the ui's CodeBlock renders it (bar, `<pre><code>`), around the baselines' code. */
function Frame({ language, children }: { language: string; children: ReactNode }) {
  return (
    <div className="ui-markdown__code" role="group" aria-labelledby="bench-label">
      <div className="ui-markdown__code-bar">
        <span id="bench-label">{UI_TEXTS_EN.codeBlock(language)}</span>
        <Button variant="ghost" size="sm">
          {UI_TEXTS_EN.copyCode}
        </Button>
        <span className="ui-visually-hidden" aria-live="polite" />
      </div>
      <pre>
        <code className={`language-${language}`}>{children}</code>
      </pre>
    </div>
  );
}

/** The code block's highlighting before slicing: one `highlightCode` and one render of it all. */
function OnePassBlock({ code, language }: { code: string; language: string }) {
  const [highlighted, setHighlighted] = useState<ReactNode>(null);
  useEffect(() => {
    let current = true;
    highlightCode(code, language).then((nodes) => current && setHighlighted(nodes));
    return () => {
      current = false;
    };
  }, [code, language]);
  return <Frame language={language}>{highlighted ?? code}</Frame>;
}

const InlinePiece = memo(function InlinePiece({ nodes }: { nodes: ReactNode[] }) {
  return <>{nodes}</>;
});

/** The first sliced version (commit 9a1294c): the same slices, each slice's pieces inline in the one `<code>`, before the plain rest. */
function InlineSlicedBlock({ code, language }: { code: string; language: string }) {
  const [progress, setProgress] = useState<HighlightProgress | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadSegmentHighlighter(language).then((highlighter) => highlighter && highlightInSlices(code, highlighter, { signal: controller.signal, onProgress: setProgress }));
    return () => controller.abort();
  }, [code, language]);
  return (
    <Frame language={language}>
      {progress ? (
        <>
          {progress.pieces.map((piece) => (
            <InlinePiece key={piece.start} nodes={piece.nodes} />
          ))}
          {code.slice(progress.end)}
        </>
      ) : (
        code
      )}
    </Frame>
  );
}

export type Kind = 'one-pass' | 'inline-sliced' | 'sliced';

export interface RenderResult {
  /** From mounting the finished block to its last span in place, ms. */
  total: number;
  spans: number;
  /** The finished block as a reader gets it: the `<pre>`'s scroll size, whether its text is the code, the text a selection of it gives (what copying gives). */
  check: { width: number; height: number; text: boolean; selected: string };
}

/** Mounts a finished block and resolves once all its spans (counted from a one-pass render) are in. */
async function renderBlock(kind: Kind, language: string, size: number, spans: number): Promise<RenderResult> {
  const code = codeSample(language, size);
  const container = document.createElement('div');
  container.className = 'ui-markdown';
  document.body.append(container);
  const root = createRoot(container);
  performance.mark('bench-start');
  const start = performance.now();
  root.render(
    kind === 'one-pass' ? (
      <OnePassBlock code={code} language={language} />
    ) : kind === 'inline-sliced' ? (
      <InlineSlicedBlock code={code} language={language} />
    ) : (
      <CodeBlock code={code} language={language} highlight texts={UI_TEXTS_EN} />
    ),
  );
  // Polled with setTimeout (a task every ~4 ms; cheap: live collections' lengths). Only the
  // highlight.js spans count: the spans in the <pre> but the code block's line groups.
  let pre: HTMLPreElement | null;
  while (!(pre = container.querySelector('pre'))) await new Promise((resolve) => setTimeout(resolve, 0));
  const inPre = pre.getElementsByTagName('span');
  const groups = pre.getElementsByClassName('ui-markdown__code-lines');
  const highlighted = () => inPre.length - groups.length;
  while (highlighted() < spans) await new Promise((resolve) => setTimeout(resolve, 0));
  const total = performance.now() - start;
  performance.mark('bench-end');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const element = pre.querySelector('code')!;
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  const check = { width: pre.scrollWidth, height: pre.scrollHeight, text: element.textContent === code, selected: selection.toString() };
  selection.removeAllRanges();
  // Unmounted by `cleanUp`, outside the measured span (removing thousands of spans is a task too).
  cleanUp = () => {
    root.unmount();
    container.remove();
  };
  return { total, spans, check };
}

let cleanUp = () => undefined as void;

/** The number of highlight.js spans one pass gives (and, once, lowlight loaded and the language compiled). */
async function countSpans(language: string, size: number): Promise<number> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const code = codeSample(language, size);
  root.render(<OnePassBlock code={code} language={language} />);
  let pre: HTMLPreElement | null;
  while (!(pre = container.querySelector('pre'))) await new Promise((resolve) => setTimeout(resolve, 5));
  const live = pre.getElementsByTagName('span');
  while (live.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const spans = live.length;
  root.unmount();
  container.remove();
  return spans;
}

Object.assign(window, { renderBlock, countSpans, cleanUp: () => cleanUp(), benchReady: true });
