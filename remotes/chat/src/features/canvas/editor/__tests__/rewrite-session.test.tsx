import { applyCanvasReplacement } from '@assistant/contracts';
import { screen } from '@testing-library/react';
import { act } from 'react';
import type { CanvasSelection, RewriteSession } from '../types';
import { RICH, nextFrame, positionOf, renderEditor, type RenderedEditor } from './editor-kit';

/** Selects the text from `first` to the end of `last` and captures it. */
function captured(rendered: RenderedEditor, first: string, last = first): CanvasSelection {
  const { editor, handle } = rendered;
  const from = positionOf(editor.state.doc, first);
  const to = positionOf(editor.state.doc, last) + last.length;
  act(() => {
    editor.commands.setTextSelection({ from, to });
  });
  let selection: CanvasSelection | null = null;
  act(() => {
    selection = handle.captureSelection();
  });
  if (!selection) throw new Error('nothing captured');
  return selection;
}

const begin = (rendered: RenderedEditor, selection: CanvasSelection | null): RewriteSession => {
  let session: RewriteSession | undefined;
  act(() => {
    session = rendered.handle.beginRewrite(selection);
  });
  return session!;
};

/** The user types `text` at `position` (an ordinary transaction, as typing makes). */
const typeAt = (rendered: RenderedEditor, position: number, text: string) =>
  act(() => {
    rendered.editor.view.dispatch(rendered.editor.state.tr.insertText(text, position));
  });

const undo = (rendered: RenderedEditor) => act(() => void rendered.editor.commands.undo());
const redo = (rendered: RenderedEditor) => act(() => void rendered.editor.commands.redo());

const LAST = 'Last paragraph of the report.';

