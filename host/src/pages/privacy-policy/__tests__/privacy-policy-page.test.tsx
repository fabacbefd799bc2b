import { defaultConfig, type Customization } from '@assistant/contracts';
import { useConfigStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { addShellTexts } from '../../../app/shell-i18n';
import { PrivacyPolicyPage } from '../privacy-policy-page';

function renderPage(customization: Partial<Customization>, language: 'de' | 'en') {
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, ...customization } } });
  return renderWithProviders(
    <main>
      <PrivacyPolicyPage />
    </main>,
    { language },
  );
}

const EMPTY = { de: { text: '', links: [] }, en: { text: '  ', links: [] } };

describe('privacy policy page', () => {
  beforeAll(() => addShellTexts());
  // axe asks a canvas about icon ligatures; jsdom has none.
  beforeEach(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['de', 'Datenschutzerklärung', 'Dies ist ein Testsystem. Bitte geben Sie keine personenbezogenen Daten ein.', 'Bei Fragen wenden Sie sich bitte an Ihren IT-Support.'],
    ['en', 'Privacy policy', 'This is a test system. Please do not enter any personal data.', 'If you have questions, please contact your IT support.'],
  ] as const)('shows the default texts where none are set (%s)', async (language, title, notice, contact) => {
    renderPage({ privacy_policy_notice: EMPTY, support_email: null, support_phone: null }, language);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toMatch(new RegExp(`^${title} – `));
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(screen.getByText(contact)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect((await axe.run(document.body)).violations).toEqual([]);
  });

  it.each([
    ['de', 'Wir verarbeiten Ihre Eingaben nur im Rechenzentrum der Firma.', 'Richtlinie (PDF)', 'https://example.com/de.pdf', 'Impressum'],
    ['en', 'We process your input in the company data centre only.', 'Policy (PDF)', 'https://example.com/en.pdf', 'Imprint'],
  ] as const)('shows the customization in the interface language: paragraphs, links, contacts, imprint (%s)', async (language, text, label, url, imprint) => {
    renderPage(
      {
        privacy_policy_notice: {
          de: { text: 'Wir verarbeiten Ihre Eingaben nur im Rechenzentrum der Firma.\n\nZweiter Absatz.', links: [{ label: 'Richtlinie (PDF)', url: 'https://example.com/de.pdf' }] },
          en: { text: 'We process your input in the company data centre only.\n\nSecond paragraph.', links: [{ label: 'Policy (PDF)', url: 'https://example.com/en.pdf' }] },
        },
        support_email: 'privacy@example.com',
        support_phone: '+49 (30) 1234-5',
        imprint_link: 'https://example.com/imprint',
      },
      language,
    );
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(language === 'de' ? 'Zweiter Absatz.' : 'Second paragraph.').tagName).toBe('P');
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', url);
    expect(screen.getByRole('link', { name: /privacy@example.com/ })).toHaveAttribute('href', 'mailto:privacy@example.com');
    expect(screen.getByRole('link', { name: /\+49 \(30\) 1234-5/ })).toHaveAttribute('href', 'tel:+493012345');
    expect(screen.getByRole('link', { name: imprint })).toHaveAttribute('href', 'https://example.com/imprint');
    expect(screen.queryByText(/IT support|IT-Support/)).toBeNull();
    expect((await axe.run(document.body)).violations).toEqual([]);
  });
});
