import { usePermissionsStore, useWorkspaceStore } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connection, handlers, libraryBackend, libraryServer, notificationTexts, renderLibraries, resetLibrariesState } from './libraries-kit';

const server = libraryServer();

async function openConnectDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Connect a document library' }));
  return screen.findByRole('dialog', { name: 'Connect a document library' });
}

/** A field of the dialog by the start of its label (the label ends with the required mark). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), { selector: 'input' });

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(dialog, label));
    await user.type(field(dialog, label), value);
  }
}

const GOOD = {
  Name: 'Team Nextcloud',
  'WebDAV address': 'https://cloud.example.com/remote.php/dav/files/anna/',
  'User name': 'anna',
  'App password': 'abcde-fghij-klmno',
};

describe('connecting a document library', () => {
  it('offers to connect until the user says "Not now", which is remembered in the workspace', async () => {
    const user = userEvent.setup();
    await renderLibraries();
    expect(await screen.findByText('Bring your documents in from where they already are')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(useWorkspaceStore.getState().documentLibrary).toEqual({ connected: false, promptDismissed: true });
    expect(screen.queryByText('Bring your documents in from where they already are')).not.toBeInTheDocument();
    // The plain way to connect stays, with the empty list's words.
    expect(screen.getByRole('button', { name: 'Connect a document library' })).toBeInTheDocument();
    expect(screen.getByText('No document library connected')).toBeInTheDocument();
  });

  it('says what is wrong with each field, in the interface language, before anything is sent', async () => {
    const user = userEvent.setup();
    await renderLibraries('/collections/personal', 'de');
    const dialog = await (async () => {
      await user.click(await screen.findByRole('button', { name: 'Dokumentablage verbinden' }));
      return screen.getByRole('dialog', { name: 'Dokumentablage verbinden' });
    })();
    await user.click(within(dialog).getByRole('button', { name: 'Verbinden' }));
    const name = field(dialog, 'Name');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Bitte füllen Sie dieses Feld aus.'));
    expect(name).toHaveFocus();
    const url = field(dialog, 'WebDAV-Adresse');
    await user.type(url, 'cloud.example.com');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Bitte geben Sie eine Webadresse ein'));
    await user.clear(url);
    await user.type(url, 'https://anna:secret@cloud.example.com/dav/');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Bitte lassen Sie Benutzername und Passwort aus der Adresse weg'));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(libraryBackend.requests).toEqual([]);
  });

  it('connects, remembers that a library is connected and goes on to choosing folders', async () => {
    const user = userEvent.setup();
    await renderLibraries();
    const dialog = await openConnectDialog(user);
    // Where Nextcloud shows the address and makes app passwords.
    expect(field(dialog, 'WebDAV address')).toHaveAccessibleDescription(
      expect.stringContaining('“Files settings” at the bottom left'),
    );
    expect(field(dialog, 'App password')).toHaveAccessibleDescription(
      expect.stringContaining('Settings → Security → Devices & sessions'),
    );
    await fill(user, dialog, GOOD);
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));

    expect(await screen.findByRole('dialog', { name: 'Choose folders from Team Nextcloud' })).toBeInTheDocument();
    expect(libraryBackend.requests[0]).toEqual({
      method: 'POST',
      path: '/api/libraries',
      body: { kind: 'webdav', name: 'Team Nextcloud', url: GOOD['WebDAV address'], username: 'anna', app_password: 'abcde-fghij-klmno', scope: 'personal' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Team Nextcloud' })).toBeInTheDocument();
    await waitFor(() => expect(useWorkspaceStore.getState().documentLibrary.connected).toBe(true));
  });

  it('shows a refused address at its field and a refused sign-in above the buttons, keeping everything typed', async () => {
    const user = userEvent.setup();
    await renderLibraries();
    const dialog = await openConnectDialog(user);
    await fill(user, dialog, GOOD);

    libraryBackend.connectAnswer = 'refused-host';
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    const url = field(dialog, 'WebDAV address');
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(
        expect.stringContaining('The portal may not connect to this address. Administrators decide which library servers are allowed. (Invalid body: url: cloud.internal is not an allowed library host)'),
      ),
    );
    expect(url).toHaveFocus();

    libraryBackend.connectAnswer = 'wrong-password';
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The library refused the sign-in. Please check the address, the user name and the app password. (The library answered 401 Unauthorized)',
    );
    expect(url).not.toHaveAttribute('aria-invalid');
    for (const [label, value] of Object.entries(GOOD)) {
      expect(field(dialog, label)).toHaveValue(value);
    }
    expect(libraryBackend.libraries).toEqual([]);
  });

  it('lists the connections of a tab with their kind and state', async () => {
    libraryBackend.libraries = [connection({ name: 'My cloud' }), connection({ name: 'Company SharePoint', kind: 'microsoft', scope: 'company', state: 'failed', problem: 'The sign-in expired.' })];
    await renderLibraries();
    const list = await screen.findByRole('list', { name: 'Document libraries' });
    expect(within(list).getByRole('link', { name: 'My cloud' })).toHaveAttribute('href', `/collections/libraries/${libraryBackend.libraries[0]!.id}`);
    expect(within(list).getByText('Connected')).toBeInTheDocument();
    expect(useWorkspaceStore.getState().documentLibrary.connected).toBe(true);
  });

  it('shows company libraries to administrators with their problem, and nothing to employees', async () => {
    libraryBackend.libraries = [connection({ name: 'Company SharePoint', kind: 'microsoft', scope: 'company', state: 'failed', problem: 'The sign-in expired.' })];
    server.use(...handlers(['AdministrateAssistant']));
    const { unmount } = await renderLibraries('/collections/company');
    const list = await screen.findByRole('list', { name: 'Document libraries' });
    expect(within(list).getByText('Microsoft 365')).toBeInTheDocument();
    expect(within(list).getByText('Connection failed')).toBeInTheDocument();
    expect(within(list).getByText('The sign-in expired.')).toBeInTheDocument();
    unmount();

    resetLibrariesState();
    server.resetHandlers();
    await renderLibraries('/collections/company');
    await waitFor(() => expect(usePermissionsStore.getState().status).toBe('loaded'));
    expect(screen.queryByRole('heading', { name: 'Document libraries' })).not.toBeInTheDocument();
  });

  describe('Microsoft 365', () => {
    /** A popup window the test drives: the browser's window.open answers it (or nothing: blocked). */
    function popupWindow(blocked = false) {
      const popup = { closed: false, location: { href: 'about:blank' }, close: jest.fn(() => void (popup.closed = true)) };
      const open = jest.spyOn(window, 'open').mockImplementation(() => (blocked ? null : (popup as unknown as Window)));
      /** The popup back on /oauth/callback, handing code and state to this window. */
      const returnWith = (params: Record<string, string>) =>
        window.dispatchEvent(Object.assign(new Event('message'), { data: { type: 'oauth-callback', params }, source: popup, origin: window.location.origin }));
      return { popup, open, returnWith };
    }
    afterEach(() => jest.restoreAllMocks());

    it('is offered only when the server can connect it', async () => {
      const user = userEvent.setup();
      await renderLibraries();
      const dialog = await openConnectDialog(user);
      expect(within(dialog).queryByRole('group', { name: 'Kind of library' })).not.toBeInTheDocument();
      expect(within(dialog).getByText('WebDAV: Nextcloud, ownCloud or any WebDAV server')).toBeInTheDocument();
    });

    it('signs in with Microsoft in a popup, then goes on to choosing folders', async () => {
      const user = userEvent.setup();
      libraryBackend.microsoftAvailable = true;
      const { popup, open, returnWith } = popupWindow();
      await renderLibraries();
      const dialog = await openConnectDialog(user);
      const kinds = within(dialog).getByRole('group', { name: 'Kind of library' });
      expect(within(kinds).getByRole('radio', { name: /Nextcloud or WebDAV/ })).toBeChecked();
      await fill(user, dialog, { Name: 'SharePoint Sales' });
      await user.click(within(kinds).getByRole('radio', { name: /Microsoft 365/ }));
      // Only the name: the account comes from the sign-in. What was typed stays.
      expect(within(dialog).queryByLabelText(/^User name/)).not.toBeInTheDocument();
      expect(field(dialog, 'Name')).toHaveValue('SharePoint Sales');
      await user.click(within(dialog).getByRole('button', { name: 'Sign in with Microsoft' }));
      expect(open).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(popup.location.href).toBe('https://login.example/authorize?client_id=portal'));
      returnWith({ code: 'the-code', state: 'state-1' });

      expect(await screen.findByRole('dialog', { name: 'Choose folders from SharePoint Sales' })).toBeInTheDocument();
      expect(popup.close).toHaveBeenCalled();
      expect(libraryBackend.requests.map((request) => [request.path, request.body])).toEqual([
        ['/api/libraries/microsoft/authorize', { name: 'SharePoint Sales', scope: 'personal', redirect_uri: `${window.location.origin}/oauth/callback` }],
        ['/api/libraries/microsoft/complete', { code: 'the-code', state: 'state-1' }],
      ]);
    });

    it('says when the browser blocked the sign-in window, keeping the name', async () => {
      const user = userEvent.setup();
      libraryBackend.microsoftAvailable = true;
      popupWindow(true);
      await renderLibraries();
      const dialog = await openConnectDialog(user);
      await user.click(within(dialog).getByRole('radio', { name: /Microsoft 365/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Sign in with Microsoft' }));
      expect(field(dialog, 'Name')).toHaveAccessibleDescription(expect.stringContaining('Please fill in this field.'));
      await fill(user, dialog, { Name: 'SharePoint Sales' });
      await user.click(within(dialog).getByRole('button', { name: 'Sign in with Microsoft' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'The browser blocked the sign-in window. Please allow pop-ups for this portal and try again.',
      );
      expect(field(dialog, 'Name')).toHaveValue('SharePoint Sales');
      expect(libraryBackend.requests).toEqual([]);
    });

    it('signs an expired connection in again from its page', async () => {
      const user = userEvent.setup();
      const { returnWith } = popupWindow();
      const expired = connection({ kind: 'microsoft', name: 'OneDrive', state: 'needs-sign-in', problem: 'The sign-in expired. Please sign in again.' });
      libraryBackend.libraries = [expired];
      await renderLibraries(`/collections/libraries/${expired.id}`);
      expect(await screen.findByText('The sign-in expired. Please sign in again.')).toBeInTheDocument();
      expect(screen.getByText('Signed out')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sign in again' }));
      await waitFor(() => expect(libraryBackend.requests).toHaveLength(1));
      returnWith({ code: 'the-code', state: 'state-1' });
      expect(await screen.findByText('Connected')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sign in again' })).not.toBeInTheDocument();
      expect(notificationTexts()).toEqual(['success: “OneDrive” is signed in again; its folders sync again.']);
      expect(libraryBackend.requests[0]!.body).toEqual({ name: 'OneDrive', scope: 'personal', redirect_uri: `${window.location.origin}/oauth/callback` });
    });
  });
});
