import { defaultConfig, type RemoteRegistryEntry } from '@assistant/contracts';
import { createApiClients, setApiClients, setAuth, useConfigStore, useGatingStore, usePermissionsStore, type Auth } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from '@assistant/routing';
import { ShellContext } from '../../app/shell-context';
import { addShellTexts } from '../../app/shell-i18n';
import { buildNavigation } from '../../navigation/build-navigation';
import { AccessibilityPage } from '../../pages/accessibility/accessibility-page';
import { ShellLayout } from '../shell-layout';

// The phone drawer of the shell in both languages: its button, the navigation's name, a link that
// shows its page with the drawer closed (the drawer's behaviour itself: shared/ui app-layout tests;
// in a real browser: tests/e2e/shell-phone.test.ts in one language).
const collections: RemoteRegistryEntry = {
  name: 'collections',
  manifestUrl: '/c/mf-manifest.json',
  routeBase: '/collections',
  featureFlag: 'enableCollections',
  navigation: { labelKey: 'NAVIGATION.collections', icon: 'collections', order: 30 },
};
const flags = { enableCollections: true };
const remotes = [collections];
const navigation = buildNavigation({ flags, isFeatureAvailable: () => true, remotes });

const server = setupServer(http.get('*/api/shared-with-me*', () => HttpResponse.json({ items: [], unseen: 0 })));
const original = window.matchMedia;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  addShellTexts();
});
afterAll(() => {
  server.close();
  setApiClients(null);
  setAuth(null);
});
beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: query === '(max-width: 48rem)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, get_started_enabled: false } } });
  useGatingStore.setState({ flags, featureSet: 'BETA', status: 'loaded' });
  usePermissionsStore.setState({ status: 'loaded', granted: new Set() as never });
});
afterEach(() => {
  window.matchMedia = original;
});

const WORDS = {
  de: { toggle: 'Navigation ein- oder ausblenden', nav: 'Hauptnavigation', collections: 'Sammlungen', page: 'Erklärung zur Barrierefreiheit' },
  en: { toggle: 'Show or hide navigation', nav: 'Main navigation', collections: 'Collections', page: 'Accessibility statement' },
} as const;

describe.each(['de', 'en'] as const)('the shell on a phone in %s', (language) => {
  const words = WORDS[language];

  it('opens the drawer with its button, and a followed link shows its page with the drawer closed', async () => {
    const auth = { getUser: jest.fn().mockResolvedValue(null), on: () => () => undefined, signOut: jest.fn() } as unknown as Auth;
    setAuth(auth);
    const user = userEvent.setup();
    renderWithProviders(
      <ShellContext.Provider value={{ auth, remotes, navigation, isAdmin: false }}>
        <Routes>
          <Route path="/" element={<ShellLayout />}>
            <Route path="accessibility" element={<AccessibilityPage />} />
            <Route path="collections" element={<h1>{words.collections}</h1>} />
          </Route>
        </Routes>
      </ShellContext.Provider>,
      { language, route: '/accessibility' },
    );
    await screen.findByRole('heading', { level: 1, name: words.page });
    const toggle = screen.getByRole('button', { name: words.toggle });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: words.nav })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('navigation', { name: words.nav })).toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: words.collections }));
    expect(await screen.findByRole('heading', { level: 1, name: words.collections })).toBeInTheDocument();
    // Closed again: the drawer is hidden, out of the accessibility tree.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: words.nav })).not.toBeInTheDocument());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
