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
    SESSION: {
      expired:
        'Ihre Sitzung ist abgelaufen und konnte nicht verlängert werden: Der Anmeldedienst ist nicht erreichbar. Ihre Eingaben bleiben erhalten.',
      'sign-in-again': 'Erneut anmelden',
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
    SESSION: {
      expired: 'Your session has expired and could not be renewed: the sign-in service cannot be reached. What you typed is kept.',
      'sign-in-again': 'Sign in again',
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
