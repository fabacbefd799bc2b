import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/**
 * The words of the keyboard shortcuts (the dialog and the accessibility statement), merged into
 * the shell's namespace when their chunk loads: not in the shell's locale files.
 */
const de = {
  SHORTCUTS: {
    title: 'Tastenkombinationen',
    intro: 'Keine davon belegt eine Taste, die Screenreader, der Browser beim Tippen oder die Arbeitsfläche (Strg+K) brauchen. ? wirkt nur außerhalb von Textfeldern.',
    action: 'Aktion',
    keys: 'Tasten',
    or: 'oder',
    scope: { everywhere: 'Überall im Portal', chat: 'Im Chat' },
    key: { Ctrl: 'Strg', Shift: 'Umschalt', Escape: 'Esc' },
    id: {
      showShortcuts: 'Diese Liste der Tastenkombinationen anzeigen',
      toggleSidePanel: 'Seitenleiste ein- oder ausblenden',
      newChat: 'Neuen Chat beginnen',
      focusComposer: 'Zum Nachrichtenfeld springen',
      stopAnswer: 'Antwort anhalten, die gerade geschrieben wird (in der Unterhaltung)',
      copyLastAnswer: 'Letzte Antwort kopieren',
      searchConversations: 'Unterhaltungen durchsuchen',
    },
    close: 'Schließen',
  },
};

const en: typeof de = {
  SHORTCUTS: {
    title: 'Keyboard shortcuts',
    intro: 'None of them takes a key that screen readers, the browser while you type or the canvas (Ctrl+K) need. ? works only outside text fields.',
    action: 'Action',
    keys: 'Keys',
    or: 'or',
    scope: { everywhere: 'Anywhere in the portal', chat: 'In the chat' },
    key: { Ctrl: 'Ctrl', Shift: 'Shift', Escape: 'Esc' },
    id: {
      showShortcuts: 'Show this list of keyboard shortcuts',
      toggleSidePanel: 'Show or hide the side panel',
      newChat: 'Start a new chat',
      focusComposer: 'Go to the message box',
      stopAnswer: 'Stop the answer being written (in the conversation)',
      copyLastAnswer: 'Copy the last answer',
      searchConversations: 'Search the conversations',
    },
    close: 'Close',
  },
};

export function addShortcutTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
