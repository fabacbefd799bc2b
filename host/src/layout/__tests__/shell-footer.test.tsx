import { defaultConfig, type Customization } from '@assistant/contracts';
import { useConfigStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { addShellTexts } from '../../app/shell-i18n';
import { ShellFooter } from '../shell-footer';
import { telHref } from '../support-contacts';

function renderFooter(customization: Partial<Customization>, language: 'de' | 'en' = 'en') {
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, ...customization } } });
  return renderWithProviders(
    <footer>
      <ShellFooter />
    </footer>,
    { language },
  );
}

const links = () =>
  within(screen.getByRole('navigation', { name: /Legal and contact|Rechtliches und Kontakt/ }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('shell footer', () => {
  beforeAll(() => addShellTexts());
  // axe asks a canvas about icon ligatures; jsdom has none.
  beforeEach(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
  afterEach(() => jest.restoreAllMocks());

  it('links the privacy policy only when nothing else is configured', () => {
    renderFooter({ imprint_link: null, documentation_link: undefined, help_center_link: null, support_email: null, support_phone: null });
    expect(links()).toEqual([['Privacy policy', '/privacy-policy']]);
  });

  it('shows every configured link and contact: external ones in a new tab, email as mailto:, phone as tel:', async () => {
    renderFooter(
      {
        imprint_link: 'https://example.com/imprint',
        documentation_link: 'https://docs.example.com/',
        help_center_link: 'https://help.example.com/',
        support_email: 'it@example.com',
        support_phone: '+49 30 123 45',
      },
      'de',
    );
    expect(links()).toEqual([
      ['Datenschutzerklärung', '/privacy-policy'],
      ['Impressum (öffnet in neuem Tab)', 'https://example.com/imprint'],
      ['Dokumentation (öffnet in neuem Tab)', 'https://docs.example.com/'],
      ['Hilfe-Center (öffnet in neuem Tab)', 'https://help.example.com/'],
      ['Support: it@example.com', 'mailto:it@example.com'],
      ['Telefon: +49 30 123 45', 'tel:+493012345'],
    ]);
    expect(screen.getByRole('link', { name: /Impressum/ })).toHaveAttribute('rel', 'noopener noreferrer');
    expect((await axe.run(document.body)).violations).toEqual([]);
  });

  it('leaves out an unset one among set ones', () => {
    renderFooter({ imprint_link: 'https://example.com/imprint', support_phone: '030 1234' });
    expect(links()).toEqual([
      ['Privacy policy', '/privacy-policy'],
      ['Imprint (opens in a new tab)', 'https://example.com/imprint'],
      ['Phone: 030 1234', 'tel:0301234'],
    ]);
  });

  it('writes a phone number as a tel: link wants it', () => {
    expect(telHref('+49 (0)30 / 123-45')).toBe('tel:+4903012345');
    expect(telHref('0800 123 456 ext. 7')).toBe('tel:08001234567');
    expect(telHref('+1 +2')).toBe('tel:+12');
  });
});
