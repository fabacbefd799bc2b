import { defaultConfig } from '@assistant/contracts';
import {
  ApiRequestError,
  notifyError,
  persistKey,
  setAuth,
  setPersistenceUser,
  useConfigStore,
  useDeveloperModeStore,
  useNotificationsStore,
  usePermissionsStore,
  type Auth,
} from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShellContext } from '../../app/shell-context';
import { addShellTexts } from '../../app/shell-i18n';
import { UserMenu } from '../../layout/user-menu';
import { NotificationsHost } from '../../notifications/notifications-host';

const user = { expired: false, expires_at: Math.floor(Date.now() / 1000) + 3600, profile: { name: 'Dana Developer' } };

function renderShellParts(language: 'de' | 'en' = 'en') {
  useConfigStore.setState({ config: defaultConfig(false) });
  const auth = { getUser: jest.fn().mockResolvedValue(user), on: () => () => undefined, signOut: jest.fn() } as unknown as Auth;
  setAuth(auth);
  renderWithProviders(
    <ShellContext.Provider value={{ auth, remotes: [], navigation: [], isAdmin: false }}>
      <UserMenu />
      <NotificationsHost />
    </ShellContext.Provider>,
    { language },
  );
}

const allow = (granted: string[]) => act(() => usePermissionsStore.setState({ status: 'loaded', granted: new Set(granted) as never }));
const openMenu = async () => userEvent.click(await screen.findByRole('button', { name: /Dana Developer/ }));

describe('developer mode switch', () => {
  beforeAll(() => addShellTexts());
  beforeEach(async () => {
    await act(() => setPersistenceUser('dana'));
  });
  afterEach(async () => {
    setAuth(null);
    useNotificationsStore.getState().clear();
    await act(() => setPersistenceUser(null));
    localStorage.clear();
  });

  it('is a checkbox in the user menu for users who may use it, kept per user', async () => {
    renderShellParts();
    allow(['DeveloperMode']);
    await openMenu();
    const item = screen.getByRole('menuitemcheckbox', { name: 'Developer mode' });
    expect(item).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(item);
    expect(useDeveloperModeStore.getState().enabled).toBe(true);
    expect(JSON.parse(localStorage.getItem(persistKey('developer-mode', 'dana'))!).state).toEqual({ enabled: true });
    await openMenu();
    expect(screen.getByRole('menuitemcheckbox', { name: 'Developer mode' })).toHaveAttribute('aria-checked', 'true');

    // Another user starts with it off.
    await act(() => setPersistenceUser('someone-else'));
    expect(useDeveloperModeStore.getState().enabled).toBe(false);
  });

  it('is not offered where administrators restricted it to others', async () => {
    renderShellParts('de');
    allow(['AdministrateAssistant']);
    await userEvent.click(await screen.findByRole('button', { name: /Dana Developer/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Entwicklermodus' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it('shows a failed call’s request id, copyable, in error notifications only while developer mode is on', async () => {
    renderShellParts();
    allow(['DeveloperMode']);
    const failure = new ApiRequestError('500 Internal server error (GET /api/x)', { status: 500, requestId: '6f1c2d9e-0b8a-4c51-9e3b-2a7d5f4c1e00' });
    act(() => void notifyError(failure));
    const first = await screen.findByRole('alert');
    expect(within(first).queryByText(/Request ID/)).toBeNull();
    act(() => useNotificationsStore.getState().clear());

    act(() => useDeveloperModeStore.getState().setEnabled(true));
    act(() => void notifyError(failure));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('6f1c2d9e-0b8a-4c51-9e3b-2a7d5f4c1e00')).toBeInTheDocument();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(alert).getByRole('button', { name: 'Copy request ID' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('6f1c2d9e-0b8a-4c51-9e3b-2a7d5f4c1e00'));
  });
});
