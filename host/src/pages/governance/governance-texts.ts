import type { UsageFeature } from '@assistant/contracts';
import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';

/**
 * The governance page's frame texts (title, tabs), merged into the shell's namespace under
 * GOVERNANCE when the page loads. Each tab's own texts come with the tab's chunk.
 */
const de = {
  GOVERNANCE: {
    title: 'Verwaltung',
    description: 'Nutzung und Budgets, Aufbewahrung, Protokoll und Bewertungen des Portals.',
    tabsLabel: 'Bereiche der Verwaltung',
    loading: 'Wird geladen',
    /** The periods of the usage and ratings filters (USAGE_PERIODS), for every tab. */
    period: 'Zeitraum',
    periods: {
      this_month: 'Dieser Monat',
      last_month: 'Letzter Monat',
      last_30_days: 'Letzte 30 Tage',
      last_90_days: 'Letzte 90 Tage',
      custom: 'Eigener Zeitraum',
    },
    from: 'Von',
    to: 'Bis',
    tabs: {
      usage: 'Nutzung',
      budgets: 'Budgets',
      retention: 'Aufbewahrung',
      audit: 'Protokoll',
      ratings: 'Bewertungen',
    },
    /** The features of usage and ratings (USAGE_FEATURES), for every tab. */
    features: {
      chat: 'Chat',
      qa: 'Fragen an Dokumente',
      research: 'Recherche',
      tools: 'Werkzeuge',
      agents: 'Agenten',
      apps: 'Apps',
      translation: 'Übersetzung',
      easy_language: 'Einfache Sprache',
      summarize: 'Zusammenfassen',
      generate: 'Texte erstellen',
      canvas: 'Canvas',
      agent_builder: 'Agenten-Assistent',
      sources: 'Quellen',
      transcription: 'Transkription',
    } satisfies Record<UsageFeature, string>,
  },
};

const en: typeof de = {
  GOVERNANCE: {
    title: 'Governance',
    description: "The portal's usage and budgets, retention, audit log and answer ratings.",
    tabsLabel: 'Governance areas',
    loading: 'Loading',
    period: 'Period',
    periods: {
      this_month: 'This month',
      last_month: 'Last month',
      last_30_days: 'Last 30 days',
      last_90_days: 'Last 90 days',
      custom: 'Custom period',
    },
    from: 'From',
    to: 'To',
    tabs: {
      usage: 'Usage',
      budgets: 'Budgets',
      retention: 'Retention',
      audit: 'Audit log',
      ratings: 'Answer ratings',
    },
    features: {
      chat: 'Chat',
      qa: 'Questions over documents',
      research: 'Research',
      tools: 'Tools',
      agents: 'Agents',
      apps: 'Apps',
      translation: 'Translation',
      easy_language: 'Easy language',
      summarize: 'Summarize',
      generate: 'Generate text',
      canvas: 'Canvas',
      agent_builder: 'Agent builder',
      sources: 'Sources',
      transcription: 'Transcription',
    },
  },
};

export function addGovernanceTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
