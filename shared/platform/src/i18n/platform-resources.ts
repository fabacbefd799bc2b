import { errorMessages } from '../notifications/error-messages';

/**
 * The platform's own namespace: the keys the platform's stores put into notifications and the
 * confirm label. Remotes and the host add their own namespaces with addNamespace().
 */
export const PLATFORM_NAMESPACE = 'platform';

export const platformResources = {
  de: {
    CONFIG: {
      error: 'Die Konfiguration konnte nicht geladen werden. Es werden Standardwerte verwendet.',
      'refresh-page': 'Seite neu laden',
    },
    SNACKBAR: {
      'got-it': 'Verstanden',
      close: 'Schließen',
    },
    QA_NOTIFICATIONS: {
      'load-collections-failed': 'Die Sammlungen und Sprachmodelle konnten nicht geladen werden.',
    },
    TRANSLATION_NOTIFICATIONS: {
      'translation-model-unavailable': 'Derzeit ist kein Übersetzungsmodell verfügbar.',
    },
    /** The error-message map (notifications/error-messages.ts), also reachable as t('ERRORS.<key>'). */
    ERRORS: errorMessages.de,
  },
  en: {
    CONFIG: {
      error: 'The configuration could not be loaded. Default values are used.',
      'refresh-page': 'Reload page',
    },
    SNACKBAR: {
      'got-it': 'Got it',
      close: 'Close',
    },
    QA_NOTIFICATIONS: {
      'load-collections-failed': 'The collections and language models could not be loaded.',
    },
    TRANSLATION_NOTIFICATIONS: {
      'translation-model-unavailable': 'No translation model is available at the moment.',
    },
    ERRORS: errorMessages.en,
  },
} as const;
