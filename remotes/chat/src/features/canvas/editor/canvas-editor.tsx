import { cx } from '@assistant/ui';
import { Extension, getSchema, type Editor, type JSONContent } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { MarkdownManager } from '@tiptap/markdown';
import { useCallback, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { canvasExtensions } from './canvas-extensions';
import { CanvasMarkdown } from './canvas-markdown';
import { quiet, QUIET, rewriteKey, rewritePlugin, newRewriteId, startRewrite, trackSelection, type RewriteHost, type RewritePluginTexts } from './rewrite-session';
import { replaceChangedBlocks } from './replace-blocks';
import { locateSelection } from './selection-offsets';
import { SelectionToolbar, type ToolbarControl } from './selection-toolbar';
import type { CanvasEditorHandle, CanvasEditorProps, CanvasSelection } from './types';
import './canvas-editor.css';

export type { CanvasEditorHandle, CanvasEditorProps, CanvasMarkdownRange, CanvasSelection, RewriteSession } from './types';

/** Keys that open the selection toolbar and move focus into it (ProseMirror key names). */
export const TOOLBAR_SHORTCUTS = ['Mod-k', 'Alt-F10', 'Mod-Alt-e'] as const;

let standalone: { schema: ReturnType<typeof getSchema>; markdown: CanvasMarkdown } | null = null;

/** Markdown → the editor's first document (JSON), read with the canvas's rules before the editor exists. */
function initialContent(markdown: string): JSONContent {
  if (!standalone) {
    const extensions = canvasExtensions();
    standalone = { schema: getSchema(extensions), markdown: new CanvasMarkdown(new MarkdownManager({ extensions })) };
  }
  return standalone.markdown.parse(markdown, standalone.schema).toJSON() as JSONContent;
}

/** The CanvasMarkdown of an editor (its Markdown extension's manager, with the canvas's escaping). */
const markdowns = new WeakMap<Editor, CanvasMarkdown>();
function markdownOf(editor: Editor): CanvasMarkdown {
  let markdown = markdowns.get(editor);
  if (!markdown) {
    markdown = new CanvasMarkdown(editor.markdown!);
    markdowns.set(editor, markdown);
  }
  return markdown;
}

/** The editor's selection with its Markdown offsets (see locateSelection), tracked for beginRewrite. */
function capture(editor: Editor): CanvasSelection | null {
  const { state } = editor;
  const markdown = markdownOf(editor);
  const located = locateSelection(state.doc, state.selection.from, state.selection.to, markdown);
  if (!located) return null;
  const id = newRewriteId();
  trackSelection(editor.view, id, located.target.from, located.target.to);
  return {
    range: { start: located.start, end: located.end },
    text: located.markdown.slice(located.start, located.end),
    markdown: located.markdown,
    target: { ...located.target, id },
  };
}

/**
 * Replaces the document with `markdown`, changing only the top-level blocks that differ (one undo
 * step), and ends a rewrite region that may be left (the document is the given text now).
 */
function replaceDocument(editor: Editor, markdown: string): void {
  const { state } = editor;
  const tr = replaceChangedBlocks(state.tr, markdownOf(editor).parse(markdown, state.schema));
  if (rewriteKey.getState(state)?.region) tr.setMeta(rewriteKey, { region: null });
  if (!tr.docChanged) {
    if (tr.getMeta(rewriteKey)) editor.view.dispatch(quiet(tr));
    return;
  }
  editor.view.dispatch(closeHistory(tr.setMeta(QUIET, true).setMeta('preventAutolink', true)));
  editor.view.dispatch(closeHistory(quiet(editor.state.tr)));
}

/**
 * The canvas's rich-text Markdown editor (TipTap): headings, bold, italic, strikethrough, inline
 * code, links, lists, GFM tables, code blocks, quotes; Markdown in and out (canvas-markdown.ts);
 * undo and redo (Mod+Z, Mod+Shift+Z). A toolbar at the selection (selection-toolbar.tsx; Mod+K or
 * Alt+F10 moves focus into it) sends an instruction for the model with the captured selection;
 * beginRewrite streams the model's replacement into the selected region (rewrite-session.ts)
 * while the rest stays editable.
 */
export function CanvasEditor({ ref, initialMarkdown, onChange, readOnly = false, ariaLabel, onInstruct, busy = false, className }: CanvasEditorProps & { ref?: Ref<CanvasEditorHandle> }) {
  const { t } = useTranslation(NAMESPACE);
  const texts = useRef<RewritePluginTexts>({ region: '' });
  texts.current = { region: t('canvas.editor.rewriting.region') };
  const changed = useRef(onChange);
  changed.current = onChange;
  const toolbar = useRef<ToolbarControl | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const label = useRef(ariaLabel);
  label.current = ariaLabel;
  const hintId = useId();
  const withToolbar = Boolean(onInstruct) && !readOnly;
  const hint = useRef<string | null>(null);
  hint.current = withToolbar ? hintId : null;

  const [options] = useState(() => ({
    extensions: [
      ...canvasExtensions(),
      Extension.create({
        name: 'canvasRewrite',
        addProseMirrorPlugins: () => [rewritePlugin(() => texts.current)],
        addKeyboardShortcuts: () => ({
          ...Object.fromEntries(TOOLBAR_SHORTCUTS.map((key) => [key, () => toolbar.current?.open() ?? false])),
          Escape: () => toolbar.current?.dismiss() ?? false,
        }),
      }),
    ],
    content: initialContent(initialMarkdown),
    injectCSS: false,
    shouldRerenderOnTransaction: false,
    immediatelyRender: true,
    editorProps: {
      attributes: (): Record<string, string> => ({
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label.current,
        class: 'canvas-editor__content',
        ...(hint.current ? { 'aria-describedby': hint.current, 'aria-keyshortcuts': 'Control+K Meta+K Alt+F10' } : {}),
      }),
    },
    onUpdate: ({ transaction }: { transaction: { getMeta(key: string): unknown } }) => {
      if (!transaction.getMeta(QUIET)) changed.current?.();
    },
  }));
  const editor = useEditor(options, []);

  useLayoutEffect(() => {
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);
  useLayoutEffect(() => {
    // A new name (or toolbar) shows at once, not only with the next transaction.
    try {
      editor.view.setProps({});
    } catch {
      // Not mounted yet: the view takes them from its attributes.
    }
  }, [editor, ariaLabel, withToolbar]);

  const rewriting = useEditorState({ editor, selector: ({ editor: current }) => (current ? (rewriteKey.getState(current.state)?.region?.kind ?? null) : null) });

  const handle = useMemo<CanvasEditorHandle>(() => {
    const running: RewriteHost['running'] = { session: null };
    return {
      getMarkdown: () => markdownOf(editor).serialize(editor.state.doc),
      setMarkdown: (markdown) => {
        running.session?.cancel();
        replaceDocument(editor, markdown);
      },
      captureSelection: () => capture(editor),
      beginRewrite: (selection) => startRewrite({ view: () => editor.view, markdown: markdownOf(editor), running }, selection),
      focus: () => editor.view.focus(),
    };
  }, [editor]);
  useImperativeHandle(ref, () => handle, [handle]);

  const instruct = useCallback(
    (instruction: string) => {
      const selection = capture(editor);
      onInstruct?.(instruction, selection);
    },
    [editor, onInstruct],
  );

  return (
    <div ref={wrapper} className={cx('canvas-editor', readOnly && 'canvas-editor--read-only', className)}>
      <EditorContent editor={editor} className="canvas-editor__document" />
      {withToolbar && (
        <>
          <p id={hintId} className="ui-visually-hidden">
            {t('canvas.editor.shortcut')}
          </p>
          <SelectionToolbar editor={editor} container={wrapper} busy={busy} onInstruct={instruct} control={toolbar} />
        </>
      )}
      <p className="ui-visually-hidden" role="status">
        {rewriting === 'document' ? t('canvas.editor.rewriting.document') : rewriting ? t('canvas.editor.rewriting.selection') : ''}
      </p>
    </div>
  );
}
