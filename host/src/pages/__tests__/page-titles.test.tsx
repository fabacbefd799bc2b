import { defaultConfig } from '@assistant/contracts';
import { createApiClients, setApiClients, useConfigStore, useGatingStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { addShellTexts } from '../../app/shell-i18n';
import { AccessibilityPage } from '../accessibility/accessibility-page';
import { CustomizationPage } from '../customization/customization-page';
import { NotFoundPage } from '../not-found-page';

// The shell's own pages name themselves in both languages: the h1 and the document title
// "<page> – <application name>" (the browser suite walks the routes in one language only).
const settings = { feature_flags: { enableChat: true, enableCustomization: true }, feature_set: 'BETA', customization: defaultConfig(false).customization };
const server = setupServer(
  http.get('*/api/admin/settings', () => HttpResponse.json(settings)),
  http.get('*/api/admin/mcp-servers', () => HttpResponse.json({ servers: [] })),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  addShellTexts();
});
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  useConfigStore.setState({ config: defaultConfig(false) });
  useGatingStore.setState({ flags: settings.feature_flags, featureSet: 'BETA', status: 'loaded' });
});

const PAGES: Array<[string, () => ReactElement, { de: string; en: string }]> = [
  ['/accessibility', () => <AccessibilityPage />, { de: 'Erklärung zur Barrierefreiheit', en: 'Accessibility statement' }],
  ['/customization', () => <CustomizationPage />, { de: 'Anpassung', en: 'Customization' }],
  ['/no-such-page', () => <NotFoundPage />, { de: 'Seite nicht gefunden', en: 'Page not found' }],
];

describe.each(['de', 'en'] as const)('the shell pages in %s', (language) => {
  it.each(PAGES)('%s names itself in the h1 and the document title', async (route, page, titles) => {
    renderWithProviders(page(), { language, route });
    const title = titles[language];
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} – Assistant`));
    // The not-found page says its heading once.
    if (route === '/no-such-page') expect(screen.getAllByRole('heading', { name: title })).toHaveLength(1);
  });
});
