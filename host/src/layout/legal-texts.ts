import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/**
 * The texts of the user menu's entries, the footer, the privacy notice's link and the privacy
 * policy page, merged into the shell's namespace by each of them as it loads (they are chunks
 * loaded after start-up, so these texts are not in the shell's locale files).
 */
const de = {
  USER_MENU: {
    label: 'Benutzermenü',
    getStarted: 'Erste Schritte',
    privacyPolicy: 'Datenschutzerklärung',
    usage: 'Nutzung und Daten',
    memory: 'Erinnerungen',
    helpCenter: 'Hilfe-Center',
    documentation: 'Dokumentation',
    newTab: 'öffnet in neuem Tab',
  },
  THEME: {
    label: 'Darstellung',
    system: 'Systemeinstellung',
    light: 'Hell',
    dark: 'Dunkel',
  },
  FOOTER: {
    label: 'Rechtliches und Kontakt',
    imprint: 'Impressum',
    email: 'Support: {{email}}',
    phone: 'Telefon: {{phone}}',
  },
  PRIVACY: {
    policyLink: 'Datenschutzerklärung lesen',
  },
  PRIVACY_POLICY: {
    title: 'Datenschutzerklärung',
    links: 'Weitere Informationen',
    contact: 'Kontakt',
  },
};

const en: typeof de = {
  USER_MENU: {
    label: 'User menu',
    getStarted: 'Get started',
    privacyPolicy: 'Privacy policy',
    usage: 'Usage and data',
    memory: 'Memory',
    helpCenter: 'Help center',
    documentation: 'Documentation',
    newTab: 'opens in a new tab',
  },
  THEME: {
    label: 'Appearance',
    system: 'System setting',
    light: 'Light',
    dark: 'Dark',
  },
  FOOTER: {
    label: 'Legal and contact',
    imprint: 'Imprint',
    email: 'Support: {{email}}',
    phone: 'Phone: {{phone}}',
  },
  PRIVACY: {
    policyLink: 'Read the privacy policy',
  },
  PRIVACY_POLICY: {
    title: 'Privacy policy',
    links: 'More information',
    contact: 'Contact',
  },
};

export function addLegalTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
