import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/**
 * The guided start's texts, merged into the shell's namespace under GET_STARTED when its chunk
 * loads: they travel with the guided start, not with the shell's start-up. An area of the
 * navigation gets its line under `offers`, keyed like its label (`NAVIGATION.chat`: `chat`).
 */
const de = {
  GET_STARTED: {
    title: 'Erste Schritte mit {{name}}',
    progress: 'Schritt {{step}} von {{count}}',
    skip: 'Überspringen',
    skipAll: 'Erste Schritte überspringen',
    back: 'Zurück',
    next: 'Weiter',
    finish: 'Fertig',
    offersTitle: 'Das bietet Ihnen {{name}}',
    offersIntro: 'Diese Bereiche stehen Ihnen zur Verfügung:',
    offersNone: 'Ihre Administration hat noch keine Bereiche für Sie freigeschaltet.',
    offers: {
      apps: 'Alle Werkzeuge auf einer Startseite, Ihre Favoriten zuerst.',
      chat: 'Fragen stellen, Texte entwerfen lassen und Dokumente auswerten.',
      agents: 'Eigene Assistenten mit festen Anweisungen und eigenem Wissen anlegen.',
      translate: 'Texte und Dokumente übersetzen.',
      collections: 'Dokumente sammeln und durchsuchen; der Assistent antwortet mit ihren Quellen.',
      summarize: 'Lange Texte und Dokumente zusammenfassen.',
      generate: 'Texte nach Ihren Vorgaben erzeugen.',
      transcribe: 'Audioaufnahmen in Text umwandeln.',
      customApps: 'Eigene Apps aus Vorlagen bauen und teilen.',
    },
    privacyTitle: 'Datenschutz',
    languageTitle: 'Sprache der Oberfläche',
    languageIntro: 'In welcher Sprache soll die Oberfläche erscheinen? Sie können das später im Benutzermenü ändern.',
    startTitle: 'Los geht’s',
    startIntro: 'Womit möchten Sie anfangen? Die ersten Schritte öffnen Sie jederzeit wieder über das Benutzermenü.',
    ask: 'Erste Frage stellen',
    upload: 'Dokument hochladen',
  },
};

const en: typeof de = {
  GET_STARTED: {
    title: 'Get started with {{name}}',
    progress: 'Step {{step}} of {{count}}',
    skip: 'Skip',
    skipAll: 'Skip getting started',
    back: 'Back',
    next: 'Next',
    finish: 'Done',
    offersTitle: 'What {{name}} offers you',
    offersIntro: 'These areas are available to you:',
    offersNone: 'Your administrators have not switched on any areas for you yet.',
    offers: {
      apps: 'All tools on one start page, your favourites first.',
      chat: 'Ask questions, have texts drafted and documents analysed.',
      agents: 'Create your own assistants with fixed instructions and their own knowledge.',
      translate: 'Translate texts and documents.',
      collections: 'Collect and search documents; the assistant answers with their sources.',
      summarize: 'Summarize long texts and documents.',
      generate: 'Generate texts to your instructions.',
      transcribe: 'Turn audio recordings into text.',
      customApps: 'Build your own apps from templates and share them.',
    },
    privacyTitle: 'Privacy',
    languageTitle: 'Interface language',
    languageIntro: 'Which language should the interface use? You can change it later in the user menu.',
    startTitle: 'Off you go',
    startIntro: 'What would you like to start with? You can open getting started again at any time from the user menu.',
    ask: 'Ask your first question',
    upload: 'Upload a document',
  },
};

export function addGetStartedTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
