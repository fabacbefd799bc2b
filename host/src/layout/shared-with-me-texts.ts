import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/**
 * The words of the "shared with you" list, merged into the shell's namespace when the list's
 * chunk loads (the header itself carries only the bell's name, in the shell's locale files).
 */
const de = {
  SHARED_WITH_ME: {
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
    },
  },
};

const en: typeof de = {
  SHARED_WITH_ME: {
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
    },
  },
};

export function addSharedWithMeTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
