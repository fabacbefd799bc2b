import { CANVAS_INSTRUCTION_MAX_LENGTH } from '@assistant/contracts';
import { Button, cx } from '@assistant/ui';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { QuickActions } from './quick-actions';

/** What the editor's keyboard shortcuts do with the toolbar. */
export interface ToolbarControl {
  /** Shows the toolbar (for the selection, or the whole document) and moves focus into it. */
  open(): boolean;
  /** Hides the toolbar shown for the selection (Escape in the editor); false when there is none. */
  dismiss(): boolean;
}

export interface SelectionToolbarProps {
  editor: Editor;
  /** The element around the editor and the toolbar (position: relative): the toolbar is placed in it. */
  container: RefObject<HTMLElement | null>;
  busy: boolean;
  onInstruct(instruction: string): void;
  control: RefObject<ToolbarControl | null>;
}

/** Below this width of the editor the toolbar takes the whole width (a phone). */
const NARROW = 480;
const GAP = 8;

const NAVIGATION_KEYS = ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End'];

/**
 * The toolbar at the selection: quick actions and a free instruction for the model, about the
 * selected passage (or, opened with the shortcut while nothing is selected, the whole document).
 * It shows when a selection is made (after the mouse button is released), under the selection;
 * Mod+K or Alt+F10 in the editor moves focus into it; arrow keys, Home and End move between its
 * buttons, Tab through all its controls; Escape returns to the editor with the selection kept.
 * Buttons do not take focus from the editor when clicked, so the selection stays visible.
 */
export function SelectionToolbar({ editor, container, busy, onInstruct, control }: SelectionToolbarProps) {
  const { t } = useTranslation(NAMESPACE);
  const selection = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const range = current?.state.selection;
      return !range || range.empty ? null : `${range.from}:${range.to}`;
    },
  });
  const [forced, setForced] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [pointer, setPointer] = useState(false);
  /** Focus is outside the editor and the toolbar. */
  const [away, setAway] = useState(true);
  const [focusRequest, setFocusRequest] = useState(0);
  const [text, setText] = useState('');
  const [place, setPlace] = useState<{ top: number; left: number; narrow: boolean }>({ top: 0, left: 0, narrow: false });
  const toolbar = useRef<HTMLDivElement>(null);
  const scopeId = useId();
  const inputId = useId();

  const visible = forced || (selection !== null && !pointer && !away && dismissed !== selection);
  const state = useRef({ visible, forced, selection });
  state.current = { visible, forced, selection };

  useEffect(() => {
    control.current = {
      open: () => {
        setForced(true);
        setFocusRequest((count) => count + 1);
        return true;
      },
      dismiss: () => {
        const { visible: shown, forced: opened, selection: current } = state.current;
        if (!shown) return false;
        if (opened) setForced(false);
        setDismissed(current);
        return true;
      },
    };
    return () => {
      control.current = null;
    };
  }, [control]);

  // Focus entering or leaving the editor and toolbar, and the mouse selecting text.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onFocusIn = () => setAway(false);
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && element.contains(event.relatedTarget)) return;
      setAway(true);
      setForced(false);
    };
    const onPointerUp = () => setPointer(false);
    const onPointerDown = (event: PointerEvent) => {
      if (toolbar.current?.contains(event.target as Node)) return;
      // A click in the document closes the toolbar opened with the shortcut; a new selection shows it again.
      setForced(false);
      setPointer(true);
      window.addEventListener('pointerup', onPointerUp, { once: true });
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    element.addEventListener('pointerdown', onPointerDown);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      element.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
    };
  }, [container]);

  // Under the selection (its end), within the editor's width.
  useLayoutEffect(() => {
    if (!visible) return;
    const element = container.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    const narrow = element.clientWidth > 0 && element.clientWidth < NARROW;
    let top = 0;
    let left = 0;
    try {
      const { from, to } = editor.state.selection;
      const start = editor.view.coordsAtPos(from);
      const end = editor.view.coordsAtPos(to);
      // In the editor's content coordinates (it may scroll); above the selection when there is
      // no room under it in the visible part and there is above.
      const origin = box.top + element.clientTop - element.scrollTop;
      const height = toolbar.current?.offsetHeight ?? 0;
      top = Math.max(end.bottom, start.bottom) - origin + GAP;
      const above = Math.min(start.top, end.top) - origin - GAP - height;
      if (top + height > element.scrollTop + element.clientHeight && above >= element.scrollTop) top = above;
      const width = toolbar.current?.offsetWidth ?? 0;
      const leftmost = element.scrollLeft;
      left = narrow ? 0 : Math.max(leftmost, Math.min(start.left - box.left - element.clientLeft + element.scrollLeft, leftmost + element.clientWidth - width));
    } catch {
      // No layout (a test's DOM): the toolbar stays at the top.
    }
    setPlace((previous) => (previous.top === top && previous.left === left && previous.narrow === narrow ? previous : { top, left, narrow }));
  }, [visible, selection, container, editor]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = toolbar.current?.querySelector<HTMLElement>('button, input');
    first?.focus();
    toolbar.current?.scrollIntoView?.({ block: 'nearest' });
  }, [focusRequest]);

  if (!visible) return null;

  const close = () => {
    setForced(false);
    setDismissed(selection);
    editor.view.focus();
  };
  const instruct = (instruction: string) => {
    if (busy) return;
    onInstruct(instruction);
    setText('');
    close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instruction = text.trim();
    if (instruction) instruct(instruction);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    const target = event.target as HTMLElement;
    if (target.tagName !== 'BUTTON' || !NAVIGATION_KEYS.includes(event.key)) return;
    const buttons = [...(toolbar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(target as HTMLButtonElement);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (index + (event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
    event.preventDefault();
    buttons[next]?.focus();
  };
  // A click on a button keeps the focus (and the visible selection) in the editor.
  const keepSelection = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) event.preventDefault();
  };

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={t('canvas.editor.toolbar.label')}
      aria-describedby={scopeId}
      className={cx('canvas-toolbar', place.narrow && 'canvas-toolbar--narrow', busy && 'canvas-toolbar--busy')}
      style={{ top: place.top, left: place.narrow ? undefined : place.left }}
      onKeyDown={onKeyDown}
      onMouseDown={keepSelection}
    >
      <p id={scopeId} className="canvas-toolbar__scope">
        {selection !== null ? t('canvas.editor.toolbar.selection') : t('canvas.editor.toolbar.document')}
        {busy && ` · ${t('canvas.editor.toolbar.busy')}`}
      </p>
      <QuickActions onAction={instruct} disabled={busy} />
      <form className="canvas-toolbar__instruction" onSubmit={submit}>
        <label htmlFor={inputId} className="ui-visually-hidden">
          {t('canvas.editor.instruction.label')}
        </label>
        <input
          id={inputId}
          className="ui-input canvas-toolbar__input"
          value={text}
          maxLength={CANVAS_INSTRUCTION_MAX_LENGTH}
          placeholder={t('canvas.editor.instruction.placeholder')}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="sm" aria-disabled={busy || text.trim() === '' || undefined}>
          {t('canvas.editor.instruction.send')}
        </Button>
      </form>
    </div>
  );
}
