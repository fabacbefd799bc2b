// The benchmark page (bundled by run.ts with esbuild, loaded in Chromium): a finished code block
// rendered with the old one-pass highlighting (baseline: the whole code highlighted and rendered in
// one go, as code-block.tsx did before) or with the ui's CodeBlock (highlighting in slices).
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { UI_TEXTS_EN } from '../../shared/ui/src/core/ui-texts';
import { CodeBlock } from '../../shared/ui/src/components/markdown/code-block';
import { highlightCode } from '../../shared/ui/src/components/markdown/highlight-code';
import { codeSample } from '../../shared/ui/src/components/markdown/__tests__/code-samples';

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
  return (
    <pre>
      <code className={`language-${language}`}>{highlighted ?? code}</code>
    </pre>
  );
}

export interface RenderResult {
  /** From mounting the finished block to its last span in place, ms. */
  total: number;
  spans: number;
}

/** Mounts a finished block and resolves once all its spans (counted from a one-pass render) are in. */
async function renderBlock(kind: 'one-pass' | 'sliced', language: string, size: number, spans: number): Promise<RenderResult> {
  const code = codeSample(language, size);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const live = container.getElementsByTagName('span');
  performance.mark('bench-start');
  const start = performance.now();
  root.render(kind === 'one-pass' ? <OnePassBlock code={code} language={language} /> : <CodeBlock code={code} language={language} highlight texts={UI_TEXTS_EN} />);
  // Polled with setTimeout (a task every ~4 ms; cheap: a live collection's length).
  // The sliced block's bar has 3 spans of its own (label, button label, live region).
  const own = kind === 'sliced' ? 3 : 0;
  while (live.length - own < spans) await new Promise((resolve) => setTimeout(resolve, 0));
  const total = performance.now() - start;
  performance.mark('bench-end');
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Unmounted by `cleanUp`, outside the measured span (removing thousands of spans is a task too).
  cleanUp = () => {
    root.unmount();
    container.remove();
  };
  return { total, spans };
}

let cleanUp = () => undefined as void;

/** The number of spans one pass gives (and, once, lowlight loaded and the language compiled). */
async function countSpans(language: string, size: number): Promise<number> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const code = codeSample(language, size);
  root.render(<OnePassBlock code={code} language={language} />);
  const live = container.getElementsByTagName('span');
  while (live.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const spans = live.length;
  root.unmount();
  container.remove();
  return spans;
}

Object.assign(window, { renderBlock, countSpans, cleanUp: () => cleanUp(), benchReady: true });
