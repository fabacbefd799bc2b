import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';

/**
 * The governance page's frame texts (title, tabs), merged into the shell's namespace under
 * GOVERNANCE when the page loads. Each tab's own texts come with the tab's chunk.
 */
const de = {
  GOVERNANCE: {
    title: 'Steuerung',
    description: 'Nutzung und Budgets, Aufbewahrung, Protokoll und Bewertungen des Portals.',
    tabsLabel: 'Bereiche der Steuerung',
    loading: 'Wird geladen',
    tabs: {
      usage: 'Nutzung',
      budgets: 'Budgets',
      retention: 'Aufbewahrung',
      audit: 'Protokoll',
      ratings: 'Bewertungen',
    },
  },
};

const en: typeof de = {
  GOVERNANCE: {
    title: 'Governance',
    description: "The portal's usage and budgets, retention, audit log and answer ratings.",
    tabsLabel: 'Governance areas',
    loading: 'Loading',
    tabs: {
      usage: 'Usage',
      budgets: 'Budgets',
      retention: 'Retention',
      audit: 'Audit log',
      ratings: 'Answer ratings',
    },
  },
};

export function addGovernanceTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
