import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/**
 * The words of the "shared with you" bell and list, merged into the shell's namespace when their
 * chunk loads (after the first paint: not in the shell's locale files).
 */
const de = {
  SHARED_WITH_ME: {
    open: 'Mit Ihnen geteilt',
    openNew: 'Mit Ihnen geteilt, {{count}} neu',
    title: 'Mit Ihnen geteilt',
    empty: 'Noch hat niemand etwas mit Ihnen geteilt.',
    failed: 'Die Liste konnte nicht geladen werden.',
    retry: 'Erneut versuchen',
    loading: 'Wird geladen …',
    new: 'Neu',
    byUser: 'von {{name}}',
    byGroup: 'von {{name}} für {{group}}',
    byCompany: 'von {{name}} für das ganze Unternehmen',
    canEdit: 'Sie können es bearbeiten',
    kind: {
      conversation: 'Gespräch',
      agent: 'Agent',
      custom_app: 'App',
      collection: 'Sammlung',
      prompt: 'Prompt',
      project: 'Projekt',
    },
  },
};

const en: typeof de = {
  SHARED_WITH_ME: {
    open: 'Shared with you',
    openNew: 'Shared with you, {{count}} new',
    title: 'Shared with you',
    empty: 'Nobody has shared anything with you yet.',
    failed: 'The list could not be loaded.',
    retry: 'Try again',
    loading: 'Loading …',
    new: 'New',
    byUser: 'by {{name}}',
    byGroup: 'by {{name}} for {{group}}',
    byCompany: 'by {{name}} for the whole company',
    canEdit: 'You can edit it',
    kind: {
      conversation: 'Conversation',
      agent: 'Agent',
      custom_app: 'App',
      collection: 'Collection',
      prompt: 'Prompt',
      project: 'Project',
    },
  },
};

export function addSharedWithMeTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
