import { defaultConfig, type Customization } from '@assistant/contracts';
import { i18n, setAuth, useConfigStore, useGatingStore, usePermissionsStore, useWorkspaceStore, type Auth } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { ShellContext } from '../../app/shell-context';
import { addShellTexts } from '../../app/shell-i18n';
import { useGetStartedStore } from '../../get-started/get-started-store';
import { UserMenu } from '../user-menu';

const user = { expired: false, expires_at: Math.floor(Date.now() / 1000) + 3600, profile: { name: 'Erika Employee', email: 'erika@example.com' } };

function fakeAuth() {
  return {
    getUser: jest.fn().mockResolvedValue(user),
    on: () => () => undefined,
    signOut: jest.fn().mockResolvedValue(undefined),
  } as unknown as Auth & { signOut: jest.Mock };
}

function renderMenu(customization: Partial<Customization> = {}, language: 'de' | 'en' = 'en') {
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, ...customization } } });
  const auth = fakeAuth();
  setAuth(auth);
  // The permissions as loaded at start-up: none beyond signing in (developer mode is not offered).
  usePermissionsStore.setState({ status: 'loaded', granted: new Set() as never });
  renderWithProviders(
    <ShellContext.Provider value={{ auth, remotes: [], navigation: [], isAdmin: false }}>
      <header>
        <button type="button">before</button>
        <UserMenu />
        <button type="button">after</button>
      </header>
    </ShellContext.Provider>,
    { language },
  );
  return auth;
}

const menuButton = () => screen.getByRole('button', { name: /User menu of Erika Employee|Benutzermenü von Erika Employee/ });

describe('user menu', () => {
  beforeAll(() => addShellTexts());
  // axe asks a canvas about icon ligatures; jsdom has none.
  beforeEach(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
  afterEach(() => jest.restoreAllMocks());
  afterEach(() => {
    setAuth(null);
    useGetStartedStore.setState({ reopened: false });
  });

  it('is a menu button: closed at first, opens on click on its first item, Escape closes it and focus goes back', async () => {
    renderMenu();
    const button = await waitFor(menuButton);
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button.querySelector('.user-menu__avatar')).toHaveAttribute('data-initials', 'EE');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    expect(within(menu).getByText('Signed in as Erika Employee')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves with the arrow keys, Home, End and a letter, wrapping around; Tab and a click outside close it', async () => {
    renderMenu({ help_center_link: 'https://help.example.com', documentation_link: 'https://docs.example.com' });
    const button = await waitFor(menuButton);
    button.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    await userEvent.keyboard('p');
    expect(screen.getByRole('menuitem', { name: 'Privacy policy' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Get started' })).toHaveFocus();

    await userEvent.tab();
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'before' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('switches the interface language, marking the current one checked', async () => {
    renderMenu();
    await userEvent.click(await waitFor(menuButton));
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(useWorkspaceStore.getState().locale).toBe('de');
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(menuButton());
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitem', { name: 'Datenschutzerklärung' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Erste Schritte' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'API-Referenz' })).toHaveAttribute('href', '/developer/api');
    act(() => useWorkspaceStore.getState().setLocale('en'));
  });

  it('switches the theme (system, light, dark), marking the current one checked', async () => {
    renderMenu();
    await userEvent.click(await waitFor(menuButton));
    const group = screen.getByRole('group', { name: 'Appearance' });
    expect(within(group).getByRole('menuitemradio', { name: 'System setting' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(group).getByRole('menuitemradio', { name: 'Dark' }));
    expect(useWorkspaceStore.getState().theme).toBe('dark');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton()).toHaveFocus();
    await userEvent.click(menuButton());
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'System setting' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'System setting' }));
    expect(useWorkspaceStore.getState().theme).toBe('system');
  });

  it('links the privacy policy and the configured help links only, and reopens the guided start', async () => {
    renderMenu({ help_center_link: 'https://help.example.com/', documentation_link: null });
    await userEvent.click(await waitFor(menuButton));
    expect(screen.getByRole('menuitem', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('menuitem', { name: 'API reference' })).toHaveAttribute('href', '/developer/api');
    expect(screen.getByRole('menuitem', { name: 'Usage and data' })).toHaveAttribute('href', '/usage');
    const help = screen.getByRole('menuitem', { name: 'Help center (opens in a new tab)' });
    expect(help).toHaveAttribute('href', 'https://help.example.com/');
    expect(help).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('menuitem', { name: /Documentation/ })).toBeNull();

    await userEvent.click(screen.getByRole('menuitem', { name: 'Get started' }));
    expect(useGetStartedStore.getState().reopened).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('links the memory page beside "Usage and data" while the company has memory on', async () => {
    useGatingStore.setState({ flags: { enableMemory: true } });
    renderMenu();
    await userEvent.click(await waitFor(menuButton));
    expect(screen.getByRole('menuitem', { name: 'Memory' })).toHaveAttribute('href', '/memory');
    // Switched off by an administrator: gone with the next flags the shell loads.
    act(() => useGatingStore.setState({ flags: {} }));
    expect(screen.queryByRole('menuitem', { name: 'Memory' })).toBeNull();
  });

  it('offers no "Get started" when administrators switched the guided start off', async () => {
    renderMenu({ get_started_enabled: false });
    await userEvent.click(await waitFor(menuButton));
    expect(screen.queryByRole('menuitem', { name: 'Get started' })).toBeNull();
  });

  it('signs out', async () => {
    const auth = renderMenu({}, 'de');
    await userEvent.click(await waitFor(menuButton));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Abmelden' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations, open and closed', async () => {
    const container = document.body;
    renderMenu();
    await waitFor(menuButton);
    expect((await axe.run(container)).violations).toEqual([]);
    await userEvent.click(menuButton());
    expect((await axe.run(container)).violations).toEqual([]);
  });
});
