import { useEffect, useRef } from 'react';
import { registerShortcut, type ShortcutHandler, type ShortcutId } from './keyboard-shortcuts';

/** Runs `handler` for shortcut `id` while the component is mounted (and `enabled`); the latest handler is called. */
export function useKeyboardShortcut(id: ShortcutId, handler: ShortcutHandler, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => (enabled ? registerShortcut(id, (event) => latest.current(event)) : undefined), [id, enabled]);
}