describe('a rewrite streaming into the editor', () => {
  it('shows the replacement so far, at most once per frame, marked as being rewritten; finish gives exactly the server’s text in one undo step', async () => {
    const rendered = renderEditor(RICH);
    const selection = captured(rendered, 'paragraph of the report');
    expect(selection.text).toBe('paragraph of the report');
    const session = begin(rendered, selection);
    expect(rendered.editor.view.dom).toHaveAttribute('aria-busy', 'true');
    // The selection became a caret at the region's end.
    expect(rendered.editor.state.selection.empty).toBe(true);
    expect(rendered.editor.state.selection.from).toBe(positionOf(rendered.editor.state.doc, ' of the report') + ' of the report'.length);
    expect(screen.getByRole('status')).toHaveTextContent('The model is rewriting the selected passage.');

    const changes: number[] = [];
    rendered.editor.on('transaction', ({ transaction }) => transaction.docChanged && changes.push(1));
    act(() => {
      session.update('words');
      session.update('words of the');
      session.update('words of the summary');
    });
    expect(changes).toHaveLength(0);
    await nextFrame();
    expect(changes).toHaveLength(1);
    expect(rendered.handle.getMarkdown()).toBe(RICH.replace(LAST, 'Last words of the summary.'));
    const region = document.querySelector('.canvas-editor__rewriting');
    expect(region).toHaveTextContent('words of the summary');
    expect(region).toHaveAttribute('aria-label', 'Being rewritten by the model');
    expect(rendered.onChange).not.toHaveBeenCalled();

    act(() => session.finish('words of the summary, in short'));
    expect(rendered.handle.getMarkdown()).toBe(applyCanvasReplacement(RICH, selection.range, 'words of the summary, in short'));
    expect(rendered.editor.view.dom).not.toHaveAttribute('aria-busy');
    expect(document.querySelector('.canvas-editor__rewriting')).toBeNull();
    expect(rendered.onChange).toHaveBeenCalledTimes(1);

    // Later calls change nothing.
    act(() => {
      session.update('something else');
      session.cancel();
    });
    await nextFrame();
    expect(rendered.handle.getMarkdown()).toBe(RICH.replace(LAST, 'Last words of the summary, in short.'));

    undo(rendered);
    expect(rendered.handle.getMarkdown()).toBe(RICH);
    redo(rendered);
    expect(rendered.handle.getMarkdown()).toBe(RICH.replace(LAST, 'Last words of the summary, in short.'));
  });

  it('cancel puts back exactly the original content and leaves no undo step', async () => {
    const rendered = renderEditor(RICH);
    const selection = captured(rendered, 'sales team');
    const session = begin(rendered, selection);
    act(() => session.update('**Vertrieb**'));
    await nextFrame();
    expect(rendered.handle.getMarkdown()).toContain('The **Vertrieb** closed');
    act(() => session.cancel());
    expect(rendered.handle.getMarkdown()).toBe(RICH);
    expect(rendered.editor.state.doc.eq(rendered.editor.state.doc)).toBe(true);
    undo(rendered);
    expect(rendered.handle.getMarkdown()).toBe(RICH);
    expect(rendered.onChange).not.toHaveBeenCalled();
  });

  it('keeps the user’s edits elsewhere while it streams (the region follows them), refuses edits inside the region, and undo takes back only the model’s edit', async () => {
    const rendered = renderEditor(RICH);
    const selection = captured(rendered, 'paragraph of the report');
    const session = begin(rendered, selection);
    act(() => session.update('part'));
    await nextFrame();

    // Typing in the first section, before the region: the region moves along.
    const heading = positionOf(rendered.editor.state.doc, 'Quarterly');
    typeAt(rendered, heading, 'Our ');
    typeAt(rendered, positionOf(rendered.editor.state.doc, 'closed'), 'finally ');
    expect(rendered.onChange).toHaveBeenCalledTimes(2);
    act(() => session.update('part of the review'));
    await nextFrame();
    // An edit inside the region is refused.
    const inside = positionOf(rendered.editor.state.doc, 'of the review');
    typeAt(rendered, inside, 'XXX');
    expect(rendered.handle.getMarkdown()).not.toContain('XXX');

    act(() => session.finish('part of the review'));
    const edited = RICH.replace('# Quarterly', '# Our Quarterly').replace('closed', 'finally closed');
    expect(rendered.handle.getMarkdown()).toBe(edited.replace(LAST, 'Last part of the review.'));
    undo(rendered);
    expect(rendered.handle.getMarkdown()).toBe(edited);
    undo(rendered);
    undo(rendered);
    expect(rendered.handle.getMarkdown()).toBe(RICH);
  });

  it('cancel after the user’s edits elsewhere keeps them and puts back the region', async () => {
    const rendered = renderEditor(RICH);
    const session = begin(rendered, captured(rendered, 'sales team'));
    act(() => session.update('crew'));
    await nextFrame();
    typeAt(rendered, positionOf(rendered.editor.state.doc, LAST), 'The ');
    act(() => session.cancel());
    expect(rendered.handle.getMarkdown()).toBe(RICH.replace(LAST, `The ${LAST}`));
  });

  it('a word inside bold stays bold; a replacement with its own paragraph break splits the paragraph as the server’s text does', async () => {
    const rendered = renderEditor(RICH);
    const inBold = captured(rendered, 'team');
    expect(inBold.text).toBe('team');
    let session = begin(rendered, inBold);
    act(() => session.finish('crew'));
    expect(rendered.handle.getMarkdown()).toBe(RICH.replace('sales team', 'sales crew'));

    const before = rendered.handle.getMarkdown();
    const sentence = captured(rendered, 'closed', 'deals;');
    session = begin(rendered, sentence);
    act(() => session.update('closed three\n\nnew'));
    await nextFrame();
    act(() => session.finish('closed three deals.\n\nThen they'));
    expect(rendered.handle.getMarkdown()).toBe(applyCanvasReplacement(before, sentence.range, 'closed three deals.\n\nThen they'));
    expect(rendered.handle.getMarkdown()).toContain('closed three deals.\n\nThen they see [the CRM]');
  });

  it('whole blocks (across paragraphs) become the streamed blocks: a heading, a list and a table', async () => {
    const rendered = renderEditor(RICH);
    const selection = captured(rendered, 'Numbers', 'Two');
    expect(selection.text).toBe('## Numbers\n\n- First item\n- Second item with **bold**\n  - Nested item\n\n1. One\n2. Two');
    const session = begin(rendered, selection);
    const replacement = '## Figures\n\n- Only item\n\n| Q | Sum |\n| --- | --- |\n| 1 | 10 |';
    for (let end = 4; end <= replacement.length; end += 7) {
      act(() => session.update(replacement.slice(0, end)));
      await nextFrame();
    }
    expect(document.querySelectorAll('.canvas-editor__rewriting-block').length).toBeGreaterThan(0);
    act(() => session.finish(replacement));
    expect(rendered.handle.getMarkdown()).toBe(applyCanvasReplacement(RICH, selection.range, replacement));
    undo(rendered);
    expect(rendered.handle.getMarkdown()).toBe(RICH);
  });

  it('a table cell and a code block: only their characters', () => {
    const rendered = renderEditor(RICH);
    const cell = captured(rendered, 'steady');
    let session = begin(rendered, cell);
    act(() => session.finish('flat'));
    expect(rendered.handle.getMarkdown()).toBe(RICH.replace('| steady |', '| flat |'));
    const before = rendered.handle.getMarkdown();
    const code = captured(rendered, 'north + south');
    session = begin(rendered, code);
    act(() => session.finish('sum(regions)'));
    expect(rendered.handle.getMarkdown()).toBe(applyCanvasReplacement(before, code.range, 'sum(regions)'));
  });

  it('the whole document (no selection): streams block by block, the editor refuses edits meanwhile, finish gives the replacement', async () => {
    const rendered = renderEditor(RICH);
    const session = begin(rendered, null);
    expect(screen.getByRole('status')).toHaveTextContent('The model is rewriting the whole document.');
    expect(rendered.editor.view.dom).toHaveClass('canvas-editor--rewriting-all');
    const replacement = '# Kurzbericht\n\nDer Vertrieb schloss drei Abschlüsse.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n- eins\n- zwei';
    for (let end = 0; end <= replacement.length; end += 5) {
      act(() => session.update(replacement.slice(0, end)));
      await nextFrame();
      expect(rendered.editor.state.doc.childCount).toBeGreaterThan(0);
    }
    typeAt(rendered, 1, 'XXX');
    expect(rendered.handle.getMarkdown()).not.toContain('XXX');
    act(() => session.finish(replacement));
    expect(rendered.handle.getMarkdown()).toBe(replacement);
    undo(rendered);
    expect(rendered.handle.getMarkdown()).toBe(RICH);
  });

  it('an empty replacement of the whole document leaves one empty paragraph', () => {
    const rendered = renderEditor('Some text.');
    const session = begin(rendered, null);
    act(() => session.finish(''));
    expect(rendered.handle.getMarkdown()).toBe('');
    expect(rendered.editor.state.doc.childCount).toBe(1);
  });

  it('uses the positions of the capture, moved along with edits made before the rewrite began', () => {
    const rendered = renderEditor(RICH);
    const selection = captured(rendered, 'growing');
    typeAt(rendered, positionOf(rendered.editor.state.doc, 'Quarterly'), 'Annual and ');
    const session = begin(rendered, selection);
    act(() => session.finish('shrinking'));
    expect(rendered.handle.getMarkdown()).toBe(RICH.replace('# Quarterly', '# Annual and Quarterly').replace('growing', 'shrinking'));
  });

  it('setMarkdown during a rewrite ends it; the session does nothing afterwards', async () => {
    const rendered = renderEditor(RICH);
    const session = begin(rendered, captured(rendered, 'sales team'));
    act(() => session.update('crew'));
    await nextFrame();
    act(() => rendered.handle.setMarkdown('# Restored\n\nAn older version.'));
    expect(rendered.editor.view.dom).not.toHaveAttribute('aria-busy');
    act(() => session.finish('crew'));
    expect(rendered.handle.getMarkdown()).toBe('# Restored\n\nAn older version.');
    expect(rendered.onChange).not.toHaveBeenCalled();
    undo(rendered);
    expect(rendered.handle.getMarkdown()).toBe(RICH);
  });
});
