import { defaultConfig } from '@assistant/contracts';
import { createApiClients, setApiClients, setAuth, useConfigStore, useGatingStore, usePermissionsStore, type Auth } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from '@assistant/routing';
import { ShellContext } from '../../app/shell-context';
import { addShellTexts } from '../../app/shell-i18n';
import { ShellLayout } from '../shell-layout';

// The administrators' governance entry among the navigation's further pages (the page itself:
// pages/governance/__tests__).
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
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, get_started_enabled: false } } });
  useGatingStore.setState({ flags: {}, featureSet: 'BETA', status: 'loaded' });
  usePermissionsStore.setState({ status: 'loaded', granted: new Set() as never });
});
afterEach(() => {
  window.matchMedia = original;
});

function renderShell(isAdmin: boolean, language: 'de' | 'en') {
  const auth = { getUser: jest.fn().mockResolvedValue(null), on: () => () => undefined, signOut: jest.fn() } as unknown as Auth;
  setAuth(auth);
  renderWithProviders(
    <ShellContext.Provider value={{ auth, remotes: [], navigation: [], isAdmin }}>
      <Routes>
        <Route path="/" element={<ShellLayout />}>
          <Route path="start" element={<h1>Start</h1>} />
        </Route>
      </Routes>
    </ShellContext.Provider>,
    { language, route: '/start' },
  );
}

describe('the governance entry of the navigation', () => {
  it.each([
    ['de', 'Weitere Seiten', 'Verwaltung'],
    ['en', 'More pages', 'Governance'],
  ] as const)('leads an administrator to /governance (%s)', async (language, more, label) => {
    renderShell(true, language);
    await screen.findByRole('heading', { level: 1, name: 'Start' });
    expect(within(screen.getByRole('navigation', { name: more })).getByRole('link', { name: label })).toHaveAttribute('href', '/governance');
  });

  it('is not there for anyone else', async () => {
    renderShell(false, 'en');
    await screen.findByRole('heading', { level: 1, name: 'Start' });
    expect(screen.queryByRole('link', { name: 'Governance' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'More pages' })).toBeInTheDocument();
  });
});
