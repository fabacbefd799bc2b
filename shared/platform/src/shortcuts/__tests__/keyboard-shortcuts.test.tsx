import { fireEvent, render } from '@testing-library/react';
import { KEYBOARD_SHORTCUTS, registerShortcut, shortcutKeys, type ShortcutId } from '../keyboard-shortcuts';
import { useKeyboardShortcut } from '../use-keyboard-shortcut';

// The shortcut mechanism: keys matched once for everyone, never while typing where the key would
// be typed, never what a page handled itself, never Ctrl+K (the canvas's).

type Keys = KeyboardEventInit;

function press(target: Element | Document, keys: Keys) {
  return fireEvent.keyDown(target, keys);
}

describe('keyboard shortcuts', () => {
  let input: HTMLInputElement;
  let textarea: HTMLTextAreaElement;
  let editor: HTMLDivElement;
  let button: HTMLButtonElement;
  const cleanups: Array<() => void> = [];
  const calls: ShortcutId[] = [];
  beforeEach(() => {
    document.body.innerHTML = '<input type="search" /><textarea></textarea><div contenteditable="true"></div><button>Go</button>';
    [input, textarea, editor, button] = [
      document.querySelector('input')!,
      document.querySelector('textarea')!,
      document.querySelector<HTMLDivElement>('[contenteditable]')!,
      document.querySelector('button')!,
    ];
    // jsdom has no isContentEditable.
    Object.defineProperty(editor, 'isContentEditable', { value: true });
    calls.length = 0;
    for (const { id } of KEYBOARD_SHORTCUTS) cleanups.push(registerShortcut(id, () => void calls.push(id)));
  });
  afterEach(() => {
    cleanups.splice(0).forEach((cleanup) => cleanup());
  });

  it('runs each shortcut from anywhere, the modifier ones in text fields too, and takes the key from the browser', () => {
    const cases: Array<[ShortcutId, Keys]> = [
      ['newChat', { key: 'O', ctrlKey: true, shiftKey: true }],
      ['focusComposer', { key: 'Escape', shiftKey: true }],
      ['copyLastAnswer', { key: 'C', ctrlKey: true, shiftKey: true }],
      ['searchConversations', { key: 'F', ctrlKey: true, shiftKey: true }],
      ['toggleSidePanel', { key: 'S', ctrlKey: true, shiftKey: true }],
      ['showShortcuts', { key: '/', ctrlKey: true }],
      ['showShortcuts', { key: '?', shiftKey: true }],
    ];
    for (const [id, keys] of cases) {
      calls.length = 0;
      expect(press(button, keys)).toBe(false); // default prevented
      expect(calls).toEqual([id]);
      if (keys.ctrlKey || keys.key === 'Escape') {
        calls.length = 0;
        press(textarea, keys);
        expect(calls).toEqual([id]);
      }
    }
  });

  it('leaves typing alone: ? in a text field, plain letters, Shift+letters, AltGr and keys an input method composes', () => {
    for (const target of [input, textarea, editor]) expect(press(target, { key: '?', shiftKey: true })).toBe(true);
    press(button, { key: 'o' });
    press(button, { key: 'O', shiftKey: true });
    press(textarea, { key: 'Escape' });
    // AltGr is Ctrl+Alt on Windows (German AltGr+ß is a backslash, AltGr+7 a brace).
    press(textarea, { key: 'S', ctrlKey: true, altKey: true, shiftKey: true });
    press(textarea, { key: 'O', ctrlKey: true, shiftKey: true, isComposing: true });
    expect(calls).toEqual([]);
  });

  it('never takes Ctrl+K (the canvas), the browser’s Ctrl+Shift+T or ⌘ shortcuts on Windows and Linux', () => {
    for (const keys of [
      { key: 'k', ctrlKey: true },
      { key: 'K', ctrlKey: true, shiftKey: true },
      { key: 'T', ctrlKey: true, shiftKey: true },
      { key: 'O', metaKey: true, shiftKey: true },
      { key: 'O', ctrlKey: true, metaKey: true, shiftKey: true },
      { key: 'c', ctrlKey: true },
    ] as Keys[]) {
      expect(press(editor, keys)).toBe(true);
    }
    expect(calls).toEqual([]);
  });

  it('leaves a key a page handled itself, and everything while a modal dialog is open', () => {
    button.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    press(button, { key: 'S', ctrlKey: true, shiftKey: true });
    expect(calls).toEqual([]);
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-modal="true"></div>');
    press(button, { key: 'O', ctrlKey: true, shiftKey: true });
    expect(calls).toEqual([]);
  });

  it('lets a handler pass the key on, the latest registration wins, and the hook registers while mounted', () => {
    const first = jest.fn();
    const passing = jest.fn(() => false);
    cleanups.push(registerShortcut('copyLastAnswer', first));
    const done = registerShortcut('copyLastAnswer', passing);
    expect(press(button, { key: 'C', ctrlKey: true, shiftKey: true })).toBe(true); // not prevented: the browser's own use stays
    expect(passing).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    done();
    press(button, { key: 'C', ctrlKey: true, shiftKey: true });
    expect(first).toHaveBeenCalledTimes(1);

    const fromHook = jest.fn();
    function Page() {
      useKeyboardShortcut('newChat', fromHook);
      return null;
    }
    const { unmount } = render(<Page />);
    press(document, { key: 'O', ctrlKey: true, shiftKey: true });
    expect(fromHook).toHaveBeenCalledTimes(1);
    unmount();
    press(document, { key: 'O', ctrlKey: true, shiftKey: true });
    expect(fromHook).toHaveBeenCalledTimes(1);
  });

  it('writes the keys as they are pressed, Ctrl and ⌘ by platform', () => {
    expect(shortcutKeys('newChat')).toEqual([['Ctrl', 'Shift', 'O']]);
    expect(shortcutKeys('showShortcuts')).toEqual([['?'], ['Ctrl', '/']]);
    expect(shortcutKeys('focusComposer')).toEqual([['Shift', 'Escape']]);
    const platform = jest.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    try {
      expect(shortcutKeys('toggleSidePanel')).toEqual([['⌘', 'Shift', 'S']]);
      const handler = jest.fn();
      const done = registerShortcut('toggleSidePanel', handler);
      press(button, { key: 'S', ctrlKey: true, shiftKey: true });
      expect(handler).not.toHaveBeenCalled();
      press(button, { key: 's', metaKey: true, shiftKey: true });
      expect(handler).toHaveBeenCalledTimes(1);
      done();
    } finally {
      platform.mockRestore();
    }
  });
});
