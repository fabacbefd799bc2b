import { applyCanvasReplacement } from '@assistant/contracts';
import { act } from 'react';
import type { CanvasSelection, RewriteSession } from '../types';
import { RICH, nextFrame, positionOf, renderEditor, standalone, type RenderedEditor } from './editor-kit';

// Every shape of selection a model edit can replace, against every shape of Markdown the model can
// answer with, arriving in every way a rewrite ends: what the editor shows afterwards is always the
// server's text (applyCanvasReplacement of the Markdown at the capture), one undo step away from
// the original, and no step on the way throws.

const { schema, markdown } = standalone();
/** The editor's own Markdown of `text` (what it shows when the text is not in its normalised form). */
const normalised = (text: string) => markdown.serialize(markdown.parse(text, schema));

/** Where the selection starts and ends (texts in RICH); null: nothing selected, the whole document. */
const SELECTIONS: Array<[string, [string, string] | null]> = [
  ['inside one paragraph', ['paragraph of', 'paragraph of']],
  ['one whole paragraph', ['Last paragraph', 'the report.']],
  ['a sentence with marks inside it', ['The ', 'deals;']],
  ['across paragraphs', ['closed', 'Numbers']],
  ['one list item', ['First item', 'First item']],
  ['one table cell', ['steady', 'steady']],
  ['a heading', ['Numbers', 'Numbers']],
  ['inside a code block', ['north', 'south']],
  ['a quote', ['A quote', 'board.']],
  ['the whole document', null],
];

const REPLACEMENTS: Array<[string, string]> = [
  ['words', 'a few new words'],
  ['two paragraphs', 'First part.\n\nSecond part.'],
  ['a heading and a paragraph', '## New heading\n\nA paragraph under it.'],
  ['a heading and a list', '### Key points\n\n- Start in March\n- Small costs'],
  ['a list', '- one\n- two\n  - two a'],
  ['an ordered list', '1. first\n2. second'],
  ['a table', '| Quarter | Sum |\n| --- | ---: |\n| Q1 | 10 |'],
  ['a code block', '```js\nconst a = 1;\n```'],
  ['a quote', '> Quoted words.'],
  ['nothing', ''],
];

function capture(rendered: RenderedEditor, ends: [string, string] | null): CanvasSelection | null {
  if (!ends) return null;
  const { editor, handle } = rendered;
  const from = positionOf(editor.state.doc, ends[0]);
  const to = positionOf(editor.state.doc, ends[1]) + ends[1].length;
  act(() => void editor.commands.setTextSelection({ from, to }));
  let selection: CanvasSelection | null = null;
  act(() => {
    selection = handle.captureSelection();
  });
  if (!selection) throw new Error('nothing captured');
  return selection;
}

/** Runs one rewrite of `ends` with `replacement`, arriving as `arrival`; returns the server's text. */
async function rewrite(rendered: RenderedEditor, ends: [string, string] | null, replacement: string, arrival: 'at once' | 'streamed'): Promise<string> {
  const selection = capture(rendered, ends);
  const expected = applyCanvasReplacement(RICH, selection?.range ?? null, replacement);
  let session: RewriteSession | undefined;
  act(() => {
    session = rendered.handle.beginRewrite(selection);
  });
  if (arrival === 'streamed') {
    // Cut anywhere, also inside a Markdown construct (`| Q`, `- `, a fence without its end).
    for (let end = 1; end < replacement.length; end += 4) {
      act(() => session!.update(replacement.slice(0, end)));
      await nextFrame();
      rendered.editor.state.doc.check();
    }
  }
  act(() => session!.finish(replacement));
  return expected;
}

describe.each(SELECTIONS)('a rewrite of %s', (_selection, ends) => {
  it.each(REPLACEMENTS)('into %s shows the stored text, at once and streamed, one undo step from the original', async (_replacement, replacement) => {
    const rendered = renderEditor(RICH);
    for (const arrival of ['at once', 'streamed'] as const) {
      if (arrival === 'streamed') act(() => rendered.handle.setMarkdown(RICH));
      const expected = await rewrite(rendered, ends, replacement, arrival);
      rendered.editor.state.doc.check();
      expect([expected, normalised(expected)]).toContain(rendered.handle.getMarkdown());
      expect(rendered.editor.view.dom).not.toHaveAttribute('aria-busy');
      act(() => void rendered.editor.commands.undo());
      expect(rendered.handle.getMarkdown()).toBe(RICH);
    }
  });
});

describe('a rewrite while the user types elsewhere', () => {
  it.each(REPLACEMENTS)('into %s keeps the typing and shows the stored text in the region', async (_replacement, replacement) => {
    const rendered = renderEditor(RICH);
    const selection = capture(rendered, ['Last paragraph', 'the report.'])!;
    let session: RewriteSession | undefined;
    act(() => {
      session = rendered.handle.beginRewrite(selection);
    });
    act(() => session!.update(replacement.slice(0, 5)));
    await nextFrame();
    act(() => void rendered.editor.view.dispatch(rendered.editor.state.tr.insertText('Our ', positionOf(rendered.editor.state.doc, 'Quarterly'))));
    act(() => session!.finish(replacement));
    const typed = RICH.replace('# Quarterly', '# Our Quarterly');
    const expected = applyCanvasReplacement(typed, { start: selection.range.start + 4, end: selection.range.end + 4 }, replacement);
    expect([expected, normalised(expected)]).toContain(rendered.handle.getMarkdown());
  });
});
