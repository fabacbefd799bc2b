import { useWorkspaceStore } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { apiError, connection, libraryBackend, libraryServer, notificationTexts, renderLibraries } from './libraries-kit';

const server = libraryServer();

async function openDisconnect(user: ReturnType<typeof userEvent.setup>) {
  const library = connection();
  libraryBackend.libraries = [library];
  await renderLibraries(`/collections/libraries/${library.id}`);
  await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
  return { library, dialog: screen.getByRole('alertdialog', { name: 'Disconnect “Team Nextcloud”?' }) };
}

describe('disconnecting a library', () => {
  it('asks whether to keep the imported documents (keeping is the default) and starts on Cancel', async () => {
    const user = userEvent.setup();
    const { library, dialog } = await openDisconnect(user);
    expect(dialog).toHaveAccessibleDescription('The stored sign-in is deleted and its folders are no longer synced.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const group = within(dialog).getByRole('group', { name: 'The documents imported from it' });
    expect(within(group).getByRole('radio', { name: /Keep them/ })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await screen.findByRole('heading', { level: 2, name: 'Personal collections' });
    expect(libraryBackend.requests).toEqual([{ method: 'DELETE', path: `/api/libraries/${library.id}?documents=keep` }]);
    expect(notificationTexts()).toEqual(['success: “Team Nextcloud” disconnected. Its documents stay in your collections.']);
    await waitFor(() => expect(useWorkspaceStore.getState().documentLibrary.connected).toBe(false));
  });

  it('removes the imported documents when asked to', async () => {
    const user = userEvent.setup();
    const { library, dialog } = await openDisconnect(user);
    await user.click(within(dialog).getByRole('radio', { name: /Remove them/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await screen.findByRole('heading', { level: 2, name: 'Personal collections' });
    expect(libraryBackend.requests).toEqual([{ method: 'DELETE', path: `/api/libraries/${library.id}?documents=remove` }]);
    expect(notificationTexts()).toEqual(['success: “Team Nextcloud” disconnected and its documents removed.']);
  });

  it('stays open with the choice and the reason when disconnecting fails', async () => {
    const user = userEvent.setup();
    server.use(http.delete('*/api/libraries/:id', () => apiError(500, 'internal', 'Database unavailable')));
    // An unexpected failure is logged for the developer too.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dialog } = await openDisconnect(user);
    await user.click(within(dialog).getByRole('radio', { name: /Remove them/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Remove them/ })).toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: 'Team Nextcloud' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
