// Test kit of the canvas editor: a rendered CanvasEditor with its handle and TipTap editor, a
// standalone schema and CanvasMarkdown for the DOM-free tests, and helpers to find text.
import { addNamespace } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { getSchema, type Editor } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { act, createRef } from 'react';
import de from '../../../../locales/de.json';
import en from '../../../../locales/en.json';
import { canvasExtensions } from '../canvas-extensions';
import { CanvasEditor } from '../canvas-editor';
import { CanvasMarkdown } from '../canvas-markdown';
import type { CanvasEditorHandle, CanvasEditorProps } from '../types';

// jsdom has no layout: ProseMirror measures ranges when it scrolls the selection into view.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const zeroRect = () => new DOMRect(0, 0, 0, 0);
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = zeroRect;
}

export function standalone() {
  const extensions = canvasExtensions();
  return { schema: getSchema(extensions), markdown: new CanvasMarkdown(new MarkdownManager({ extensions })) };
}

/** Position of the `nth` occurrence of `text` inside one text node of `doc` (throws when absent). */
export function positionOf(doc: ProseMirrorNode, text: string, nth = 0): number {
  let found = -1;
  let count = 0;
  doc.descendants((node, position) => {
    if (found >= 0) return false;
    if (!node.isText) return true;
    let index = node.text!.indexOf(text);
    while (index >= 0) {
      if (count === nth) {
        found = position + index;
        return false;
      }
      count += 1;
      index = node.text!.indexOf(text, index + 1);
    }
    return true;
  });
  if (found < 0) throw new Error(`"${text}" is not in the document`);
  return found;
}

/** A rich document in the normalised form: every construct of the canvas. */
export const RICH = `# Quarterly report

The **sales team** closed *three* deals; see [the CRM](https://crm.example.com) and \`deal-42\`.

## Numbers

- First item
- Second item with **bold**
  - Nested item

1. One
2. Two

| Region | Revenue | Note |
| --- | ---: | --- |
| North | 1.2 M | steady |
| South | 0.8 M | growing |

\`\`\`ts
const total = north + south;
\`\`\`

> A quote from the board.

Last paragraph of the report.`;

export interface RenderedEditor {
  handle: CanvasEditorHandle;
  editor: Editor;
  onChange: jest.Mock;
  onInstruct: jest.Mock;
  rerender(props?: Partial<CanvasEditorProps>): void;
}

export function renderEditor(initialMarkdown: string, props: Partial<CanvasEditorProps> = {}, language: 'en' | 'de' = 'en'): RenderedEditor {
  addNamespace('chat', { de, en });
  const ref = createRef<CanvasEditorHandle>();
  const onChange = jest.fn();
  const onInstruct = jest.fn();
  const element = (extra: Partial<CanvasEditorProps> = {}) => (
    <CanvasEditor ref={ref} initialMarkdown={initialMarkdown} ariaLabel="Document" onChange={onChange} onInstruct={onInstruct} {...props} {...extra} />
  );
  const rendered = renderWithProviders(element(), { language });
  const dom = document.querySelector('.ProseMirror') as (HTMLElement & { editor?: Editor }) | null;
  if (!dom?.editor || !ref.current) throw new Error('the editor did not mount');
  return { handle: ref.current, editor: dom.editor, onChange, onInstruct, rerender: (extra) => rendered.rerender(element(extra)) };
}

/** Waits for the next animation frame (the rewrite's coalesced update), inside act. */
export async function nextFrame(): Promise<void> {
  await act(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });
}
