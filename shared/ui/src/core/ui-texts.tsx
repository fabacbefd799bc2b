import { createContext, useContext, type ReactNode } from 'react';

/**
 * The few texts the components bring along (close buttons, skip link, loading label ...). The ui
 * package has no i18n of its own: the host passes its translations once through UiTextsProvider,
 * and any component prop overrides them.
 */
export interface UiTexts {
  /** The language these texts are in: components with words of their own (the share dialog) pick theirs by it. */
  language: 'de' | 'en';
  skipToMain: string;
  toggleSidebar: string;
  close: string;
  loading: string;
  notifications: string;
  retry: string;
  cancel: string;
  confirm: string;
  /** Text of a field's character count, e.g. "12 of 200 characters". */
  characterCount: (count: number, max?: number) => string;
  /** Markdown: the copy button of a code block, its state after copying, its region's name. */
  copyCode: string;
  codeCopied: string;
  copyFailed: string;
  codeBlock: (language: string | undefined) => string;
  /** Markdown: name of a table's scrollable region. */
  table: string;
  /** Markdown: stands in for an image, which is never loaded (model output is untrusted). */
  image: (alt: string) => string;
}

export const UI_TEXTS_DE: UiTexts = {
  language: 'de',
  skipToMain: 'Zum Hauptinhalt springen',
  toggleSidebar: 'Navigation',
  close: 'Schließen',
  loading: 'Wird geladen …',
  notifications: 'Benachrichtigungen',
  retry: 'Erneut versuchen',
  cancel: 'Abbrechen',
  confirm: 'Bestätigen',
  characterCount: (count, max) => (max === undefined ? `${count} Zeichen` : `${count} von ${max} Zeichen`),
  copyCode: 'Code kopieren',
  codeCopied: 'Kopiert',
  copyFailed: 'Kopieren nicht möglich',
  codeBlock: (language) => (language ? `Code (${language})` : 'Code'),
  table: 'Tabelle',
  image: (alt) => (alt ? `Bild: ${alt}` : 'Bild'),
};

export const UI_TEXTS_EN: UiTexts = {
  language: 'en',
  skipToMain: 'Skip to main content',
  toggleSidebar: 'Navigation',
  close: 'Close',
  loading: 'Loading …',
  notifications: 'Notifications',
  retry: 'Try again',
  cancel: 'Cancel',
  confirm: 'Confirm',
  characterCount: (count, max) => (max === undefined ? `${count} characters` : `${count} of ${max} characters`),
  copyCode: 'Copy code',
  codeCopied: 'Copied',
  copyFailed: 'Copying is not possible',
  codeBlock: (language) => (language ? `Code (${language})` : 'Code'),
  table: 'Table',
  image: (alt) => (alt ? `Image: ${alt}` : 'Image'),
};

// German is the product's default interface language (SPEC section 1).
const UiTextsContext = createContext<UiTexts>(UI_TEXTS_DE);

export interface UiTextsProviderProps {
  texts: UiTexts;
  children: ReactNode;
}

export function UiTextsProvider({ texts, children }: UiTextsProviderProps) {
  return <UiTextsContext.Provider value={texts}>{children}</UiTextsContext.Provider>;
}

export function useUiTexts(): UiTexts {
  return useContext(UiTextsContext);
}
