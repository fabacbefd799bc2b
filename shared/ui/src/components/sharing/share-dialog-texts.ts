/**
 * The share dialog's words, in the dialog's own chunk. German is the default like the rest of the
 * ui; the dialog takes the language of the UiTextsProvider and a `texts` prop overrides single words.
 */
export interface ShareDialogTexts {
  /** The dialog's title, e.g. 'Share "Travel costs"'. */
  title: (itemName: string) => string;
  /** The search field's label and its hint. */
  search: string;
  searchHint: string;
  /** The role new people and groups are added with (the select beside the search). */
  addAs: string;
  canView: string;
  canEdit: string;
  /** Names of the result groups, and their empty state. */
  people: string;
  groups: string;
  noResults: (query: string) => string;
  searching: string;
  searchFailed: string;
  /** How many were found, announced. */
  resultCount: (count: number) => string;
  /** A result's button, e.g. "Add Maria Schmidt". */
  add: (name: string) => string;
  addButton: string;
  /** Shown beside a result that already has access. */
  alreadyAdded: string;
  memberCount: (count: number) => string;
  /** The company option (only when the server allows it). */
  addCompany: string;
  company: string;
  /** The list of who has access. */
  whoHasAccess: string;
  owner: string;
  you: string;
  group: string;
  nobodyYet: string;
  /** A row's role select and remove button, named by the row. */
  roleOf: (name: string) => string;
  remove: (name: string) => string;
  /** Announced after adding, removing or changing someone. */
  added: (name: string) => string;
  removed: (name: string) => string;
  /** Conversations: the attachments' checkbox and the snapshot note. */
  includeAttachments: string;
  includeAttachmentsHint: string;
  snapshotNote: string;
  save: string;
  cancel: string;
  loadFailed: string;
  retry: string;
  saveFailed: string;
}

export const SHARE_DIALOG_TEXTS_DE: ShareDialogTexts = {
  title: (itemName) => `„${itemName}“ teilen`,
  search: 'Personen oder Gruppen hinzufügen',
  searchHint: 'Name, E-Mail-Adresse oder Gruppe. Zu finden ist, wer sich schon einmal angemeldet hat.',
  addAs: 'Hinzufügen als',
  canView: 'Kann ansehen',
  canEdit: 'Kann bearbeiten',
  people: 'Personen',
  groups: 'Gruppen',
  noResults: (query) => `Niemand gefunden für „${query}“.`,
  searching: 'Suche läuft …',
  searchFailed: 'Die Suche ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  resultCount: (count) => (count === 1 ? '1 Treffer' : `${count} Treffer`),
  add: (name) => `${name} hinzufügen`,
  addButton: 'Hinzufügen',
  alreadyAdded: 'hat Zugriff',
  memberCount: (count) => (count === 1 ? '1 Mitglied' : `${count} Mitglieder`),
  addCompany: 'Mit dem ganzen Unternehmen teilen',
  company: 'Das ganze Unternehmen',
  whoHasAccess: 'Wer Zugriff hat',
  owner: 'Eigentümer',
  you: 'Sie',
  group: 'Gruppe',
  nobodyYet: 'Noch mit niemandem geteilt.',
  roleOf: (name) => `Recht von ${name}`,
  remove: (name) => `${name} entfernen`,
  added: (name) => `${name} hinzugefügt`,
  removed: (name) => `${name} entfernt`,
  includeAttachments: 'Anhänge mitteilen',
  includeAttachmentsHint: 'Ohne Häkchen sehen die Empfänger die Namen der Anhänge, nicht ihren Inhalt.',
  snapshotNote:
    'Geteilt wird eine Momentaufnahme des Gesprächs mit seinen Quellen, wie es jetzt ist. Wer es erhält, kann es lesen und in einem eigenen Chat fortsetzen. Erneutes Teilen aktualisiert die Momentaufnahme.',
  save: 'Speichern',
  cancel: 'Abbrechen',
  loadFailed: 'Die Freigaben konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  saveFailed: 'Die Freigaben konnten nicht gespeichert werden.',
};

export const SHARE_DIALOG_TEXTS_EN: ShareDialogTexts = {
  title: (itemName) => `Share “${itemName}”`,
  search: 'Add people or groups',
  searchHint: 'Name, e-mail address or group. Anyone who has signed in before can be found.',
  addAs: 'Add as',
  canView: 'Can view',
  canEdit: 'Can edit',
  people: 'People',
  groups: 'Groups',
  noResults: (query) => `Nobody found for “${query}”.`,
  searching: 'Searching …',
  searchFailed: 'The search failed. Please try again.',
  resultCount: (count) => (count === 1 ? '1 result' : `${count} results`),
  add: (name) => `Add ${name}`,
  addButton: 'Add',
  alreadyAdded: 'has access',
  memberCount: (count) => (count === 1 ? '1 member' : `${count} members`),
  addCompany: 'Share with the whole company',
  company: 'The whole company',
  whoHasAccess: 'Who has access',
  owner: 'Owner',
  you: 'You',
  group: 'Group',
  nobodyYet: 'Not shared with anyone yet.',
  roleOf: (name) => `Access of ${name}`,
  remove: (name) => `Remove ${name}`,
  added: (name) => `${name} added`,
  removed: (name) => `${name} removed`,
  includeAttachments: 'Share the attachments too',
  includeAttachmentsHint: 'Without it, recipients see the attachments’ names, not their content.',
  snapshotNote:
    'A snapshot of the conversation with its sources, as it is now, is shared. Recipients can read it and continue it in a chat of their own. Sharing again updates the snapshot.',
  save: 'Save',
  cancel: 'Cancel',
  loadFailed: 'The shares could not be loaded.',
  retry: 'Try again',
  saveFailed: 'The shares could not be saved.',
};
