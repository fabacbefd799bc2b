import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';

/**
 * The groups page's texts, merged into the shell's namespace under GROUPS when the page loads:
 * they come with its chunk, not with the shell's start-up.
 */
const de = {
  GROUPS: {
    title: 'Gruppen',
    description:
      'Die Gruppen aus dem Identitätsprovider Ihres Unternehmens. Mit ihnen teilen Beschäftigte Gespräche, Agenten, Apps, Prompts und Sammlungen. Mitglied ist, wer sich mit der Gruppe angemeldet hat.',
    loading: 'Die Gruppen werden geladen',
    failed: 'Die Gruppen konnten nicht geladen werden',
    retry: 'Erneut versuchen',
    emptyTitle: 'Noch keine Gruppen',
    emptyText: 'Eine Gruppe erscheint, sobald sich eines ihrer Mitglieder anmeldet.',
    caption: 'Gruppen mit Mitgliederzahl und letzter Anmeldung',
    name: 'Name',
    members: 'Mitglieder',
    lastSeen: 'Zuletzt angemeldet',
    actions: 'Aktionen',
    fromProvider: 'Im Identitätsprovider: {{id}}',
    rename: '{{name}} umbenennen',
    renameShort: 'Umbenennen',
    renameTitle: 'Anzeigename der Gruppe',
    renameDescription: 'So heißt die Gruppe im Portal, etwa beim Teilen. Leer lassen, um den Namen aus dem Identitätsprovider ({{id}}) zu zeigen.',
    renameLabel: 'Anzeigename',
    save: 'Speichern',
    tooLong: 'Höchstens {{max}} Zeichen.',
    renamed: 'Die Gruppe heißt jetzt „{{name}}“.',
  },
};

const en: typeof de = {
  GROUPS: {
    title: 'Groups',
    description:
      "The groups from your company's identity provider. Employees share conversations, agents, apps, prompts and collections with them. A member is anyone who signed in with the group.",
    loading: 'Loading the groups',
    failed: 'The groups could not be loaded',
    retry: 'Try again',
    emptyTitle: 'No groups yet',
    emptyText: 'A group appears once one of its members signs in.',
    caption: 'Groups with their member count and last sign-in',
    name: 'Name',
    members: 'Members',
    lastSeen: 'Last signed in',
    actions: 'Actions',
    fromProvider: 'In the identity provider: {{id}}',
    rename: 'Rename {{name}}',
    renameShort: 'Rename',
    renameTitle: "The group's display name",
    renameDescription: "What the group is called in the portal, for example when sharing. Leave it empty to show the identity provider's name ({{id}}).",
    renameLabel: 'Display name',
    save: 'Save',
    tooLong: 'At most {{max}} characters.',
    renamed: 'The group is now called “{{name}}”.',
  },
};

export function addGroupsTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
