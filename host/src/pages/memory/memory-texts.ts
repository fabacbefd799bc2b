import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';

/**
 * The memory page's texts, merged into the shell's namespace under MEMORY when the page loads
 * (they come with its chunk; the menu entry's word is in the shell's locale files).
 */
const de = {
  MEMORY: {
    title: 'Erinnerungen',
    description:
      'Was Sie den Assistenten sich merken ließen. Er berücksichtigt es in Ihren neuen Unterhaltungen. Ihre Erinnerungen sieht niemand außer Ihnen.',
    loading: 'Die Erinnerungen werden geladen',
    failed: 'Die Erinnerungen konnten nicht geladen werden',
    retry: 'Erneut versuchen',
    use: 'Erinnerungen verwenden',
    useHint: 'Aus: Der Assistent merkt sich nichts Neues und berücksichtigt Ihre Erinnerungen nicht. Gespeicherte bleiben, bis Sie sie löschen.',
    useFailed: 'Die Einstellung konnte nicht gespeichert werden: {{reason}}',
    addLabel: 'Etwas, das sich der Assistent merken soll',
    addHint: 'Oder sagen Sie im Chat zum Beispiel: „Merke dir, dass ich im Einkauf arbeite.“',
    add: 'Merken',
    added: 'Gemerkt.',
    count: '{{count}} von {{max}} Erinnerungen',
    full: 'Es sind {{max}} Erinnerungen gespeichert, mehr geht nicht. Löschen Sie eine, um Platz zu schaffen.',
    duplicate: 'Das ist bereits gespeichert.',
    tooLong: 'Höchstens {{max}} Zeichen.',
    empty: 'Bitte geben Sie etwas ein.',
    failedAction: 'Das hat nicht geklappt: {{reason}}',
    listLabel: 'Ihre Erinnerungen',
    emptyTitle: 'Noch keine Erinnerungen',
    emptyText: 'Sagen Sie im Chat „Merke dir, dass …“ oder tragen Sie hier etwas ein.',
    fromChat: 'Im Chat gesagt am {{date}}',
    fromSettings: 'Hier eingetragen am {{date}}',
    edit: 'Bearbeiten',
    editLabel: 'Erinnerung bearbeiten',
    editOf: '„{{text}}“ bearbeiten',
    save: 'Speichern',
    cancel: 'Abbrechen',
    saved: 'Gespeichert.',
    delete: 'Löschen',
    deleteOf: '„{{text}}“ löschen',
    deleteTitle: 'Erinnerung löschen?',
    deleteMessage: 'Der Assistent vergisst „{{text}}“. Das lässt sich nicht rückgängig machen.',
    deleted: 'Gelöscht.',
    deleteAll: 'Alle löschen',
    deleteAllTitle: 'Alle Erinnerungen löschen?',
    deleteAllMessage: 'Der Assistent vergisst alles, was Sie ihn sich merken ließen ({{count}} Erinnerungen). Das lässt sich nicht rückgängig machen.',
    deletedAll: 'Alle Erinnerungen wurden gelöscht.',
    confirmDelete: 'Löschen',
  },
};

const en: typeof de = {
  MEMORY: {
    title: 'Memory',
    description: 'What you asked the assistant to remember. It uses this in your new conversations. Nobody but you sees your memories.',
    loading: 'Loading your memories',
    failed: 'Your memories could not be loaded',
    retry: 'Try again',
    use: 'Use memory',
    useHint: 'Off: the assistant remembers nothing new and does not use your memories. Saved ones stay until you delete them.',
    useFailed: 'The setting could not be saved: {{reason}}',
    addLabel: 'Something the assistant should remember',
    addHint: 'Or say in a chat, for example: “Remember that I work in procurement.”',
    add: 'Remember',
    added: 'Remembered.',
    count: '{{count}} of {{max}} memories',
    full: '{{max}} memories are saved, which is the most there can be. Delete one to make room.',
    duplicate: 'This is remembered already.',
    tooLong: 'At most {{max}} characters.',
    empty: 'Please enter something.',
    failedAction: 'That did not work: {{reason}}',
    listLabel: 'Your memories',
    emptyTitle: 'Nothing remembered yet',
    emptyText: 'Say “Remember that …” in a chat, or add something here.',
    fromChat: 'Said in a chat on {{date}}',
    fromSettings: 'Added here on {{date}}',
    edit: 'Edit',
    editLabel: 'Edit memory',
    editOf: 'Edit “{{text}}”',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Saved.',
    delete: 'Delete',
    deleteOf: 'Delete “{{text}}”',
    deleteTitle: 'Delete this memory?',
    deleteMessage: 'The assistant forgets “{{text}}”. This cannot be undone.',
    deleted: 'Deleted.',
    deleteAll: 'Delete all',
    deleteAllTitle: 'Delete all memories?',
    deleteAllMessage: 'The assistant forgets everything you asked it to remember ({{count}} memories). This cannot be undone.',
    deletedAll: 'All memories were deleted.',
    confirmDelete: 'Delete',
  },
};

export function addMemoryTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
