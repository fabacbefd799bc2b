import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { apiError, collection, connection, libraryBackend, libraryServer, notificationTexts, renderLibraries } from './libraries-kit';

const server = libraryServer();

async function openFolderBrowser(user: ReturnType<typeof userEvent.setup>) {
  const library = connection();
  libraryBackend.libraries = [library];
  await renderLibraries(`/collections/libraries/${library.id}`);
  await screen.findByRole('heading', { level: 3, name: 'No folder synced yet' });
  await user.click(screen.getAllByRole('button', { name: 'Choose folders' })[0]!);
  return { library, dialog: screen.getByRole('dialog', { name: 'Choose folders from Team Nextcloud' }) };
}

describe('choosing the folders to sync', () => {
  it('browses with breadcrumbs, chooses folders on several levels and binds them to a new collection', async () => {
    const user = userEvent.setup();
    const { library, dialog } = await openFolderBrowser(user);
    const root = await within(dialog).findByRole('list', { name: 'Folders in Team Nextcloud' });
    expect(within(root).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Handbooks',
      'Contracts',
    ]);
    expect(within(dialog).getByText('One file directly in this folder.')).toBeInTheDocument();
    await user.click(within(root).getByRole('checkbox', { name: 'Contracts' }));

    await user.click(within(root).getByRole('button', { name: 'Open folder Handbooks' }));
    const crumbs = within(dialog).getByRole('navigation', { name: 'Folder path' });
    const here = within(crumbs).getByText('Handbooks');
    expect(here).toHaveAttribute('aria-current', 'location');
    expect(here).toHaveFocus();
    const inside = await within(dialog).findByRole('list', { name: 'Folders in Handbooks' });
    await user.click(within(inside).getByRole('checkbox', { name: 'HR' }));
    await user.click(within(inside).getByRole('checkbox', { name: 'IT' }));
    await user.click(within(inside).getByRole('checkbox', { name: 'IT' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Sync all of “Handbooks”' })).not.toBeChecked();
    expect(within(dialog).getByText('2 folders chosen: /Contracts, /Handbooks/HR')).toBeInTheDocument();

    // Back to the root: what was chosen there is still chosen.
    await user.click(within(crumbs).getByRole('button', { name: 'Team Nextcloud' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Contracts' })).toBeChecked();

    // No collection of its own yet: a new one, named here.
    expect(within(dialog).getByRole('combobox', { name: /Collection/ })).toHaveValue('new');
    await user.click(within(dialog).getByRole('button', { name: 'Start syncing' }));
    const name = within(dialog).getByRole('textbox', { name: /Name of the new collection/ });
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Please give the collection a name.');
    await user.type(name, 'Cloud documents');
    await user.click(within(dialog).getByRole('button', { name: 'Start syncing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const made = libraryBackend.collections[0]!;
    expect(libraryBackend.requests).toEqual([
      { method: 'POST', path: '/api/collections', body: { name: 'Cloud documents', scope: 'personal' } },
      {
        method: 'POST',
        path: `/api/libraries/${library.id}/bindings`,
        body: { collection_id: made.id, folders: [{ id: '/Contracts/', path: '/Contracts' }, { id: '/Handbooks/HR/', path: '/Handbooks/HR' }] },
      },
    ]);
    expect(notificationTexts()).toEqual(['success: Syncing 2 folders into “Cloud documents” started.']);
    // The new bindings appear and sync to the end.
    const list = await screen.findByRole('list', { name: 'Synced folders' });
    await waitFor(() => expect(within(list).getAllByText('Up to date')).toHaveLength(2));
  });

  it('asks for a folder and a collection before sending, and keeps the choice when the server refuses', async () => {
    const user = userEvent.setup();
    libraryBackend.collections = [collection({ name: 'Handbooks' }), collection({ name: 'Read only', can_manage: false })];
    const { dialog } = await openFolderBrowser(user);
    await within(dialog).findByRole('list', { name: 'Folders in Team Nextcloud' });
    const target = within(dialog).getByRole('combobox', { name: /Collection/ });
    // Only collections the user manages are offered.
    expect(within(target).getAllByRole('option').map((option) => option.textContent)).toEqual(['Please choose', 'Handbooks', 'New collection …']);

    await user.click(within(dialog).getByRole('button', { name: 'Start syncing' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose at least one folder.');
    expect(target).toHaveAccessibleDescription(expect.stringContaining('Please choose the collection the folders feed.'));
    expect(target).toHaveFocus();
    expect(libraryBackend.requests).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Handbooks' }));
    await user.selectOptions(target, 'Handbooks');
    libraryBackend.bindAnswer = 'conflict';
    await user.click(within(dialog).getByRole('button', { name: 'Start syncing' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('One of these folders is synced already.');
    expect(within(dialog).getByRole('checkbox', { name: 'Handbooks' })).toBeChecked();
    expect(target).toHaveDisplayValue('Handbooks');
  });

  it('says so when the library cannot list its folders, and tries again', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/libraries/:id/folders', () => apiError(502, 'upstream_failed', 'The library answered with something that is not WebDAV'), { once: true }));
    const { dialog } = await openFolderBrowser(user);
    expect(await within(dialog).findByRole('heading', { name: 'The folders could not be loaded' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The library did not answer as expected. Please try again later; if it keeps failing, connect it again. (The library answered with something that is not WebDAV)',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('list', { name: 'Folders in Team Nextcloud' })).toBeInTheDocument();
  });
});
