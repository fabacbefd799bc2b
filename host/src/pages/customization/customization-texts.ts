import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';

/**
 * The customization screen's texts for validation, lock-out, images and feature switches, merged
 * into the shell's namespace under CUSTOMIZATION and FLAG_DESCRIPTIONS (deep merge: the shell's
 * own CUSTOMIZATION texts stay).
 */
const de = {
  CUSTOMIZATION: {
    errorSummary: 'Bitte korrigieren Sie die markierten Felder.',
    errorSummaryOther: 'Der Server hat die Änderung abgelehnt:',
    errors: {
      application_name: 'Geben Sie einen Namen ein (höchstens {{max}} Zeichen).',
      company_name: 'Der Firmenname darf höchstens {{max}} Zeichen lang sein.',
      color: 'Geben Sie eine CSS-Farbe ein, zum Beispiel #1d4ed8 oder rgb(29 78 216).',
      support_email: 'Geben Sie eine E-Mail-Adresse ein, zum Beispiel hilfe@example.org.',
      link: 'Geben Sie einen Link ein, der mit https:// beginnt.',
      font_family: 'Geben Sie eine Schriftart ein.',
      font_size: 'Geben Sie eine Schriftgröße zwischen 16 und 64 ein.',
      image: 'Wählen Sie eine PNG- oder SVG-Datei bis {{kb}} KB.',
    },
    primaryColorPicker: 'Primärfarbe auswählen',
    logo: 'Logo',
    favicon: 'Favicon (Symbol im Browser-Tab)',
    imageHint: 'PNG oder SVG, höchstens {{kb}} KB. SVG-Dateien werden beim Speichern bereinigt (ohne Skripte und externe Verweise).',
    imagePreview: 'Vorschau: {{name}}',
    imageRemove: '{{label}} entfernen',
    imageNone: 'Keine Datei ausgewählt.',
    lockoutTitle: 'Anpassung für alle Administratoren ausschalten?',
    lockoutMessage:
      'Nach dem Speichern ist diese Seite für niemanden mehr erreichbar. Zurück bekommen Sie sie nur über die Schnittstelle (PATCH /api/admin/settings mit enableCustomization: true und Feature-Set BETA), die Seed-Datei (SETTINGS_SEED_FILE, nachdem die Zeilen in app_settings gelöscht wurden) oder direkt in der Datenbank. Siehe docs/configuration.md.',
    lockoutConfirm: 'Trotzdem speichern',
    unavailableTitle: 'Noch nicht verfügbar',
    unavailableIntro: 'Für diese Schalter gibt es im Portal noch keine Funktion; sie werden angeboten, sobald es sie gibt:',
    featureSetHint: 'Die Anpassungsseite gibt es nur im Feature-Set BETA.',
  },
  FLAG_DESCRIPTIONS: {
    enableHomepage: 'Zeigt die Startseite mit den Anwendungen.',
    enableChat: 'Zeigt den Chat mit dem Sprachmodell in der Navigation.',
    enableTranslate: 'Zeigt die Übersetzung von Texten und Dokumenten.',
    enableLocalChatHistory: 'Chats werden nur in diesem Browser gespeichert statt auf dem Server.',
    enableCollections: 'Zeigt Sammlungen: Dokumente hochladen und durchsuchen (ab Feature-Set 251000).',
    enableCustomization: 'Zeigt Administratoren diese Seite. Ausgeschaltet ist sie nur über Schnittstelle, Seed-Datei oder Datenbank zurückzubekommen.',
  },
};

const en: typeof de = {
  CUSTOMIZATION: {
    errorSummary: 'Please correct the marked fields.',
    errorSummaryOther: 'The server refused the change:',
    errors: {
      application_name: 'Enter a name (at most {{max}} characters).',
      company_name: 'The company name may be at most {{max}} characters long.',
      color: 'Enter a CSS colour, for example #1d4ed8 or rgb(29 78 216).',
      support_email: 'Enter an email address, for example help@example.org.',
      link: 'Enter a link starting with https://.',
      font_family: 'Enter a font family.',
      font_size: 'Enter a font size between 16 and 64.',
      image: 'Choose a PNG or SVG file of at most {{kb}} KB.',
    },
    primaryColorPicker: 'Pick the primary colour',
    logo: 'Logo',
    favicon: 'Favicon (icon in the browser tab)',
    imageHint: 'PNG or SVG, at most {{kb}} KB. SVG files are cleaned when saved (no scripts or external references).',
    imagePreview: 'Preview: {{name}}',
    imageRemove: 'Remove {{label}}',
    imageNone: 'No file chosen.',
    lockoutTitle: 'Switch off customization for every administrator?',
    lockoutMessage:
      'After saving, nobody can open this page any more. You only get it back through the API (PATCH /api/admin/settings with enableCustomization: true and feature set BETA), the seed file (SETTINGS_SEED_FILE, after deleting the rows in app_settings) or directly in the database. See docs/configuration.md.',
    lockoutConfirm: 'Save anyway',
    unavailableTitle: 'Not available yet',
    unavailableIntro: 'These switches have no feature in the portal yet; they are offered once it exists:',
    featureSetHint: 'The customization page exists only in feature set BETA.',
  },
  FLAG_DESCRIPTIONS: {
    enableHomepage: 'Shows the start page with the applications.',
    enableChat: 'Shows the chat with the language model in the navigation.',
    enableTranslate: 'Shows translation of texts and documents.',
    enableLocalChatHistory: 'Chats are kept only in this browser instead of on the server.',
    enableCollections: 'Shows collections: upload and search documents (from feature set 251000).',
    enableCustomization: 'Shows administrators this page. Once off, it only comes back through the API, the seed file or the database.',
  },
};

/** Adds the texts (again: harmless); called by the page when it mounts, before it renders. */
export function addCustomizationTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
