import { defaultConfig } from '@assistant/contracts';
import { createApiClients, setApiClients, setAuth, useConfigStore, useGatingStore, usePermissionsStore, useWorkspaceStore, type Auth } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from '@assistant/routing';
import { ShellContext } from '../../app/shell-context';
import { addShellTexts } from '../../app/shell-i18n';
import { AccessibilityPage } from '../../pages/accessibility/accessibility-page';
import { ShellLayout } from '../shell-layout';

// The shell's keyboard shortcuts: the list (? outside text fields, Ctrl+/) in a dialog, the side
// panel shown and hidden (Ctrl+Shift+S), and the same list in the accessibility statement.
// The keys themselves: shared/platform/src/shortcuts/__tests__.

const server = setupServer(http.get('*/api/shared-with-me*', () => HttpResponse.json({ items: [], unseen: 0 })));
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
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, get_started_enabled: false } } });
  useGatingStore.setState({ flags: {}, featureSet: 'BETA', status: 'loaded' });
  usePermissionsStore.setState({ status: 'loaded', granted: new Set() as never });
  useWorkspaceStore.setState({ sidebarOpen: true, privacyNoticeShown: true });
});

/** The keys a table lists for an action, as written ("Ctrl+Shift+O"). */
function keysOf(region: HTMLElement, action: string): string | null | undefined {
  return within(region).getByRole('rowheader', { name: action }).closest('tr')?.querySelector('td')?.textContent;
}

function renderShell(language: 'de' | 'en') {
  const auth = { getUser: jest.fn().mockResolvedValue(null), on: () => () => undefined, signOut: jest.fn() } as unknown as Auth;
  setAuth(auth);
  return renderWithProviders(
    <ShellContext.Provider value={{ auth, remotes: [], navigation: [], isAdmin: false }}>
      <Routes>
        <Route path="/" element={<ShellLayout />}>
          <Route path="accessibility" element={<AccessibilityPage />} />
          <Route path="form" element={<input aria-label="Note" />} />
        </Route>
      </Routes>
    </ShellContext.Provider>,
    { language, route: language === 'en' ? '/form' : '/accessibility' },
  );
}

describe('the shell’s keyboard shortcuts', () => {
  it('opens the list with ? and Ctrl+/, not with ? typed into a field, and shows and hides the side panel with Ctrl+Shift+S', async () => {
    const user = userEvent.setup();
    renderShell('en');
    const field = await screen.findByRole('textbox', { name: 'Note' });
    const toggle = screen.getByRole('button', { name: 'Show or hide navigation' });
    // The shortcuts are registered once their chunk is there (the first paint does not wait for it).
    await user.type(field, 'Why?');
    expect(field).toHaveValue('Why?');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => {
      await user.keyboard('{Control>}/{/Control}');
      expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const anywhere = within(dialog).getByRole('region', { name: 'Anywhere in the portal' });
    expect(keysOf(anywhere, 'Show this list of keyboard shortcuts')).toBe('? or Ctrl+/');
    const chat = within(dialog).getByRole('region', { name: 'In the chat' });
    expect(within(chat).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Start a new chat',
      'Go to the message box',
      'Stop the answer being written (in the conversation)',
      'Copy the last answer',
      'Search the conversations',
    ]);
    expect(keysOf(chat, 'Start a new chat')).toBe('Ctrl+Shift+O');
    expect(keysOf(chat, 'Go to the message box')).toBe('Shift+Esc');
    expect(keysOf(chat, 'Search the conversations')).toBe('Ctrl+Shift+F');
    // Ctrl+K is the canvas's: no shortcut of the portal takes it.
    expect(within(dialog).queryByText('K')).toBeNull();
    // Nothing else runs while the list is open; Escape closes it.
    await user.keyboard('{Control>}{Shift>}S{/Shift}{/Control}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('{Control>}{Shift>}S{/Shift}{/Control}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(useWorkspaceStore.getState().sidebarOpen).toBe(false);
    await user.keyboard('{Control>}{Shift>}S{/Shift}{/Control}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // ? is typed into a text field, not taken.
    await user.type(field, ' Really?');
    expect(field).toHaveValue('Why? Really?');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(document.body);
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('lists the shortcuts in the accessibility statement, in German', async () => {
    renderShell('de');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tastenkombinationen' })).toBeInTheDocument();
    const chat = screen.getByRole('region', { name: 'Im Chat' });
    expect(keysOf(chat, 'Neuen Chat beginnen')).toBe('Strg+Umschalt+O');
    expect(keysOf(chat, 'Letzte Antwort kopieren')).toBe('Strg+Umschalt+C');
    expect(keysOf(screen.getByRole('region', { name: 'Überall im Portal' }), 'Seitenleiste ein- oder ausblenden')).toBe('Strg+Umschalt+S');
  });
});
