/**
 * The portal's keyboard shortcuts (docs/chat-ui.md "Keyboard shortcuts"): which keys, in one
 * place for everyone who lists them (the shell's dialog, the accessibility statement), and one
 * listener on the document that runs the handler the host or a remote registered for a shortcut.
 *
 * Each key is chosen so that it takes nothing a screen reader, the browser or the canvas needs:
 * the modifier shortcuts are Ctrl (⌘ on macOS) + Shift + a letter, which no screen reader uses
 * (they use Insert, CapsLock or Ctrl+Option) and which the page may take before the browser;
 * Ctrl+K stays the canvas's. The listener runs after the page's own handlers (it listens on the
 * document, where a key arrives last) and leaves a key one of them took (defaultPrevented: the
 * canvas's Ctrl+S, a dialog's Escape), a key typed while an input method composes, AltGr (Ctrl+Alt
 * on Windows), and everything while a modal dialog is open.
 */

export type ShortcutId = 'newChat' | 'focusComposer' | 'stopAnswer' | 'copyLastAnswer' | 'searchConversations' | 'toggleSidePanel' | 'showShortcuts';

interface KeyCombo {
  /** `KeyboardEvent.key`, lower case for letters. */
  key: string;
  /** Ctrl, or ⌘ on macOS. */
  mod?: true;
  shift?: true;
  /** Only outside text fields: it would be typed there. */
  outsideText?: true;
}

/**
 * The shortcuts, in the order they are listed; `scope` says where they work. `local`: handled
 * where it applies, not by this listener (listed only).
 */
export const KEYBOARD_SHORTCUTS: ReadonlyArray<{ id: ShortcutId; scope: 'everywhere' | 'chat'; keys: readonly KeyCombo[]; local?: true }> = [
  { id: 'showShortcuts', scope: 'everywhere', keys: [{ key: '?', outsideText: true }, { key: '/', mod: true }] },
  { id: 'toggleSidePanel', scope: 'everywhere', keys: [{ key: 's', mod: true, shift: true }] },
  { id: 'newChat', scope: 'chat', keys: [{ key: 'o', mod: true, shift: true }] },
  { id: 'focusComposer', scope: 'chat', keys: [{ key: 'Escape', shift: true }] },
  // The conversation's own: Escape in it while an answer streams (a menu or dialog takes it first).
  { id: 'stopAnswer', scope: 'chat', keys: [{ key: 'Escape' }], local: true },
  { id: 'copyLastAnswer', scope: 'chat', keys: [{ key: 'c', mod: true, shift: true }] },
  { id: 'searchConversations', scope: 'chat', keys: [{ key: 'f', mod: true, shift: true }] },
];

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** The keys of a shortcut as they are written: one list per alternative (`[['Ctrl', 'Shift', 'O']]`, on macOS `⌘`). */
export function shortcutKeys(id: ShortcutId): string[][] {
  const entry = KEYBOARD_SHORTCUTS.find((shortcut) => shortcut.id === id);
  return (entry?.keys ?? []).map((combo) => [
    ...(combo.mod ? [isMac() ? '⌘' : 'Ctrl'] : []),
    ...(combo.shift ? ['Shift'] : []),
    combo.key.length === 1 ? combo.key.toUpperCase() : combo.key,
  ]);
}

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(target.type);
}

function matches(event: KeyboardEvent, combo: KeyCombo): boolean {
  if (event.key.toLowerCase() !== combo.key.toLowerCase() || event.altKey) return false;
  const mod = isMac() ? event.metaKey : event.ctrlKey;
  const other = isMac() ? event.ctrlKey : event.metaKey;
  if (Boolean(combo.mod) !== mod || other) return false;
  // `?` and `/` are shifted on some layouts (German: Shift+ß, Shift+7): Shift is part of the key there.
  if (combo.shift && !event.shiftKey) return false;
  return !(combo.outsideText && inTextField(event.target));
}

/** A handler; `false`: nothing to do now, the key goes on to the browser (Ctrl+Shift+C with no answer to copy). */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;

const handlers = new Map<ShortcutId, ShortcutHandler[]>();

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.isComposing || document.querySelector('[aria-modal="true"]')) return;
  for (const { id, keys, local } of KEYBOARD_SHORTCUTS) {
    const handler = handlers.get(id)?.at(-1);
    if (!handler || local || !keys.some((combo) => matches(event, combo))) continue;
    if (handler(event) === false) return;
    event.preventDefault();
    return;
  }
}

/**
 * Runs `handler` for shortcut `id` until the returned function is called (the latest registration
 * of an id wins: a page's own over the shell's). The first registration starts the listener.
 */
export function registerShortcut(id: ShortcutId, handler: ShortcutHandler): () => void {
  if (handlers.size === 0) document.addEventListener('keydown', onKeyDown);
  handlers.set(id, [...(handlers.get(id) ?? []), handler]);
  return () => {
    const rest = (handlers.get(id) ?? []).filter((entry) => entry !== handler);
    if (rest.length > 0) handlers.set(id, rest);
    else handlers.delete(id);
    if (handlers.size === 0) document.removeEventListener('keydown', onKeyDown);
  };
}
