import { useKeyboardShortcut } from '@assistant/platform';
import { lazy, Suspense, useState } from 'react';

const ShortcutsDialog = lazy(() => import(/* webpackChunkName: "shortcuts-dialog" */ './shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));

/**
 * The shell's keyboard shortcuts (the chat registers its own): the shortcut list (`?` outside text
 * fields, Ctrl+/) in a dialog that loads when first asked for, and the side panel shown or hidden
 * (Ctrl+Shift+S) as its button does it (remembered on a wide screen, the drawer on a phone).
 */
export function ShellShortcuts() {
  const [open, setOpen] = useState(false);
  useKeyboardShortcut('showShortcuts', () => setOpen(true));
  useKeyboardShortcut('toggleSidePanel', () => {
    const toggle = document.querySelector<HTMLButtonElement>('.ui-app__toggle');
    if (!toggle) return false;
    toggle.click();
  });
  return open ? (
    <Suspense fallback={null}>
      <ShortcutsDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
